/** Dynamic time warping between two feature sequences, in bounded memory. */

/** `length` frames of `dimensions` numbers each, frame after frame. */
export interface FeatureSequence {
  data: Float32Array;
  dimensions: number;
  length: number;
}

/** For each frame of the first sequence, the first and last frame of the second that the warp path pairs with it. */
export interface WarpPath {
  first: Int32Array;
  last: Int32Array;
  /** How many cells were computed (and one byte each kept for the backtrack): the memory the warp took. */
  cells: number;
  /** The path's cost per step: lower is a closer match (comparable between references for the same audio). */
  score: number;
}

export interface WarpOptions {
  /**
   * Whether the path may begin and end anywhere in `b` (subsequence DTW) rather than at its first and last
   * frames. Open ends skip music before and after the speech, but with a voice unlike the reference the path
   * can fold onto a few frames; anchored ends cross leading and trailing sound with the stretch penalty.
   */
  openEnds: boolean;
}

/** The most cells one pass computes at full resolution; above it a coarser pass first finds where the path goes. */
const MAX_PASS_CELLS = 4_000_000;

function distance(a: FeatureSequence, i: number, b: FeatureSequence, j: number): number {
  let sum = 0;
  const offsetA = i * a.dimensions;
  const offsetB = j * b.dimensions;
  for (let k = 0; k < a.dimensions; k++) {
    const difference = a.data[offsetA + k]! - b.data[offsetB + k]!;
    sum += difference * difference;
  }
  return Math.sqrt(sum);
}

/**
 * Added to each step that holds one side still. Without it, a path through frames near the features' mean
 * (CMVN makes them close to everything) can hold the real audio still for the whole script and score as well
 * as the true path when the voices differ. In units of the distance between normalised frames (about 3 to 5).
 */
const STRETCH_PENALTY = 1;

const DIAGONAL = 0;
const UP = 1;
const LEFT = 2;
const START = 3;

/**
 * DTW of all of `a` against a stretch of `b`, computed only inside row i's columns [lo[i], hi[i]). The stretch
 * of `b` may begin and end anywhere (`b` is the real audio, with silence or music around the speech), and a
 * path is scored by its cost over its length, so a short stretch does not win by being short. Steps are
 * symmetric (a diagonal counts twice), the classic pattern that favours no direction. Only the row being
 * computed and the one before it are kept, plus a byte per cell for the backtrack.
 */
function dtwInWindows(a: FeatureSequence, b: FeatureSequence, lo: Int32Array, hi: Int32Array, options: WarpOptions): WarpPath {
  const rows = a.length;
  const offsets = new Float64Array(rows + 1);
  let widest = 0;
  for (let i = 0; i < rows; i++) {
    const width = Math.max(0, hi[i]! - lo[i]!);
    offsets[i + 1] = offsets[i]! + width;
    widest = Math.max(widest, width);
  }
  const cells = offsets[rows]!;
  const moves = new Uint8Array(cells);
  let previousCost = new Float64Array(widest);
  let previousStart = new Int32Array(widest);
  let cost = new Float64Array(widest);
  let start = new Int32Array(widest);

  for (let i = 0; i < rows; i++) {
    const rowLo = lo[i]!;
    const rowHi = hi[i]!;
    const previousLo = i > 0 ? lo[i - 1]! : 0;
    const previousHi = i > 0 ? hi[i - 1]! : 0;
    const rowOffset = offsets[i]!;
    for (let j = rowLo; j < rowHi; j++) {
      const local = distance(a, i, b, j);
      let best = Infinity;
      let move = START;
      let from = j;
      if (i === 0) {
        best = options.openEnds || j === 0 ? local : Infinity;
      } else {
        if (j - 1 >= previousLo && j - 1 < previousHi) {
          best = previousCost[j - 1 - previousLo]! + 2 * local;
          move = DIAGONAL;
          from = previousStart[j - 1 - previousLo]!;
        }
        if (j >= previousLo && j < previousHi && previousCost[j - previousLo]! + local + STRETCH_PENALTY < best) {
          best = previousCost[j - previousLo]! + local + STRETCH_PENALTY;
          move = UP;
          from = previousStart[j - previousLo]!;
        }
      }
      if (j > rowLo && cost[j - 1 - rowLo]! + local + STRETCH_PENALTY < best) {
        best = cost[j - 1 - rowLo]! + local + STRETCH_PENALTY;
        move = LEFT;
        from = start[j - 1 - rowLo]!;
      }
      cost[j - rowLo] = best;
      start[j - rowLo] = from;
      moves[rowOffset + j - rowLo] = move;
    }
    [previousCost, cost] = [cost, previousCost];
    [previousStart, start] = [start, previousStart];
  }

  // The end: the last row's cell with the lowest cost per step of path (rows plus the stretch of b).
  let endColumn = -1;
  let bestScore = Infinity;
  for (let j = lo[rows - 1]!; j < hi[rows - 1]!; j++) {
    const total = previousCost[j - lo[rows - 1]!]!;
    const score = total / (rows + j - previousStart[j - lo[rows - 1]!]! + 1);
    if (score < bestScore && (options.openEnds || j === b.length - 1)) [bestScore, endColumn] = [score, j];
  }
  if (endColumn < 0) throw new Error('The warp windows leave no path');

  const first = new Int32Array(rows);
  const last = new Int32Array(rows).fill(-1);
  let i = rows - 1;
  let j = endColumn;
  for (;;) {
    first[i] = j;
    if (last[i]! < 0) last[i] = j;
    const move = moves[offsets[i]! + j - lo[i]!];
    if (move === START) break;
    if (move === DIAGONAL) [i, j] = [i - 1, j - 1];
    else if (move === UP) i -= 1;
    else j -= 1;
  }
  // Rows before the path's start (none with these steps, but keep the contract): pinned to its first column.
  for (let row = i - 1; row >= 0; row--) [first[row], last[row]] = [first[i]!, first[i]!];
  return { first, last, cells, score: bestScore };
}

/** Averages each `factor` frames into one. */
function pool(sequence: FeatureSequence, factor: number): FeatureSequence {
  const length = Math.ceil(sequence.length / factor);
  const { dimensions } = sequence;
  const data = new Float32Array(length * dimensions);
  for (let frame = 0; frame < sequence.length; frame++) {
    const target = Math.floor(frame / factor);
    const count = Math.min(factor, sequence.length - target * factor);
    for (let k = 0; k < dimensions; k++) data[target * dimensions + k] = data[target * dimensions + k]! + sequence.data[frame * dimensions + k]! / count;
  }
  return { data, dimensions, length };
}

/**
 * Warps `a` (the synthesised script) onto `b` (the real audio). Short pairs take one full pass; longer ones a
 * pass on frames pooled so that it fits MAX_PASS_CELLS, then a full-resolution pass only in a band of one
 * pooled frame around the coarse path (FastDTW's idea): memory grows with the audio's length, not its square.
 */
export function warp(a: FeatureSequence, b: FeatureSequence, options: WarpOptions, maxPassCells = MAX_PASS_CELLS): WarpPath {
  if (a.length === 0 || b.length === 0) throw new Error('Nothing to warp');
  if (a.length * b.length <= maxPassCells) {
    return dtwInWindows(a, b, new Int32Array(a.length), new Int32Array(a.length).fill(b.length), options);
  }
  const factor = Math.ceil(Math.sqrt((a.length * b.length) / maxPassCells));
  const coarse = warp(pool(a, factor), pool(b, factor), options, maxPassCells);
  const lo = new Int32Array(a.length);
  const hi = new Int32Array(a.length);
  const coarseRows = coarse.first.length;
  for (let i = 0; i < a.length; i++) {
    const row = Math.floor(i / factor);
    const before = Math.max(0, row - 1);
    const after = Math.min(coarseRows - 1, row + 1);
    lo[i] = Math.max(0, coarse.first[before]! * factor - factor);
    hi[i] = Math.min(b.length, (coarse.last[after]! + 1) * factor + factor);
  }
  const fine = dtwInWindows(a, b, lo, hi, options);
  return { ...fine, cells: fine.cells + coarse.cells };
}
