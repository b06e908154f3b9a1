// The page in a real browser (Debian's Chromium, headless, driven by
// Playwright), step by step as a user takes them, found by the names a
// screen reader reads. Answers are checked against the `eight` binary's
// (EIGHT, set by test.sh) on the same boards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve } from './serve.mjs';
import { chromium } from 'playwright-core';

const EIGHT = process.env.EIGHT ?? 'eight';
let server, browser, page;

/// The binary's output for `input` with `args`, trimmed.
function eight(args, input = '') {
  return execFileSync(EIGHT, args, { input, encoding: 'utf8', stdio: 'pipe' }).trim();
}

before(async () => {
  server = await serve(new URL('../dist/', import.meta.url));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/// A fresh page, ready for input.
async function open() {
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => assert.fail(`page error: ${error.message}`));
  await page.goto(`${server.url}index.html`);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

const button = (name) => page.getByRole('button', { name, exact: true });

/// The board on screen, as the grid's cells are named: tiles, 0 the blank.
async function board() {
  const names = await page.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
  return names.map((name) => (name === 'blank' ? 0 : Number(name)));
}

async function setBoard(text, size = '3') {
  await page.getByLabel('Size').selectOption(size);
  await page.getByLabel('Board', { exact: true }).fill(text);
  await button('Set').click();
}

/// The answer shown after Solve.
async function solve() {
  await button('Solve').click();
  await page.locator('#verdict').filter({ hasText: /\S/ }).waitFor();
  return {
    moves: await page.locator('#answer').textContent(),
    verdict: await page.locator('#verdict').textContent(),
  };
}

/// The hint shown: its letter and the moves it says remain.
async function hint() {
  await page.locator('#hint-text').evaluate((out) => (out.textContent = ''));
  await button('Hint').click();
  const text = await page.locator('#hint-text').filter({ hasText: /\S/ }).textContent();
  const [, letter, togo] = text.match(/\((\w)\): (\d+) moves to go/) ?? [null, '', '0'];
  return { letter, togo: Number(togo), text };
}

const ARROW = { u: 'ArrowUp', d: 'ArrowDown', l: 'ArrowLeft', r: 'ArrowRight' };
const solved = (cells) => Array.from({ length: cells }, (_, i) => (i + 1) % cells);

test('the page is named for a screen reader', async () => {
  await open();
  const grid = page.getByRole('grid', { name: 'Puzzle' });
  assert.equal(await grid.getByRole('row').count(), 3);
  const names = await grid.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
  assert.deepEqual(names, ['1', '2', '3', '4', '5', '6', '7', '8', 'blank']);
  for (const name of ['Solve', 'Play', 'Step', 'Back', 'Hint', 'Scramble', 'Set', 'Compare']) {
    assert.equal(await button(name).count(), 1, name);
  }
  assert.equal(await page.getByRole('textbox', { name: 'Board', exact: true }).count(), 1);
  await page.close();
});

test('typed boards of every size are solved as the command line solves them', async () => {
  await open();
  const boards = [
    ['3', '2 3 4 1 5 x 7 6 8', []],
    ['3', '8 6 7\n2 5 4\n3 x 1', []],
    ['3', '123456x78', []],
    ['3', '1,2,3,4,5,6,7,8,0', []],
    ['2', '3 1\n0 2', ['--size', '2x2']],
    ['4', '1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15', ['--size', '4x4']],
    ['4', '5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12', ['--size', '4x4']],
    ['5', '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24', ['--size', '5x5']],
    ['5', '6 1 2 3 4 11 7 8 9 5 0 12 13 14 10 16 17 18 19 15 21 22 23 24 20', ['--size', '5x5']],
  ];
  for (const [size, text, args] of boards) {
    await setBoard(text, size);
    const shown = await solve();
    assert.equal(shown.moves, eight(args, text.replaceAll('\n', ' ') + '\n'), text);
    const fewest = size === '5' ? /not the fewest/ : /the fewest/;
    assert.match(shown.verdict, fewest, text);
  }
  await page.close();
});

test('an unsolvable board says so by parity', async () => {
  await open();
  await setBoard('2 1 3 4 5 6 7 8 x');
  assert.equal(eight([], '2 1 3 4 5 6 7 8 x\n'), 'unsolvable');
  const shown = await solve();
  assert.match(shown.verdict, /^Unsolvable: by parity/);
  assert.equal(shown.moves, '');
  await page.close();
});

test('a bad board shows the command line message and the board stays', async () => {
  await open();
  await setBoard('8 6 7 2 5 4 3 x 1');
  const before = await board();
  for (const [text, message] of [
    ['1 2 3 4 5 6 7 8 8', "tile '8' appears twice"],
    ['1 2 3 4 5 6 7 8', 'expected 9 tiles, found 8'],
  ]) {
    await page.getByLabel('Board', { exact: true }).fill(text);
    await button('Set').click();
    assert.equal(await page.getByRole('status').textContent(), `Board: ${message}`);
    assert.deepEqual(await board(), before);
    let cli = '';
    try {
      eight([], text + '\n');
    } catch (error) {
      cli = error.stderr.toString();
    }
    assert.ok(cli.includes(message), `the command line says: ${cli}`);
  }
  await page.close();
});

test('a scramble is the board eight gen draws, at that distance', async () => {
  await open();
  await page.getByLabel('Distance').fill('17');
  await button('Scramble').click();
  const status = await page.getByRole('status').textContent();
  const [, seed] = status.match(/--seed (\d+)/);
  const drawn = eight(['gen', '--distance', '17', '--seed', seed]);
  const shown = (await board()).map((t) => (t === 0 ? 'x' : t)).join('');
  assert.equal(shown, drawn.replaceAll(' ', ''));
  const answer = await solve();
  assert.equal(answer.moves.length, 17);
  assert.equal(answer.moves, eight([], drawn + '\n'));
  await page.close();
});

test('play runs the answer to the goal, and step and back walk it', async () => {
  await open();
  await setBoard('2 3 4 1 5 x 7 6 8');
  const start = await board();
  await solve();
  await button('Step').click();
  assert.notDeepEqual(await board(), start);
  await button('Back').click();
  assert.deepEqual(await board(), start);
  await page.getByLabel('Speed').fill('20');
  await button('Play').click();
  await page.waitForFunction(() => document.getElementById('play').textContent === 'Play', null, { timeout: 10_000 });
  assert.deepEqual(await board(), solved(9));
  await page.close();
});

test('arrow keys move the blank, and a click slides a tile', async () => {
  await open();
  await page.getByRole('grid', { name: 'Puzzle' }).focus();
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await board(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  await page.keyboard.press('ArrowUp');
  assert.deepEqual(await board(), [1, 2, 3, 4, 0, 6, 7, 5, 8]);
  await page.keyboard.press('ArrowDown'); // back
  await page.getByRole('gridcell', { name: '8', exact: true }).click();
  assert.deepEqual(await board(), solved(9));
  await page.keyboard.press('ArrowRight'); // off the board: nothing moves
  assert.deepEqual(await board(), solved(9));
  await page.close();
});

test('a hint after a wrong move still leads along a shortest path', async () => {
  await open();
  await setBoard('2 3 4 1 5 x 7 6 8');
  const first = await hint();
  assert.equal(first.togo, 19);
  // One move along the hint, then a wrong one, its undoing: the
  // distance grows by one again.
  const UNDO = { u: 'd', d: 'u', l: 'r', r: 'l' };
  const grid = page.getByRole('grid', { name: 'Puzzle' });
  await grid.focus();
  await page.keyboard.press(ARROW[first.letter]);
  const right = await hint();
  assert.equal(right.togo, first.togo - 1, right.text);
  await grid.focus();
  await page.keyboard.press(ARROW[UNDO[first.letter]]);
  let next = await hint();
  assert.equal(next.togo, right.togo + 1, next.text);
  // Follow the hints to the goal, one move less each time.
  for (let left = next.togo; left > 0; left--) {
    assert.equal(next.togo, left, next.text);
    await page.getByRole('grid', { name: 'Puzzle' }).focus();
    await page.keyboard.press(ARROW[next.letter]);
    next = await hint();
  }
  assert.match(next.text, /^Solved: 0 moves to go/);
  assert.deepEqual(await board(), solved(9));
  await page.close();
});

test('the compare table has a row per algorithm, all with the same moves', async () => {
  await open();
  await setBoard('2 3 4 1 5 x 7 6 8');
  await button('Compare').click();
  const rows = await page.locator('#compare-table tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const names = rows.slice(1).map((row) => row[0]);
  assert.deepEqual(names, ['bfs', 'bibfs', 'table', 'astar', 'idastar']);
  const moves = rows[0].indexOf('moves');
  assert.ok(moves > 0, `header ${rows[0]}`);
  assert.ok(rows.slice(1).every((row) => row[moves] === '19'), JSON.stringify(rows));
  // The figure of the two searches, as eight compare --svg draws it: its
  // description gives the counts, which add up to the table's expanded.
  const expanded = rows[0].indexOf('expanded');
  const bfs = rows.find((row) => row[0] === 'bfs')[expanded];
  const bibfs = rows.find((row) => row[0] === 'bibfs')[expanded];
  assert.match(await page.locator('#depths svg title').textContent(), /19 moves/);
  const desc = await page.locator('#depths svg desc').textContent();
  const [, wide] = desc.match(/Breadth-first search from the start expanded (\d+) states/);
  const [, ahead, back] = desc.match(/expanded (\d+) from the start.*and (\d+) from the goal/);
  assert.equal(wide, bfs, desc);
  assert.equal(String(Number(ahead) + Number(back)), bibfs, desc);
  await page.close();
});

test('every control is reached and used by keyboard alone', async () => {
  await open();
  // Tab forward until the control with this id has the focus.
  const tabTo = async (id) => {
    for (let presses = 0; presses < 30; presses++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement.id) === id) return;
    }
    assert.fail(`Tab never reached #${id}`);
  };
  await tabTo('board-text');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2 3 4 1 5 x 7 6 8');
  await tabTo('set');
  await page.keyboard.press('Enter');
  assert.equal(await page.getByRole('status').textContent(), 'Board set.');
  await tabTo('puzzle');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await tabTo('solve');
  await page.keyboard.press('Enter');
  await page.locator('#verdict').filter({ hasText: /Solved in 19 moves/ }).waitFor();
  await tabTo('step');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#progress').textContent(), '(2 of 19 played)');
  await tabTo('hint');
  await page.keyboard.press('Enter');
  await page.locator('#hint-text').filter({ hasText: /17 moves to go/ }).waitFor();
  await page.close();
});
