/**
 * Issue 15's acceptance figures, gathered from the benchmarks of one `npm run bench` run and printed
 * together at its end, each beside its target. A figure is recorded where its benchmark measures it.
 */
interface Figure {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** 'min': the value must be at least the target; 'max': at most. */
  bound: 'min' | 'max';
}

const figures: Figure[] = [];

export function recordFigure(figure: Figure): void {
  figures.push(figure);
}

export function printSummary(): void {
  if (figures.length === 0) return;
  console.log('\nsummary: the acceptance figures of this run');
  console.log(`${'figure'.padEnd(58)} ${'value'.padStart(10)}   target`);
  for (const f of figures) {
    const value = `${f.value.toFixed(f.unit ? 0 : 2)}${f.unit ? ` ${f.unit}` : ''}`;
    const ok = f.bound === 'min' ? f.value >= f.target : f.value <= f.target;
    const target = `${f.bound === 'min' ? '≥' : '≤'} ${f.target}${f.unit ? ` ${f.unit}` : ''}`;
    console.log(`${f.name.padEnd(58)} ${value.padStart(10)}   ${target.padEnd(10)} ${ok ? 'met' : 'NOT met'}`);
  }
}
