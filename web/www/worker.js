// The page's worker: every search, table build and comparison runs here,
// off the page's thread, so the page answers at once while they run. The
// library tells how far it has come through two functions it calls by
// name (eightBuilding, eightSearching); this file passes that on to the
// page, at most ten times a second. The comparison's figure is drawn by
// the page from the layers sent (plotters measures text with the page's
// canvas, which a worker has not). Cancel is the page ending this worker
// and starting another: a search in WebAssembly cannot be interrupted.
import init, { Puzzles, compare } from './pkg/eight_web.js';

let request = null;
let told = 0;

/// Tells the page about the request under way, unless it was told less
/// than 100 ms ago (`last`: a report that must go, the end of a table).
function tell(report, last = false) {
  const now = performance.now();
  if (!request || (!last && now - told < 100)) return;
  told = now;
  postMessage({ id: request.id, ...report });
}

globalThis.eightBuilding = (table, tables, done) => tell({ kind: 'building', table, tables, done }, done === 1);
globalThis.eightSearching = (bound, nodes) => tell({ kind: 'searching', bound, nodes });

const ready = init().then(() => new Puzzles());

/// Runs one request: `solve` (the tables first, timed apart) or `compare`.
function run(puzzles, { kind, tiles, side }) {
  if (kind === 'compare') {
    const compared = compare(Uint32Array.from(tiles), side, side);
    let layers;
    try {
      const { puzzle, start, goal, moves, breadth_first, from_start, from_goal } = compared.layers();
      layers = { parts: [puzzle, start, goal, moves, breadth_first, from_start, from_goal] };
    } catch (error) {
      layers = { error: error.message };
    }
    // The totals are a plain object already, posted as they are.
    return { totals: compared.totals(), layers };
  }
  const tablesBegan = performance.now();
  puzzles.prepare(side, side);
  const tablesMs = performance.now() - tablesBegan;
  const began = performance.now();
  const answer = puzzles.solve(Uint32Array.from(tiles), side, side);
  const ms = performance.now() - began;
  return { moves: answer.moves, verdict: answer.verdict, ms, tablesMs };
}

onmessage = async ({ data }) => {
  const puzzles = await ready;
  request = data;
  try {
    postMessage({ id: data.id, kind: 'done', result: run(puzzles, data) });
  } catch (error) {
    postMessage({ id: data.id, kind: 'error', message: error.message });
  } finally {
    request = null;
  }
};
