// The page of eight: wires the controls to the WebAssembly module. Every
// board is read, solved, moved and scrambled by the library (pkg/); this
// file only keeps the page's state and draws it.
import init, { Puzzles, read, step, scramble, compare } from './pkg/eight_web.js';

const $ = (id) => document.getElementById(id);
const NAMES = { u: 'up', d: 'down', l: 'left', r: 'right' };
const ARROWS = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' };

const state = {
  side: 3,
  tiles: null,
  // The answer being played: the board it starts from, its moves, and how
  // many of them are on the board now.
  answer: null,
  timer: null,
};
let puzzles;
// Sizes whose tables are built: the first 4x4 answer waits for them.
const built = new Set();

// `work` (a solve), after saying so where it first builds the 4x4 tables.
async function withTables(side, work) {
  const building = side === 4 && !built.has(side);
  if (building) say('Building the 4x4 tables…', true);
  const result = await afterPaint(work);
  built.add(side);
  if (building) say('');
  return result;
}

function solvedTiles(side) {
  const cells = side * side;
  return Uint32Array.from({ length: cells }, (_, i) => (i + 1) % cells);
}

function say(text, ok = false) {
  $('message').textContent = text;
  $('message').classList.toggle('ok', ok);
}

function boardText(tiles, side) {
  const rows = [];
  for (let r = 0; r < side; r++) {
    rows.push(Array.from(tiles.slice(r * side, (r + 1) * side), (t) => (t === 0 ? 'x' : t)).join(' '));
  }
  return rows.join('\n');
}

function drawBoard() {
  const grid = $('puzzle');
  const { side, tiles } = state;
  grid.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  grid.replaceChildren();
  for (let r = 0; r < side; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    for (let c = 0; c < side; c++) {
      const cell = r * side + c;
      const tile = tiles[cell];
      const div = document.createElement('div');
      div.setAttribute('role', 'gridcell');
      div.dataset.cell = cell;
      div.setAttribute('aria-label', tile === 0 ? 'blank' : String(tile));
      div.textContent = tile === 0 ? '' : String(tile);
      div.classList.toggle('blank', tile === 0);
      row.append(div);
    }
    grid.append(row);
  }
  grid.classList.toggle('solved', tiles.every((t, i) => t === (i + 1) % tiles.length));
}

function drawAnswer() {
  const { answer } = state;
  const shown = $('answer');
  shown.replaceChildren();
  $('progress').textContent = '';
  for (const id of ['play', 'step', 'back']) $(id).disabled = !answer || !answer.moves;
  if (!answer) return;
  const { moves, at } = answer;
  const done = document.createElement('span');
  done.className = 'done';
  done.textContent = moves.slice(0, at);
  const next = document.createElement('span');
  next.className = 'next';
  next.textContent = moves.slice(at, at + 1);
  shown.append(done, next, moves.slice(at + 1));
  $('progress').textContent = `(${at} of ${moves.length} played)`;
  $('step').disabled = at >= moves.length;
  $('back').disabled = at === 0;
}

// A new board on screen: whatever answer was shown belongs to another.
function setBoard(tiles, side = state.side) {
  stopPlaying();
  state.side = side;
  state.tiles = tiles;
  state.answer = null;
  $('verdict').textContent = '';
  $('hint-text').textContent = '';
  drawBoard();
  drawAnswer();
}

function move(letter) {
  const next = step(state.tiles, state.side, state.side, letter);
  if (!next) return false;
  state.tiles = next;
  drawBoard();
  return true;
}

// The user's own move: the answer shown no longer starts from this board.
function playerMove(letter) {
  const answer = state.answer;
  if (move(letter) && answer) {
    stopPlaying();
    state.answer = null;
    $('verdict').textContent = 'The board has changed: solve again for its answer.';
    drawAnswer();
  }
  $('hint-text').textContent = '';
}

// Long work (the 4x4 tables) blocks the page: let the message show first.
function afterPaint(work) {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(work()), 0)));
}

async function solve() {
  stopPlaying();
  const { side, tiles } = state;
  let ms;
  const answer = await withTables(side, () => {
    const began = performance.now();
    const answer = puzzles.solve(tiles, side, side);
    ms = performance.now() - began;
    return answer;
  });
  const moves = answer.moves;
  const count = `${moves.length} move${moves.length === 1 ? '' : 's'}`;
  const verdicts = {
    solved: `Solved in ${count}, the fewest (the first shortest answer in letter order).`,
    'not-fewest': `A valid answer of ${count}, not the fewest (the constructive method; 5x5 boards are not solved exactly here).`,
    unsolvable: 'Unsolvable: by parity, this board cannot reach the goal.',
  };
  $('verdict').textContent = `${verdicts[answer.verdict]} (${ms.toFixed(1)} ms)`;
  state.answer = answer.verdict === 'unsolvable' ? null : { start: tiles, moves, at: 0 };
  drawAnswer();
}

function stepForward() {
  const answer = state.answer;
  if (!answer || answer.at >= answer.moves.length) return stopPlaying();
  move(answer.moves[answer.at]);
  answer.at += 1;
  drawAnswer();
  if (answer.at >= answer.moves.length) stopPlaying();
}

function stepBack() {
  const answer = state.answer;
  if (!answer || answer.at === 0) return;
  const undo = { u: 'd', d: 'u', l: 'r', r: 'l' }[answer.moves[answer.at - 1]];
  move(undo);
  answer.at -= 1;
  drawAnswer();
}

function stopPlaying() {
  clearInterval(state.timer);
  state.timer = null;
  $('play').textContent = 'Play';
}

function togglePlay() {
  if (state.timer) return stopPlaying();
  const answer = state.answer;
  if (!answer) return;
  if (answer.at >= answer.moves.length) {
    state.tiles = answer.start;
    answer.at = 0;
    drawBoard();
    drawAnswer();
  }
  $('play').textContent = 'Pause';
  state.timer = setInterval(stepForward, 1000 / Number($('speed').value));
}

async function hint() {
  const { side, tiles } = state;
  const answer = await withTables(side, () => puzzles.solve(tiles, side, side));
  const out = $('hint-text');
  if (answer.verdict === 'unsolvable') {
    out.textContent = 'No hint: by parity, this board cannot reach the goal.';
  } else if (answer.moves.length === 0) {
    out.textContent = 'Solved: 0 moves to go.';
  } else {
    const next = answer.moves[0];
    const togo = answer.verdict === 'solved' ? `${answer.moves.length} moves to go` : `at most ${answer.moves.length} moves to go (not the fewest)`;
    out.textContent = `Move the blank ${NAMES[next]} (${next}): ${togo}.`;
  }
}

function setFromText() {
  try {
    const tiles = read($('board-text').value, state.side, state.side);
    setBoard(tiles);
    say('Board set.', true);
  } catch (error) {
    // The board on screen stays as it was.
    say(`Board: ${error.message}`);
  }
}

function doScramble() {
  const distance = Number($('distance').value);
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const { side } = state;
  try {
    const tiles = scramble(side, side, distance, BigInt(seed));
    setBoard(tiles);
    $('board-text').value = boardText(tiles, side);
    const size = side === 3 ? '' : ` --size ${side}x${side}`;
    const how = side * side <= 9 ? `eight gen${size} --distance ${distance} --seed ${seed}` : `a random walk of ${distance} moves, seed ${seed}`;
    say(`Scrambled: ${how}.`, true);
  } catch (error) {
    say(`Scramble: ${error.message}`);
  }
}

// `eight compare` ends with a block of totals: its header line, then one
// line per algorithm, cells two spaces apart or more.
function showCompare() {
  const place = $('compare-table');
  const depths = $('depths');
  if (state.side !== 3) {
    place.textContent = 'The algorithms are compared on 3x3 boards.';
    depths.textContent = '';
    return;
  }
  const compared = compare(state.tiles);
  const text = compared.table;
  const lines = text.trimEnd().split('\n');
  const totals = lines.findIndex((line) => line.startsWith('totals over'));
  const rows = lines.slice(totals + 1).map((line) => line.trim().split(/\s{2,}/));
  const table = document.createElement('table');
  const caption = table.createCaption();
  caption.textContent = `eight compare on this board (${lines[totals].replace(/:$/, '')})`;
  rows.forEach((cells, i) => {
    const tr = table.insertRow();
    for (const cell of cells) {
      const td = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) td.scope = 'col';
      td.textContent = cell;
      tr.append(td);
    }
  });
  place.replaceChildren(table);
  try {
    // The library's own SVG, its text escaped by the svg crate.
    depths.innerHTML = compared.picture();
  } catch (error) {
    depths.textContent = error.message;
  }
}

function onKey(event) {
  const letter = ARROWS[event.key];
  if (!letter) return;
  event.preventDefault();
  playerMove(letter);
}

function onClick(event) {
  const cell = event.target.closest('[role="gridcell"]');
  if (!cell) return;
  const { side, tiles } = state;
  const at = Number(cell.dataset.cell);
  const blank = tiles.indexOf(0);
  // The blank moves towards the tile clicked, when they are neighbours.
  const towards = { [-side]: 'u', [side]: 'd', [-1]: 'l', [1]: 'r' }[at - blank];
  const sameRow = Math.floor(at / side) === Math.floor(blank / side);
  if (towards && (Math.abs(at - blank) === side || sameRow)) playerMove(towards);
}

async function main() {
  await init();
  puzzles = new Puzzles();
  setBoard(solvedTiles(3), 3);
  $('board-text').value = boardText(state.tiles, 3);
  $('size').addEventListener('change', () => {
    const side = Number($('size').value);
    setBoard(solvedTiles(side), side);
    $('board-text').value = boardText(state.tiles, side);
    say('');
  });
  $('set').addEventListener('click', setFromText);
  $('board-text').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) setFromText();
  });
  $('scramble').addEventListener('click', doScramble);
  $('solve').addEventListener('click', solve);
  $('play').addEventListener('click', togglePlay);
  $('step').addEventListener('click', () => {
    stopPlaying();
    stepForward();
  });
  $('back').addEventListener('click', () => {
    stopPlaying();
    stepBack();
  });
  $('speed').addEventListener('input', () => {
    if (state.timer) {
      stopPlaying();
      togglePlay();
    }
  });
  $('hint').addEventListener('click', hint);
  $('compare').addEventListener('click', showCompare);
  $('puzzle').addEventListener('keydown', onKey);
  $('puzzle').addEventListener('click', onClick);
  document.body.dataset.ready = 'true';
}

main();
