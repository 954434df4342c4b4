/**
 * A multiset of scores that counts the scores above a value in O(log d), d the number of distinct
 * scores: totals are whole numbers in a range that does not grow with the staff, so many share a
 * score, and a board of a million has about as many distinct scores as one of a hundred thousand
 * (decision 0084). The distinct scores are kept in sorted blocks of at most `BLOCK_MAX`,
 * ascending, each with how many in the block hold each score or a higher one; a Fenwick tree sums
 * the blocks' sizes. Adding or removing a score costs a binary search and a pass over one block.
 */
const BLOCK_TARGET = 512;
const BLOCK_MAX = 2 * BLOCK_TARGET;

type Block = {
  /** The block's distinct scores, ascending. */
  values: number[];
  /**
   * How many in the block hold each of them or a higher one: `atLeast[0]` is the block's size,
   * and how many hold the `i`th score is `atLeast[i]` less the next one's (`heldBy`).
   */
  atLeast: number[];
};

function upperBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many hold the block's `i`th score. */
function heldBy(block: Block, i: number): number {
  return block.atLeast[i]! - (block.atLeast[i + 1] ?? 0);
}

/** Adds `delta` to how many hold the block's `i`th score: to every `atLeast` up to it. */
function shift(block: Block, i: number, delta: number): void {
  for (let j = 0; j <= i; j++) block.atLeast[j]! += delta;
}

/** The block's scores from `start` to `end` (excluded), as a block of their own. */
function sliceOf(block: Block, start: number, end = block.values.length): Block {
  const above = block.atLeast[end] ?? 0;
  return {
    values: block.values.slice(start, end),
    atLeast: block.atLeast.slice(start, end).map((n) => n - above),
  };
}

export class OrderedScores {
  private blocks: Block[] = [];
  /** The largest score of each block, in a dense array for the search of a block. */
  private maxes: number[] = [];
  /** Fenwick tree over the sizes of the blocks, 1-based. */
  private tree: number[] = [0];
  private count = 0;

  constructor(scores: Iterable<number> = []) {
    const sorted = Float64Array.from(scores).sort();
    // Every distinct score, with how many hold it or a higher one, in one block to cut.
    const all: Block = { values: [], atLeast: [] };
    for (let i = sorted.length - 1; i >= 0; i--) {
      if (sorted[i] !== all.values[all.values.length - 1]) all.values.push(sorted[i]!);
      all.atLeast[all.values.length - 1] = sorted.length - i;
    }
    all.values.reverse();
    all.atLeast.reverse();
    for (let i = 0; i < all.values.length; i += BLOCK_TARGET) {
      this.blocks.push(sliceOf(all, i, Math.min(i + BLOCK_TARGET, all.values.length)));
    }
    this.count = sorted.length;
    this.rebuild();
  }

  get size(): number {
    return this.count;
  }

  /** How many scores are strictly greater than `value`. */
  countAbove(value: number): number {
    const b = upperBound(this.maxes, value);
    if (b === this.blocks.length) return 0;
    const block = this.blocks[b]!;
    return block.atLeast[upperBound(block.values, value)]! + (this.count - this.prefix(b + 1));
  }

  add(value: number): void {
    this.count += 1;
    if (this.blocks.length === 0) {
      this.blocks.push({ values: [value], atLeast: [1] });
      this.rebuild();
      return;
    }
    const b = Math.min(lowerBound(this.maxes, value), this.blocks.length - 1);
    const block = this.blocks[b]!;
    const i = lowerBound(block.values, value);
    if (block.values[i] === value) {
      shift(block, i, 1);
      this.bump(b, 1);
      return;
    }
    block.values.splice(i, 0, value);
    block.atLeast.splice(i, 0, block.atLeast[i] ?? 0);
    shift(block, i, 1);
    if (block.values.length > BLOCK_MAX) {
      this.blocks.splice(b, 1, sliceOf(block, 0, BLOCK_TARGET), sliceOf(block, BLOCK_TARGET));
      this.rebuild();
    } else {
      this.maxes[b] = block.values[block.values.length - 1]!;
      this.bump(b, 1);
    }
  }

  /** Removes one occurrence of `value`; false if there is none. */
  remove(value: number): boolean {
    const b = lowerBound(this.maxes, value);
    const block = this.blocks[b];
    if (!block) return false;
    const i = lowerBound(block.values, value);
    if (block.values[i] !== value) return false;
    this.count -= 1;
    shift(block, i, -1);
    if (heldBy(block, i) > 0) {
      this.bump(b, -1);
      return true;
    }
    block.values.splice(i, 1);
    block.atLeast.splice(i, 1);
    if (block.values.length === 0) {
      this.blocks.splice(b, 1);
      this.rebuild();
    } else {
      this.maxes[b] = block.values[block.values.length - 1]!;
      this.bump(b, -1);
    }
    return true;
  }

  /** Total size of the first `n` blocks. */
  private prefix(n: number): number {
    let sum = 0;
    for (let i = n; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  private bump(block: number, delta: number): void {
    for (let i = block + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
  }

  /** The blocks' largest scores and the tree of their sizes, after blocks were split or dropped. */
  private rebuild(): void {
    this.maxes = this.blocks.map((block) => block.values[block.values.length - 1]!);
    const tree = new Array<number>(this.blocks.length + 1).fill(0);
    for (let i = 1; i <= this.blocks.length; i++) {
      tree[i]! += this.blocks[i - 1]!.atLeast[0]!;
      const parent = i + (i & -i);
      if (parent <= this.blocks.length) tree[parent]! += tree[i]!;
    }
    this.tree = tree;
  }
}
