// The page of eight: wires the controls to the WebAssembly module. Every
// board is read, moved and scrambled by the library (pkg/), and solved
// and compared by it in a worker (worker.js), so the page never waits;
// this file keeps the page's state and draws it. The rules of play (the
// solved board, which tile a click moves, the move that undoes another,
// which boards are compared) are the library's too.
//
// Everything shown belongs to one board: an answer holds the board it
// starts from and how far it has been played, and a comparison the board
// it was made for. A move along the answer keeps it; any other change of
// the board drops what no longer applies and stops the work under way.
import init, {
  read, step, scramble, search_picture, solved, inverse, move_towards, compares,
} from './pkg/eight_web.js';

const $ = (id) => document.getElementById(id);
const NAMES = { u: 'up', d: 'down', l: 'left', r: 'right' };
const ARROWS = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' };

const state = {
  side: 3,
  tiles: null,
  // The answer for the board on screen: the board it starts from, its
  // moves, how many of them have been played to reach the board on screen,
  // whether they are the fewest, and whether Solve has shown it (a hint
  // keeps its answer unseen).
  answer: null,
  timer: null,
};

/// The worker that searches, and the one request it is running.
const work = {
  worker: null,
  running: null,
  next: 1,
  // The control that started the work, which the focus goes back to.
  from: null,
};

function startWorker() {
  work.worker = new Worker('worker.js', { type: 'module' });
  work.worker.onmessage = ({ data }) => {
    const running = work.running;
    if (!running || data.id !== running.id) return;
    if (data.kind === 'building' || data.kind === 'searching') return showProgress(data);
    finishWork();
    if (data.kind === 'done') return running.resolve(data.result);
    // A module that failed (out of memory, say) is not trusted again.
    restartWorker();
    running.reject(new Error(data.message));
  };
  work.worker.onerror = (event) => {
    const running = work.running;
    if (!running) return;
    finishWork();
    restartWorker();
    running.reject(new Error(event.message ?? 'the worker stopped'));
  };
}

function restartWorker() {
  work.worker.terminate();
  startWorker();
}

/// Runs `request` in the worker; resolves to its result, or to null when
/// it was cancelled. One request runs at a time.
function inWorker(request, doing) {
  cancelWork();
  return new Promise((resolve, reject) => {
    const id = work.next++;
    work.running = { id, resolve, reject };
    work.worker.postMessage({ id, ...request });
    $('work-text').textContent = doing;
    $('work').hidden = false;
    work.from = document.activeElement;
    for (const name of ['solve', 'hint', 'compare']) $(name).disabled = true;
    if (work.from?.disabled) $('cancel').focus();
  });
}

function finishWork() {
  const had = document.activeElement;
  work.running = null;
  $('work').hidden = true;
  $('work-text').textContent = '';
  for (const name of ['solve', 'hint', 'compare']) $(name).disabled = false;
  if (had === $('cancel') || had === document.body) (work.from ?? $('solve')).focus();
}

/// Stops the work under way, if any: the worker is ended (a search cannot
/// be interrupted) and a fresh one started, whose tables are built again
/// when a board needs them.
function cancelWork() {
  const running = work.running;
  if (!running) return false;
  restartWorker();
  finishWork();
  running.resolve(null);
  return true;
}

function showProgress(report) {
  const text = report.kind === 'building'
    ? `Building the ${state.side}x${state.side} tables: table ${report.table + 1} of ${report.tables}, ${Math.floor(report.done * 100)}%…`
    : `Searching: ${report.nodes.toLocaleString('en')} nodes so far, up to ${report.bound} moves…`;
  $('work-text').textContent = text;
}

/// Whether the board on screen is the solved one.
function isSolved() {
  const goal = solved(state.side, state.side);
  return state.tiles.every((tile, cell) => tile === goal[cell]);
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
  grid.classList.toggle('solved', isSolved());
}

/// Disables `ids` as `disabled` says; where that takes the focus away, it
/// goes to the first of `fallbacks` that is enabled.
function enable(entries, fallbacks) {
  const had = document.activeElement;
  for (const [id, on] of entries) $(id).disabled = !on;
  if (had && had.disabled) fallbacks.map($).find((b) => !b.disabled)?.focus();
}

function drawAnswer() {
  const { answer } = state;
  const shown = $('answer');
  shown.replaceChildren();
  $('progress').textContent = '';
  const playable = Boolean(answer && answer.shown && answer.moves);
  const at = playable ? answer.at : 0;
  const length = playable ? answer.moves.length : 0;
  enable(
    [['play', playable], ['step', playable && at < length], ['back', playable && at > 0]],
    ['step', 'back', 'play', 'solve'],
  );
  if (!playable) return;
  const { moves } = answer;
  const done = document.createElement('span');
  done.className = 'done';
  done.textContent = moves.slice(0, at);
  const next = document.createElement('span');
  next.className = 'next';
  next.textContent = moves.slice(at, at + 1);
  shown.append(done, next, moves.slice(at + 1));
  $('progress').textContent = `(${at} of ${length} played)`;
}

/// Drops the comparison shown: it was made for another board.
function clearCompare() {
  $('compare-table').replaceChildren();
  $('depths').replaceChildren();
}

/// A new board on screen: whatever was shown belongs to another.
function setBoard(tiles, side = state.side) {
  cancelWork();
  stopPlaying();
  state.side = side;
  state.tiles = tiles;
  state.answer = null;
  $('size').value = String(side);
  $('verdict').textContent = '';
  $('hint-text').textContent = '';
  clearCompare();
  drawBoard();
  drawAnswer();
}

/// The blank moves by `letter`, if it can; the board is redrawn.
function move(letter) {
  const next = step(state.tiles, state.side, state.side, letter);
  if (!next) return false;
  state.tiles = next;
  drawBoard();
  return true;
}

/// The player's own move. One along the answer keeps it; any other leaves
/// it behind. Either way the work under way was for the old board.
function playerMove(letter) {
  const { answer } = state;
  const next = step(state.tiles, state.side, state.side, letter);
  if (!next) return;
  cancelWork();
  state.tiles = next;
  drawBoard();
  clearCompare();
  $('hint-text').textContent = '';
  if (answer && answer.moves[answer.at] === letter) {
    answer.at += 1;
  } else if (answer) {
    stopPlaying();
    state.answer = null;
    if (answer.shown) $('verdict').textContent = 'The board has changed: solve again for its answer.';
  }
  drawAnswer();
  if (isSolved()) $('verdict').textContent = 'Solved: the board is at the goal.';
}

/// What the worker made of `request`, or null when it was cancelled or
/// failed; a failure is said, after `label`.
async function fromWorker(label, request, doing) {
  try {
    return await inWorker(request, doing);
  } catch (error) {
    say(`${label}: ${error.message}`);
    return null;
  }
}

/// The answer for the board on screen: the one kept, or one found now in
/// the worker (null when cancelled or failed, as `label` says).
async function answerHere(label, doing) {
  if (state.answer) return state.answer;
  const { side, tiles } = state;
  const result = await fromWorker(label, { kind: 'solve', tiles: Array.from(tiles), side }, doing);
  if (!result) return null;
  state.answer = {
    start: tiles,
    moves: result.moves,
    at: 0,
    verdict: result.verdict,
    shown: false,
    ms: result.ms,
    tablesMs: result.tablesMs,
  };
  return state.answer;
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

async function solve() {
  stopPlaying();
  const fresh = !state.answer;
  const answer = await answerHere('Solve', 'Solving…');
  if (!answer) return;
  const left = answer.moves.length - answer.at;
  const count = plural(left, 'move');
  const verdicts = {
    solved: `Solved in ${count}, the fewest (the first shortest answer in letter order).`,
    'not-fewest': `A valid answer of ${count}, not the fewest (the constructive method; 5x5 boards are not solved exactly here).`,
    unsolvable: 'Unsolvable: by parity, this board cannot reach the goal.',
  };
  let took = '';
  if (fresh && answer.verdict !== 'unsolvable') {
    const tables = answer.tablesMs >= 1 ? `, after ${answer.tablesMs.toFixed(0)} ms building tables` : '';
    took = ` (${answer.ms.toFixed(1)} ms${tables})`;
  }
  $('verdict').textContent = `${verdicts[answer.verdict]}${took}`;
  if (answer.verdict !== 'unsolvable') {
    // Shown from where the board stands: a hint's answer may be partly played.
    answer.start = state.tiles;
    answer.moves = answer.moves.slice(answer.at);
    answer.at = 0;
    answer.shown = true;
  }
  drawAnswer();
}

function stepForward() {
  const { answer } = state;
  if (!answer || answer.at >= answer.moves.length || !move(answer.moves[answer.at])) return stopPlaying();
  answer.at += 1;
  drawAnswer();
  if (answer.at >= answer.moves.length) {
    stopPlaying();
    $('verdict').textContent = 'Solved: the board is at the goal.';
  }
}

function stepBack() {
  const { answer } = state;
  if (!answer || answer.at === 0 || !move(inverse(answer.moves[answer.at - 1]))) return;
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
  const { answer } = state;
  if (!answer || !answer.shown) return;
  if (answer.at >= answer.moves.length) {
    state.tiles = answer.start;
    answer.at = 0;
    drawBoard();
    drawAnswer();
  }
  $('play').textContent = 'Pause';
  state.timer = setInterval(stepForward, 1000 / Number($('speed').value));
}

/// The next move of the answer kept for this board, found first if there
/// is none: following the hints plays that answer to the goal.
async function hint() {
  const answer = await answerHere('Hint', 'Finding a hint…');
  if (!answer) return;
  const out = $('hint-text');
  const left = answer.moves.length - answer.at;
  if (answer.verdict === 'unsolvable') {
    out.textContent = 'No hint: by parity, this board cannot reach the goal.';
  } else if (left === 0) {
    out.textContent = 'Solved: 0 moves to go.';
  } else {
    const next = answer.moves[answer.at];
    const togo = answer.verdict === 'solved' ? `${plural(left, 'move')} to go` : `at most ${plural(left, 'move')} to go (not the fewest)`;
    out.textContent = `Move the blank ${NAMES[next]} (${next}): ${togo}.`;
  }
}

function setFromText() {
  try {
    const board = read($('board-text').value, state.side);
    setBoard(board.tiles, board.side);
    say(`Board set (${board.side}x${board.side}).`, true);
  } catch (error) {
    // The board on screen stays as it was.
    say(`Board: ${error.message}`);
  }
}

function doScramble() {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const { side } = state;
  try {
    const drawn = scramble(side, $('distance').value, BigInt(seed));
    setBoard(drawn.tiles, side);
    const how = drawn.command ?? `a random walk of ${$('distance').value.trim()} moves, seed ${seed}`;
    say(`Scrambled: ${how}.`, true);
  } catch (error) {
    // The board on screen stays as it was.
    say(`Distance: ${error.message}`);
  }
}

/// The columns of the comparison's table: a header, and a row's cell.
const TOTALS = [
  ['algorithm', (row) => row.name],
  ['moves', (row) => String(row.moves)],
  ['expanded', (row) => String(row.expanded)],
  ['generated', (row) => String(row.generated)],
  ['max frontier', (row) => String(row.max_frontier)],
  ['ms', (row) => row.ms.toFixed(3)],
];

/// `eight compare`'s totals for the board on screen, and its figure.
async function showCompare() {
  const place = $('compare-table');
  const depths = $('depths');
  const { side, tiles } = state;
  if (!compares(side, side)) {
    clearCompare();
    place.textContent = 'The algorithms are compared on 3x3 boards.';
    return;
  }
  const request = { kind: 'compare', tiles: Array.from(tiles), side };
  const compared = await fromWorker('Compare', request, 'Comparing the algorithms…');
  if (!compared) return;
  const { totals } = compared;
  const table = document.createElement('table');
  const unsolvable = totals.unsolvable > 0 ? `, ${totals.unsolvable} unsolvable` : '';
  table.createCaption().textContent = `eight compare on this board (totals over ${plural(totals.puzzles, 'puzzle')}${unsolvable})`;
  const header = table.insertRow();
  for (const [name] of TOTALS) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    header.append(th);
  }
  for (const row of totals.rows) {
    const tr = table.insertRow();
    for (const [, cell] of TOTALS) tr.insertCell().textContent = cell(row);
  }
  place.replaceChildren(table);
  // The library's own SVG, its text escaped by the svg crate.
  if (compared.layers.parts) depths.innerHTML = search_picture(...compared.layers.parts);
  else depths.textContent = compared.layers.error;
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
  // The blank moves onto the tile clicked, when they are neighbours.
  const towards = move_towards(tiles, side, side, Number(cell.dataset.cell));
  if (towards) playerMove(towards);
}

async function main() {
  await init();
  startWorker();
  setBoard(solved(3, 3), 3);
  $('board-text').value = boardText(state.tiles, 3);
  $('size').addEventListener('change', () => {
    const side = Number($('size').value);
    setBoard(solved(side, side), side);
    say('');
  });
  $('set').addEventListener('click', setFromText);
  $('board-text').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) setFromText();
  });
  $('scramble').addEventListener('click', doScramble);
  $('distance').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') doScramble();
  });
  $('solve').addEventListener('click', solve);
  $('cancel').addEventListener('click', () => {
    if (cancelWork()) say('Cancelled: the board is as it was.', true);
  });
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
