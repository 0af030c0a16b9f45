/**
 * What a first touch of memory costs on this machine: a fresh `node` writes one byte to each 4 KB page of
 * 64 MB it has just allocated, and the time is divided by the minor page faults the kernel counted meanwhile.
 * Part of every start-up is page faults (Node's own heap, the parsed bundle, V8's young generation), and their
 * price depends on the host, not the code: a guest whose page tables the host keeps in software pays tens of
 * times what hardware-assisted paging costs (docs/performance.md, Round 12). The start-up rows say how much of
 * ours − bare that is.
 */
import { execFileSync } from 'node:child_process';
import { median } from './bench-load.ts';
import { fixed, type Row } from './bench-report.ts';

const TOUCH_PAGES = `
const { readFileSync } = require('node:fs');
const faults = () => Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[7]);
const bytes = new Uint8Array(64 * 1024 * 1024);
const before = faults();
const started = performance.now();
for (let at = 0; at < bytes.length; at += 4096) bytes[at] = 1;
const milliseconds = performance.now() - started;
console.log(JSON.stringify({ faults: faults() - before, milliseconds }));
`;

/** Microseconds per minor page fault, the median of `runs` fresh processes; undefined off Linux. */
export function pageFaultMicros(cpu?: string, runs = 3): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const [file, args]: [string, string[]] = cpu
      ? ['taskset', ['-c', cpu, process.execPath, '-e', TOUCH_PAGES]]
      : [process.execPath, ['-e', TOUCH_PAGES]];
    const { faults, milliseconds } = JSON.parse(execFileSync(file, args, { encoding: 'utf8' })) as {
      faults: number;
      milliseconds: number;
    };
    // With transparent huge pages a fault maps 2 MB, and costs more: the start-up's faults are of the same
    // kernel, so their count times this price still estimates their time. None counted: no figure.
    if (faults < 16) return undefined;
    samples.push((milliseconds * 1000) / faults);
  }
  return median(samples);
}

/**
 * Page faults to the first 200 on each start path, ours − the bare server's, and what one costs on this machine
 * (scripts/bench-page-faults.ts): the price of a fault is the host's, not the code's, so that a start-up miss
 * shows how much of ours − bare it is. For information: no goal.
 */
export function pageFaultsRow(
  paths: readonly string[],
  faults: Readonly<Record<string, readonly number[]>>,
  bare: string,
  cpu: string | undefined,
): Row {
  const measure =
    "Start, minor page faults to the first 200: ours − a bare node -e server's, median of the runs above; and a fault's price here (a fresh process first touching 64 MB)";
  const floor = faults[bare] ?? [];
  if (!floor.some(Number.isFinite))
    return { id: 'startup', measure, ours: '', skipped: 'no /proc on this platform' };
  const micros = pageFaultMicros(cpu);
  const parts = paths.map((path) => {
    const more = median((faults[path] ?? []).map((count, run) => count - (floor[run] ?? Number.NaN)));
    const cost = micros === undefined ? '' : ` (${fixed((more * micros) / 1000, 1)} ms)`;
    return `${path} ${more < 0 ? '−' : '+'}${Math.abs(Math.round(more))}${cost}`;
  });
  return {
    id: 'startup',
    measure,
    ours: parts.join('; '),
    reference: `bare node -e: ${median(floor)} faults`,
    value: micros,
    digits: 1,
    unit: ' µs a fault',
  };
}
