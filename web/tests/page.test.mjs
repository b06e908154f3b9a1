// The page in a real browser (Debian's Chromium, headless, driven by
// Playwright), step by step as a user takes them, found by the names a
// screen reader reads. Answers are checked against the `eight` binary's
// (EIGHT, set by test.sh) on the same boards. axe-core's Playwright
// client is held at 4.13: from 4.14 it asks for Node.js 22, and the
// machines have 20.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve } from './serve.mjs';
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

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

/// A fresh page, ready for input, `viewport` in size.
async function open(viewport = { width: 1280, height: 900 }) {
  // A context of its own: axe-core reads the page's frames through it.
  const context = await browser.newContext({ viewport });
  page = await context.newPage();
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
  const [, letter, togo] = text.match(/\((\w)\): (?:at most )?(\d+) moves? to go/) ?? [null, '', '0'];
  return { letter, togo: Number(togo), text };
}

/// Follows the hints from the board on screen to the goal, as a player
/// who clicks Hint and presses the arrow it names, in the page itself (a
/// few hundred moves take a moment there). Returns the moves each hint
/// promised, the moves played, and the last hint's words.
async function followHints() {
  return page.evaluate(async () => {
    const ARROW = { u: 'ArrowUp', d: 'ArrowDown', l: 'ArrowLeft', r: 'ArrowRight' };
    const out = document.getElementById('hint-text');
    const promised = [];
    let played = '';
    for (;;) {
      out.textContent = '';
      document.getElementById('hint').click();
      while (!out.textContent) await new Promise((resolve) => setTimeout(resolve, 5));
      const found = out.textContent.match(/\((\w)\): (?:at most )?(\d+) moves? to go/);
      if (!found || played.length > 5000) return { promised, played, last: out.textContent };
      promised.push(Number(found[2]));
      played += found[1];
      const key = new KeyboardEvent('keydown', { key: ARROW[found[1]], bubbles: true });
      document.getElementById('puzzle').dispatchEvent(key);
    }
  });
}

/// The puzzles `eight gen` prints with `args`, one a line.
const generated = (args) => eight(['gen', ...args]).split('\n');

/// axe-core's violations on the page as it stands.
async function violations() {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
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
  // Each step back undoes one step forward, in turn.
  const walked = [start];
  for (let i = 0; i < 4; i++) {
    await button('Step').click();
    walked.push(await board());
  }
  assert.notDeepEqual(walked[4], start);
  for (let i = 3; i >= 0; i--) {
    await button('Back').click();
    assert.deepEqual(await board(), walked[i], `back to step ${i}`);
  }
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
  // The blank first in its row: the tile before it ends the row above,
  // and a click there moves nothing, nor one two cells away.
  await setBoard('1 2 3 x 4 5 6 7 8');
  const start = await board();
  for (const far of ['3', '5', '8']) {
    await page.getByRole('gridcell', { name: far, exact: true }).click();
    assert.deepEqual(await board(), start, far);
  }
  await page.getByRole('gridcell', { name: '1', exact: true }).click();
  assert.deepEqual(await board(), [0, 2, 3, 1, 4, 5, 6, 7, 8]);
  await page.getByRole('gridcell', { name: '2', exact: true }).click();
  assert.deepEqual(await board(), [2, 0, 3, 1, 4, 5, 6, 7, 8]);
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

/// The rows of the comparison shown: the header's cells, then each row's.
async function compareRows() {
  return page.locator('#compare-table tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
}

/// The totals `eight compare` prints for `board`: its caption's words and
/// a row per algorithm, each cell but the milliseconds.
function compareTotals(board) {
  const lines = eight(['compare'], board + '\n').split('\n');
  const at = lines.findIndex((line) => line.startsWith('totals over'));
  const rows = lines.slice(at + 2).map((line) => line.trim().split(/\s+/).slice(0, -1));
  return { over: lines[at].replace(/:$/, ''), rows };
}

test('the compare table has a row per algorithm, all with the same moves', async () => {
  await open();
  await setBoard('2 3 4 1 5 x 7 6 8');
  await button('Compare').click();
  await page.locator('#depths svg').waitFor();
  const rows = await compareRows();
  const names = rows.slice(1).map((row) => row[0]);
  assert.deepEqual(names, ['bfs', 'bibfs', 'table', 'astar', 'idastar']);
  const moves = rows[0].indexOf('moves');
  assert.ok(moves > 0, `header ${rows[0]}`);
  assert.ok(rows.slice(1).every((row) => row[moves] === '19'), JSON.stringify(rows));
  assert.deepEqual(rows[0], ['algorithm', 'moves', 'expanded', 'generated', 'max frontier', 'ms']);
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

test('the compare rows are the command line\'s totals, on a solvable board and an unsolvable one', async () => {
  await open();
  for (const text of ['8 6 7 2 5 4 3 x 1', '2 1 3 4 5 6 7 8 x']) {
    await setBoard(text);
    await button('Compare').click();
    await page.locator('#compare-table table').waitFor();
    const cli = compareTotals(text);
    const rows = await compareRows();
    // Every cell but the milliseconds, which are the page's own.
    assert.deepEqual(rows.slice(1).map((row) => row.slice(0, -1)), cli.rows, text);
    assert.ok(rows.slice(1).every((row) => /^\d+\.\d{3}$/.test(row.at(-1))), JSON.stringify(rows));
    const caption = await page.locator('#compare-table caption').textContent();
    assert.equal(caption, `eight compare on this board (${cli.over})`, text);
  }
  // Boards the algorithms are not compared on get no table.
  await page.getByLabel('Size').selectOption('2');
  await button('Compare').click();
  assert.equal(await page.locator('#compare-table').textContent(), 'The algorithms are compared on 3x3 boards.');
  assert.equal(await page.locator('#compare-table table').count(), 0);
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
  assert.equal(await page.getByRole('status').textContent(), 'Board set (3x3).');
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

test('hints lead home on 5x5, in at most the moves the first promised', async () => {
  await open();
  for (const board of generated(['--size', '5x5', '-n', '20', '--seed', '11'])) {
    await setBoard(board, '5');
    const walk = await followHints();
    assert.match(walk.last, /^Solved: 0 moves to go/, board);
    assert.deepEqual(await board25(), solved(25), board);
    // Each hint promises one move fewer than the last, down to the goal.
    const first = walk.promised[0];
    assert.deepEqual(walk.promised, Array.from({ length: first }, (_, i) => first - i), board);
    assert.equal(walk.played.length, first, board);
    assert.ok(!/lr|rl|ud|du/.test(walk.played), `${board}: ${walk.played}`);
  }
  await page.close();
});

/// The 5x5 board on screen.
const board25 = board;

test('hints lead home on 4x4 along the first shortest answer', async () => {
  await open();
  for (const board of generated(['--size', '4x4', '-n', '20', '--seed', '11'])) {
    await setBoard(board, '4');
    const walk = await followHints();
    assert.match(walk.last, /^Solved: 0 moves to go/, board);
    assert.equal(walk.played, eight(['--size', '4x4'], board + '\n'), board);
    assert.equal(walk.promised[0], walk.played.length, board);
  }
  await page.close();
});

test('a hard 4x4 search runs off the page thread, shows its progress, and cancels', async () => {
  await open();
  await page.evaluate(() => {
    window.longestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longestTask = Math.max(window.longestTask, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    // How long each click on Cancel waited for the page to answer it.
    window.clickWaits = [];
    document.getElementById('cancel').addEventListener('click', (event) => {
      window.clickWaits.push(performance.now() - event.timeStamp);
    });
  });
  const hard = '15 12 9 13 3 11 10 14 4 7 2 5 8 6 1 0';
  await setBoard(hard, '4');
  const before = await board();
  await button('Solve').click();
  const work = page.locator('#work-text');
  await work.filter({ hasText: /^Building the 4x4 tables: table \d of 3, \d+%/ }).waitFor();
  await work.filter({ hasText: /^Searching: [\d,]+ nodes so far, up to \d+ moves/ }).waitFor();
  // The page answers while the worker searches: the board still moves
  // by hand elsewhere, here the text box takes typing.
  await page.getByLabel('Distance').fill('12');
  assert.equal(await page.getByLabel('Distance').inputValue(), '12');
  await button('Cancel').click();
  assert.equal(await page.getByRole('status').textContent(), 'Cancelled: the board is as it was.');
  assert.deepEqual(await board(), before);
  assert.equal(await page.locator('#verdict').textContent(), '');
  assert.equal(await page.locator('#work').isHidden(), true);
  const { longestTask, clickWaits } = await page.evaluate(() => ({ longestTask: window.longestTask, clickWaits: window.clickWaits }));
  console.log(`longest main-thread task during the 4x4 search: ${longestTask} ms; Cancel answered in ${clickWaits[0].toFixed(1)} ms`);
  assert.ok(longestTask < 100, `a task of ${longestTask} ms`);
  assert.ok(clickWaits[0] < 100, `Cancel waited ${clickWaits[0]} ms`);
  // A fresh worker answers the next board, its tables built again.
  await setBoard('1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', '4');
  const answer = await solve();
  assert.equal(answer.moves, 'r');
  assert.match(answer.verdict, /after \d+ ms building tables/);
  await page.close();
});

test('the first 4x4 answer is timed apart from its tables', async () => {
  await open();
  await setBoard('1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', '4');
  const first = await solve();
  const [, ms, tables] = first.verdict.match(/\(([\d.]+) ms, after (\d+) ms building tables\)/);
  assert.ok(Number(ms) < Number(tables), first.verdict);
  await setBoard('1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15', '4');
  const second = await solve();
  assert.match(second.verdict, /^Solved in 2 moves, the fewest .*\([\d.]+ ms\)$/);
  await page.close();
});

test('distance takes what the command line takes, and the command shown runs as shown', async () => {
  await open();
  await setBoard('8 6 7 2 5 4 3 x 1');
  const before = await board();
  for (const [text, message] of [
    ['1e9', "Distance: '1e9' is not a distance"],
    ['-1', "Distance: '-1' is not a distance"],
    ['4294967296', "Distance: '4294967296' is not a distance"],
    ['3.7', "Distance: '3.7' is not a distance"],
    ['', "Distance: '' is not a distance"],
    ['32', 'Distance: '],
  ]) {
    await page.getByLabel('Distance').fill(text);
    await button('Scramble').click();
    const status = await page.getByRole('status').textContent();
    assert.ok(status.startsWith(message), `${text}: ${status}`);
    assert.deepEqual(await board(), before, text);
  }
  await page.getByLabel('Size').selectOption('2');
  await page.getByLabel('Distance').fill('4..5');
  await button('Scramble').click();
  const status = await page.getByRole('status').textContent();
  const [, command] = status.match(/^Scrambled: eight (.*)\.$/);
  assert.equal(command.split(' ').slice(0, 4).join(' '), 'gen --size 2x2 --distance');
  const shown = (await board()).map((t) => (t === 0 ? 'x' : t)).join(' ');
  assert.equal(eight(command.split(' ')), shown);
  await page.getByLabel('Size').selectOption('5');
  await page.getByLabel('Distance').fill('10001');
  await button('Scramble').click();
  assert.equal(await page.getByRole('status').textContent(), 'Distance: a random walk takes one number of moves, from 0 to 10000');
  await page.close();
});

test('a pasted board brings its size, and changing the size keeps what was typed', async () => {
  await open();
  const fifteen = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15';
  await page.getByLabel('Board', { exact: true }).fill(fifteen);
  await button('Set').click();
  assert.equal(await page.getByRole('status').textContent(), 'Board set (4x4).');
  assert.equal(await page.getByLabel('Size').inputValue(), '4');
  assert.equal(await page.getByRole('gridcell').count(), 16);
  await page.getByLabel('Size').selectOption('2');
  assert.equal(await page.getByLabel('Board', { exact: true }).inputValue(), fifteen);
  await page.getByLabel('Board', { exact: true }).fill('1 2\n3 x');
  await page.getByLabel('Size').selectOption('5');
  await button('Set').click();
  assert.equal(await page.getByLabel('Size').inputValue(), '2');
  await page.close();
});

test('an answer belongs to its board', async () => {
  await open();
  await setBoard('2 3 4 1 5 x 7 6 8');
  // Solve and an arrow key in the same task: the answer was for the old board.
  await page.evaluate(() => {
    document.getElementById('solve').click();
    document.getElementById('puzzle').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
  });
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#answer').textContent(), '');
  assert.equal(await page.locator('#progress').textContent(), '');
  assert.equal(await button('Step').isDisabled(), true);
  // A move along the answer keeps it; one off it drops it.
  await setBoard('2 3 4 1 5 x 7 6 8');
  await solve();
  const grid = page.getByRole('grid', { name: 'Puzzle' });
  await grid.focus();
  await page.keyboard.press(ARROW.d);
  assert.equal(await page.locator('#progress').textContent(), '(1 of 19 played)');
  await page.keyboard.press(ARROW.r); // off the board: nothing changes
  assert.equal(await page.locator('#progress').textContent(), '(1 of 19 played)');
  await page.keyboard.press(ARROW.u);
  assert.equal(await page.locator('#answer').textContent(), '');
  assert.equal(await button('Step').isDisabled(), true);
  assert.match(await page.locator('#verdict').textContent(), /^The board has changed/);
  // A size change drops the answer too.
  await setBoard('2 3 4 1 5 x 7 6 8');
  await solve();
  await page.getByLabel('Size').selectOption('2');
  assert.equal(await page.locator('#answer').textContent(), '');
  assert.equal(await button('Play').isDisabled(), true);
  await page.close();
});

test('a comparison is dropped when its board changes', async () => {
  await open();
  await setBoard('2 3 4 1 5 x 7 6 8');
  const compared = async () => {
    await button('Compare').click();
    await page.locator('#compare-table table').waitFor();
  };
  const gone = async (why) => {
    assert.equal(await page.locator('#compare-table').textContent(), '', why);
    assert.equal(await page.locator('#depths svg').count(), 0, why);
  };
  await compared();
  await setBoard('8 6 7 2 5 4 3 x 1');
  await gone('after Set');
  await compared();
  await page.getByRole('grid', { name: 'Puzzle' }).focus();
  await page.keyboard.press(ARROW.u);
  await gone('after a move');
  await compared();
  await page.getByLabel('Size').selectOption('4');
  await gone('after a size change');
  await page.close();
});

test('the page fits a phone, pictures and tables included', async () => {
  await open({ width: 390, height: 844 });
  await setBoard('2 3 4 1 5 x 7 6 8');
  await button('Compare').click();
  await page.locator('#depths svg').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  const svg = await page.locator('#depths svg').boundingBox();
  assert.ok(svg.width <= 390, `the picture is ${svg.width} px wide`);
  await page.close();
});

test('focus stays on a control, and solved boards and answers are announced', async () => {
  await open();
  await setBoard('1 2 3 4 5 6 x 7 8');
  await solve();
  assert.equal(await page.locator('#verdict').getAttribute('aria-live'), 'polite');
  await button('Step').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // Step disabled itself at the end: the focus went to Back.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'back');
  assert.equal(await page.locator('#verdict').textContent(), 'Solved: the board is at the goal.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'step');
  // Solved by hand: said in the live region, not only shown in green.
  await setBoard('1 2 3 4 5 6 7 x 8');
  await page.getByRole('grid', { name: 'Puzzle' }).focus();
  await page.keyboard.press(ARROW.r);
  assert.equal(await page.locator('#verdict').textContent(), 'Solved: the board is at the goal.');
  await page.close();
});

test('axe-core finds no violations, before and after solving and comparing', async () => {
  await open();
  assert.deepEqual(await violations(), [], 'on load');
  await setBoard('2 3 4 1 5 x 7 6 8');
  await solve();
  // Moves played and a hint: axe-core judges the contrast of text of
  // three characters or more.
  for (let i = 0; i < 5; i++) await button('Step').click();
  await hint();
  await button('Compare').click();
  await page.locator('#depths svg').waitFor();
  assert.deepEqual(await violations(), [], 'after solving and comparing');
  await page.close();
  await open({ width: 390, height: 844 });
  assert.deepEqual(await violations(), [], 'on a phone');
  await page.close();
});
