/** What the cluster test found: each check as it is made, then the figures and the verdict. */

export const print = (line = '') => process.stdout.write(`${line}\n`);

export class Checks {
  readonly failed: string[] = [];
  count = 0;

  record(name: string, ok: boolean, detail: string): boolean {
    this.count += 1;
    if (!ok) this.failed.push(name);
    print(`  ${ok ? '✓' : '✗'} ${name}: ${detail}`);
    return ok;
  }
}

export type Figure = { name: string; value: number | string; ok: boolean; limit: string };

export function printFigures(figures: Figure[]): void {
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures) {
    print(
      `  ${f.name.padEnd(width)}  ${String(f.value).padStart(7)}  ${f.ok ? '' : '✗ '}(${f.limit})`,
    );
  }
}
