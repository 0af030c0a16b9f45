import type { Sample } from './bench-load.ts';

/**
 * The bench's one table: every row is a measure of ours beside its reference, the figure checked against the
 * issue's goal (docs/performance.md), and whether it met it. Sections of the bench each return rows.
 */
export interface Goal {
  /** `least`: the figure must be at least `value` (a ratio where higher is better); `most`: at most. */
  readonly at: 'least' | 'most';
  readonly value: number;
  readonly unit?: string;
}

export interface Row {
  readonly id: string;
  readonly measure: string;
  /** What ours did, written out (µs CPU per request and req/s, MB, seconds…). */
  readonly ours: string;
  readonly reference?: string;
  /** The figure the goal is about, and how to print it. */
  readonly value?: number;
  readonly digits?: number;
  readonly unit?: string;
  readonly goal?: Goal;
  /** Why the row has no figure (not selected, not on this platform…). */
  readonly skipped?: string;
}

/** One workload's samples per target, one per round (the replicas section keeps its own table of them). */
export interface LoadResult {
  readonly id: string;
  readonly title: string;
  readonly samples: Readonly<Record<string, readonly Sample[]>>;
}

export interface BenchResults {
  readonly machine: Readonly<Record<string, string | number>>;
  readonly options: Readonly<Record<string, unknown>>;
  readonly rows: readonly Row[];
  /** Every sample behind the rows, by section. */
  readonly raw: Readonly<Record<string, unknown>>;
  /** Sections' own tables and lines, printed after the main table (several replicas, sessions). */
  readonly appendix: readonly string[];
  readonly pids: readonly number[];
}

export function met(row: Row): boolean | undefined {
  if (row.goal === undefined || row.value === undefined || Number.isNaN(row.value)) return undefined;
  return row.goal.at === 'least' ? row.value >= row.goal.value : row.value <= row.goal.value;
}

export const fixed = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value)
    ? '—'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The figure as the table prints it. One that rounds onto its goal without reaching it (0.9499 against
 * ≥ 0.95) gets two more digits, so that no row reads its goal's own value beside "missed".
 */
function resultText(value: number, row: Row): string {
  const { digits = 2, goal } = row;
  const shown = fixed(value, digits);
  const roundsOntoGoal = goal !== undefined && shown === fixed(goal.value, digits) && met(row) === false;
  return roundsOntoGoal ? fixed(value, digits + 2) : shown;
}

const goalText = (goal: Goal | undefined) =>
  goal ? `${goal.at === 'least' ? '≥' : '≤'} ${goal.value}${goal.unit ? ` ${goal.unit}` : ''}` : '—';

export function markdown(results: BenchResults): string {
  const lines = ['| Measure | Ours | Reference | Result | Goal | |', '|---|--:|--:|--:|--:|---|'];
  for (const row of results.rows) {
    if (row.skipped !== undefined) {
      lines.push(`| ${row.measure} | skipped: ${row.skipped} | | | ${goalText(row.goal)} | |`);
      continue;
    }
    const verdict = met(row);
    const value = row.value === undefined ? '—' : `${resultText(row.value, row)}${row.unit ?? ''}`;
    lines.push(
      `| ${row.measure} | ${row.ours} | ${row.reference ?? '—'} | ${value} | ${goalText(row.goal)} | ` +
        `${verdict === undefined ? '' : verdict ? 'met' : '**missed**'} |`,
    );
  }
  const { machine, options } = results;
  lines.push(
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.os}; ` +
      `load average ${machine.loadBefore} before, ${machine.loadAfter} after; ${machine.date}.`,
    `Run: ${options.seconds} s per target per pair, ${options.rounds} pairs (ours, reference, alternating) after a ` +
      `${options.warmupSeconds} s warm-up, ${options.connections} connections, servers ` +
      `${options.pinned ? 'pinned to core 1 and the load generator to core 0' : 'not pinned'}; ` +
      "CPU ratios are the reference's server CPU per request ÷ ours (1 = as cheap as the reference), medians of per-pair ratios.",
  );
  for (const part of results.appendix) lines.push('', part.trimEnd());
  if (options.smoke) {
    lines.push('Smoke run: it proves the bench works; its figures (short, cold, from source) mean nothing.');
  }
  return `${lines.join('\n')}\n`;
}
