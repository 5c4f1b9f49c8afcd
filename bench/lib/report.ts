// One line per figure: the figure, its budget, the baseline measured in the same run, PASS/FAIL.
export interface Figure {
  name: string;
  value: string;
  budget: string;
  baseline?: string;
  pass: boolean;
}

export function report(figure: Figure): boolean {
  const baseline = figure.baseline ? `; baseline ${figure.baseline}` : '';
  console.log(
    `${figure.name}: ${figure.value}; budget ${figure.budget}${baseline} ${figure.pass ? 'PASS' : 'FAIL'}`,
  );
  if (!figure.pass) process.exitCode = 1;
  return figure.pass;
}

/** Value at quantile q (0-1) of sorted numbers. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
