/**
 * A multiset of scores that counts the scores above a value in O(log n): sorted blocks of at most
 * `BLOCK_MAX` scores, in ascending order, with a Fenwick tree over the blocks' sizes. Adding or
 * removing a score costs a binary search and a shift inside one block.
 */
const BLOCK_TARGET = 512;
const BLOCK_MAX = 2 * BLOCK_TARGET;

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

export class OrderedScores {
  private blocks: number[][] = [];
  /** Fenwick tree over the sizes of the blocks, 1-based. */
  private tree: number[] = [0];
  private count = 0;

  constructor(scores: Iterable<number> = []) {
    const sorted = Float64Array.from(scores).sort();
    for (let i = 0; i < sorted.length; i += BLOCK_TARGET) {
      this.blocks.push(Array.from(sorted.subarray(i, i + BLOCK_TARGET)));
    }
    this.count = sorted.length;
    this.rebuildTree();
  }

  get size(): number {
    return this.count;
  }

  /** How many scores are strictly greater than `value`. */
  countAbove(value: number): number {
    const b = this.firstBlockEndingAbove(value);
    if (b === this.blocks.length) return 0;
    const block = this.blocks[b]!;
    return block.length - upperBound(block, value) + (this.count - this.prefix(b + 1));
  }

  add(value: number): void {
    if (this.blocks.length === 0) {
      this.blocks.push([value]);
      this.count = 1;
      this.rebuildTree();
      return;
    }
    const b = Math.min(this.firstBlockEndingAtLeast(value), this.blocks.length - 1);
    const block = this.blocks[b]!;
    block.splice(upperBound(block, value), 0, value);
    this.count += 1;
    if (block.length > BLOCK_MAX) {
      this.blocks.splice(b, 1, block.slice(0, BLOCK_TARGET), block.slice(BLOCK_TARGET));
      this.rebuildTree();
    } else {
      this.bump(b, 1);
    }
  }

  /** Removes one occurrence of `value`; false if there is none. */
  remove(value: number): boolean {
    const b = this.firstBlockEndingAtLeast(value);
    const block = this.blocks[b];
    if (!block) return false;
    const i = lowerBound(block, value);
    if (block[i] !== value) return false;
    block.splice(i, 1);
    this.count -= 1;
    if (block.length === 0) {
      this.blocks.splice(b, 1);
      this.rebuildTree();
    } else {
      this.bump(b, -1);
    }
    return true;
  }

  /** The first block whose largest score is greater than `value`. */
  private firstBlockEndingAbove(value: number): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid]!;
      if (block[block.length - 1]! <= value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first block whose largest score is at least `value`. */
  private firstBlockEndingAtLeast(value: number): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid]!;
      if (block[block.length - 1]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
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

  private rebuildTree(): void {
    const tree = new Array<number>(this.blocks.length + 1).fill(0);
    for (let i = 1; i <= this.blocks.length; i++) {
      tree[i]! += this.blocks[i - 1]!.length;
      const parent = i + (i & -i);
      if (parent <= this.blocks.length) tree[parent]! += tree[i]!;
    }
    this.tree = tree;
  }
}
