// Times the page's engine in headless Chromium, as a user's browser runs
// it: the 4x4 tables built in the page, Korf's 100 15-puzzles (goal
// blank first), and random 3x3 boards. Run after build.sh:
//   node web/bench.mjs [KORF_FILE]
// It prints figures; it asserts nothing (budgets are read, not tested).
import { readFileSync, writeFileSync } from 'node:fs';
import { serve } from './tests/serve.mjs';
import { chromium } from 'playwright-core';

const korf = process.argv[2] ?? new URL('../../shared/data/korf100.txt', import.meta.url).pathname;
const boards = readFileSync(korf, 'utf8')
  .split('\n')
  .filter((line) => /^\d/.test(line))
  .map((line) => line.trim().split(/\s+/).map(Number));

const server = await serve(new URL('./dist/', import.meta.url));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
const page = await browser.newPage();
await page.goto(`${server.url}index.html`);
const figures = await page.evaluate(async (boards) => {
  const wasm = await import('./pkg/eight_web.js');
  await wasm.default();
  // What the page's worker does with the library's reports, but for
  // passing them on: it reads the clock at each, to tell at most ten a
  // second.
  let told = 0;
  globalThis.eightBuilding = () => {};
  globalThis.eightSearching = () => {
    const now = performance.now();
    if (now - told >= 100) told = now;
  };
  const puzzles = new wasm.Puzzles();
  const goal = Uint32Array.from({ length: 16 }, (_, i) => i);
  let began = performance.now();
  puzzles.prepare(4, 4, goal);
  const tables = performance.now() - began;
  began = performance.now();
  let moves = 0;
  const answers = [];
  for (const board of boards) {
    const answer = puzzles.solve(Uint32Array.from(board), 4, 4, goal);
    moves += answer.moves.length;
    answers.push(answer.moves);
  }
  const korf = performance.now() - began;
  // Random 3x3 boards, uniformly drawn (a seeded LCG; half are unsolvable
  // and answered by parity at once: only the solvable ones are counted).
  let seed = 1;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const times = [];
  while (times.length < 1000) {
    const tiles = Uint32Array.from({ length: 9 }, (_, i) => i);
    for (let i = 8; i > 0; i--) {
      const j = random(i + 1);
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    const t = performance.now();
    const answer = puzzles.solve(tiles, 3, 3);
    const ms = performance.now() - t;
    if (answer.verdict === 'solved') times.push(ms);
  }
  const sorted = [...times].sort((a, b) => a - b);
  // One of the two hardest 3x3 boards (31 moves), twenty times.
  const hardest = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    puzzles.solve(Uint32Array.from([8, 6, 7, 2, 5, 4, 3, 0, 1]), 3, 3);
    hardest.push(performance.now() - t);
  }
  hardest.sort((a, b) => a - b);
  return {
    tables_ms: tables,
    korf_ms: korf,
    korf_moves: moves,
    answers,
    eight_first_ms: times[0],
    eight_median_ms: sorted[sorted.length >> 1],
    eight_p99_ms: sorted[Math.floor(sorted.length * 0.99)],
    eight_max_ms: sorted[sorted.length - 1],
    eight_hardest_median_ms: hardest[10],
    eight_hardest_max_ms: hardest[19],
  };
}, boards);
await browser.close();
server.close();
const { answers, ...shown } = figures;
console.log(JSON.stringify(shown, null, 1));
if (process.env.ANSWERS) {
  // For comparing with the binary's answers line by line.
  writeFileSync(process.env.ANSWERS, answers.join('\n') + '\n');
}
