/** The bench's results, the issue's targets checked against them, and the markdown table. */
import type { Sample } from './bench-load.ts';
import { median, medianRatio } from './bench-load.ts';

export interface LoadResult {
  readonly id: string;
  readonly title: string;
  /** Samples per target, one per round, in round order. */
  readonly samples: Readonly<Record<string, readonly Sample[]>>;
}

export type Measure =
  | {
      readonly kind: 'measured';
      readonly ours: number;
      readonly reference?: number;
      /** Ours ÷ reference as the median of per-round ratios, where rounds were paired. */
      readonly ratio?: number;
      readonly note?: string;
    }
  | { readonly kind: 'skipped'; readonly reason: string };

export interface BenchResults {
  readonly machine: Readonly<Record<string, string | number>>;
  readonly options: Readonly<Record<string, unknown>>;
  readonly load: readonly LoadResult[];
  /** Seconds from spawn to the first 200; reference: Prism. */
  readonly startup: Measure;
  /** Resident MB at the large order count after serving the list under load; reference: the bare baseline. */
  readonly memory: Measure;
  /** Milliseconds per fetch; reference: the minimal hand-written MSW handler. */
  readonly msw: Measure;
  /** Wall seconds of the conformance CLI against our server. */
  readonly conformance: Measure;
  /** Wall seconds of `--explore --seed 1` (500 generated requests) against our server, CLI start-up included. */
  readonly exploration?: Measure;
  readonly pids: readonly number[];
}

export interface TargetCheck {
  readonly target: string;
  readonly value: number;
  readonly met: boolean;
}

/** The issue's throughput targets: ours/bare at least `bare`, ours/Prism at least `prism`. */
const LOAD_TARGETS: Readonly<Record<string, { bare?: number; prism?: number }>> = {
  'list-25': { bare: 0.85, prism: 20 },
  'list-large': { bare: 0.9 },
  unauthorized: { bare: 0.85 },
  'not-found': { bare: 0.85 },
};

export function summarize(result: LoadResult) {
  const { ours = [], bare = [], prism, 'prism-logging': prismLogging } = result.samples;
  const cpu = (samples: readonly Sample[]) =>
    median(samples.flatMap((sample) => sample.cpuMicrosPerRequest ?? []));
  const oursVsBare = medianRatio(ours, bare);
  const oursVsPrism = prism ? medianRatio(ours, prism) : undefined;
  const oursVsPrismLogging = prismLogging ? medianRatio(ours, prismLogging) : undefined;
  const targets = LOAD_TARGETS[result.id] ?? {};
  const checks: TargetCheck[] = [];
  if (targets.bare !== undefined) {
    checks.push({ target: `≥ ${targets.bare}× bare`, value: oursVsBare, met: oursVsBare >= targets.bare });
  }
  if (targets.prism !== undefined && oursVsPrism !== undefined) {
    checks.push({
      target: `≥ ${targets.prism}× Prism silent`,
      value: oursVsPrism,
      met: oursVsPrism >= targets.prism,
    });
  }
  if (targets.prism !== undefined && oursVsPrismLogging !== undefined) {
    const met = oursVsPrismLogging >= targets.prism;
    checks.push({ target: `≥ ${targets.prism}× Prism logging`, value: oursVsPrismLogging, met });
  }
  return {
    ours: median(ours.map((sample) => sample.requestsPerSecond)),
    bare: median(bare.map((sample) => sample.requestsPerSecond)),
    prism: prism ? median(prism.map((sample) => sample.requestsPerSecond)) : undefined,
    oursVsBare,
    oursVsPrism,
    prismLogging: prismLogging ? median(prismLogging.map((sample) => sample.requestsPerSecond)) : undefined,
    oursVsPrismLogging,
    prismCpu: prism ? cpu(prism) : undefined,
    oursCpu: cpu(ours),
    bareCpu: cpu(bare),
    checks,
  };
}

/** Targets for the other measures; `ratio` compares ours with the reference. */
export function otherChecks(results: BenchResults): Record<string, TargetCheck | undefined> {
  const check = (measure: Measure, target: string, limit: number, ratio = false): TargetCheck | undefined => {
    if (measure.kind !== 'measured') return undefined;
    const value = ratio ? (measure.ratio ?? measure.ours / (measure.reference ?? Number.NaN)) : measure.ours;
    return { target, value, met: value <= limit };
  };
  return {
    startup: check(results.startup, '≤ 0.3 s', 0.3),
    memory: check(results.memory, '≤ 150 MB', 150),
    msw: check(results.msw, '≤ 1.15× minimal', 1.15, true),
    conformance: check(results.conformance, '≤ 2 s', 2),
    exploration: results.exploration && check(results.exploration, '≤ 2 s', 2),
  };
}

const fixed = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value)
    ? '—'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pair = (a: string, b: string) => (b === '—' ? a : `${a} · ${b}`);
const verdict = (checks: readonly (TargetCheck | undefined)[]) => {
  const known = checks.filter((check) => check !== undefined);
  if (known.length === 0) return '—';
  return known.map((check) => `${check.met ? 'met' : 'missed'} (${check.target})`).join(', ');
};

export function markdown(results: BenchResults): string {
  const lines = [
    '| Workload | Ours req/s | Bare req/s | Ours ÷ bare | Prism req/s, silent · info log | ' +
      'Ours ÷ Prism, silent · info log | CPU µs/req ours · bare | Target |',
    '|---|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const result of results.load) {
    const s = summarize(result);
    lines.push(
      `| ${result.title} | ${fixed(s.ours)} | ${fixed(s.bare)} | ${fixed(s.oursVsBare, 2)} | ` +
        `${pair(fixed(s.prism), fixed(s.prismLogging))} | ${pair(fixed(s.oursVsPrism, 1), fixed(s.oursVsPrismLogging, 1))} | ` +
        `${fixed(s.oursCpu, 1)} · ${fixed(s.bareCpu, 1)} | ${verdict(s.checks)} |`,
    );
  }
  const checks = otherChecks(results);
  const row = (
    name: string,
    measure: Measure,
    unit: string,
    digits: number,
    reference: string,
    check?: TargetCheck,
  ) =>
    measure.kind === 'skipped'
      ? `| ${name} | skipped: ${measure.reason} | | |`
      : `| ${name} | ${fixed(measure.ours, digits)} ${unit}${measure.note ? ` (${measure.note})` : ''} | ` +
        `${measure.reference === undefined ? '—' : `${fixed(measure.reference, digits)} ${unit} (${reference})`} | ` +
        `${verdict([check])} |`;
  lines.push(
    '',
    '| Measure | Ours | Reference | Target |',
    '|---|--:|--:|---|',
    row('Start-up to first 200', results.startup, 's', 2, 'Prism', checks.startup),
    row(`Resident memory, ${results.options.large} orders`, results.memory, 'MB', 0, 'bare', checks.memory),
    row('MSW, per fetch', results.msw, 'ms', 3, 'minimal handler', checks.msw),
    row('Conformance run, wall', results.conformance, 's', 2, '', checks.conformance),
    ...(results.exploration
      ? [row('Exploration, 500 requests, wall', results.exploration, 's', 2, '', checks.exploration)]
      : []),
  );
  const machine = results.machine;
  lines.push(
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.os}; ` +
      `load average ${machine.loadBefore} before, ${machine.loadAfter} after; ${machine.date}.`,
    `Run: ${results.options.seconds} s per target per round, ${results.options.rounds} rounds (A B A B), ` +
      `${results.options.connections} connections, server ${results.options.pinned ? 'pinned to its own core' : 'not pinned'}; ` +
      'medians, and medians of per-round ratios.',
  );
  if (results.options.smoke) {
    lines.push('Smoke run: it proves the bench works; its figures (short, cold, from source) mean nothing.');
  }
  return `${lines.join('\n')}\n`;
}
