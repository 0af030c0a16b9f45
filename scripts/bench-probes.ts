/** The bench's one-off measures: start-up to the first 200, the MSW comparison and the conformance run. */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './bench-load.ts';
import {
  bannerUrl,
  type Child,
  cpuMillis,
  freePort,
  getStatus,
  minorFaults,
  residentMemory,
  spawnNode,
  stop,
  waitForStatus,
} from './bench-processes.ts';

export interface ProbeContext {
  readonly root: string;
  readonly apiKey: string;
  readonly cpu?: string;
  /** `node` arguments that start our CLI (dist via bin/, or source via tsx). */
  readonly oursCommand: readonly string[];
  /** `node` arguments that start Prism's static mock; `logLevel` defaults to silent. */
  readonly prismCommand?: (port: number, logLevel?: string) => readonly string[];
  readonly log: (line: string) => void;
}

/** Starts our CLI on a free port and resolves with its origin, read from the banner. */
export async function startOurs(
  context: ProbeContext,
  name: string,
  extra: readonly string[] = [],
): Promise<{ child: Child; origin: string }> {
  const child = spawnNode(
    name,
    [
      ...context.oursCommand,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--api-key',
      context.apiKey,
      '--quiet',
      ...extra,
    ],
    { cpu: context.cpu, cwd: context.root },
  );
  return { child, origin: await bannerUrl(child) };
}

/** A server to start for the start-up probe: `node` arguments after the command, and where to ask. */
export interface StartVariant {
  readonly name: string;
  /** `node` arguments; a function of a free port for a server that cannot print the one it picked. */
  readonly command: readonly string[] | ((port: number) => readonly string[]);
  /** The URL to poll for a 200, given the origin from the banner or the port chosen. */
  readonly url: (origin: string) => string;
}

/** A plain node:http server started with `node -e`: the floor of start-up on this machine right now. */
export const bareNodeStart: readonly string[] = [
  '-e',
  "const s=require('node:http').createServer((q,r)=>r.end('[]'));" +
    "s.listen(0,'127.0.0.1',()=>console.log('listening on http://127.0.0.1:'+s.address().port))",
];

/** Per variant, every run in order: seconds from spawn to the first 200, and the minor page faults by then. */
export interface StartupSamples {
  readonly seconds: Record<string, number[]>;
  readonly faults: Record<string, number[]>;
}

/**
 * Each variant started in turn, `runs` times (alternating, so that drift hits them all alike), and asked until
 * it answers 200.
 */
export async function startupTimes(
  context: ProbeContext,
  variants: readonly StartVariant[],
  runs: number,
): Promise<StartupSamples> {
  const auth = { authorization: `Bearer ${context.apiKey}` };
  const perVariant = () => Object.fromEntries(variants.map((variant) => [variant.name, [] as number[]]));
  const samples: StartupSamples = { seconds: perVariant(), faults: perVariant() };
  for (let run = 0; run < runs; run++) {
    for (const variant of variants) {
      const port = typeof variant.command === 'function' ? await freePort() : 0;
      const command = typeof variant.command === 'function' ? variant.command(port) : variant.command;
      const started = performance.now();
      const child = spawnNode(`${variant.name} (start-up)`, command, { cpu: context.cpu, cwd: context.root });
      const origin = port ? `http://127.0.0.1:${port}` : await bannerUrl(child);
      await waitForStatus(child, variant.url(origin), auth, 200, 60_000);
      samples.seconds[variant.name]?.push((performance.now() - started) / 1000);
      samples.faults[variant.name]?.push(minorFaults(child.pid) ?? Number.NaN);
      await stop(child);
    }
  }
  context.log(
    `start-up: ${Object.entries(samples.seconds)
      .map(([name, seconds]) => `${name} ${seconds.map((s) => s.toFixed(2)).join(' ')} s`)
      .join('; ')}`,
  );
  return samples;
}

/** Our CLI's arguments for the start-up probe (on `port`; 0: a free one, read from the banner). */
export function oursStart(context: ProbeContext, extra: readonly string[], port = 0): readonly string[] {
  return [
    ...context.oursCommand,
    ...['--port', String(port), '--host', '127.0.0.1', '--api-key', context.apiKey, '--quiet'],
    ...extra,
  ];
}

/**
 * Our CLI's arguments for the start-up probe from a config file alone, as a team would keep one in its
 * repository: a YAML file (the format the docs lead with, so the YAML parser's load is counted) written into
 * `folder` with the port, the key, the fixtures and the settings a shared setup carries. Paths in it are read
 * from the working folder, as the same flags would be.
 */
export function configFileStart(context: ProbeContext, folder: string, port: number): readonly string[] {
  return [...context.oursCommand, '--config', writeConfigFile(context, folder, port)];
}

/** Writes the config file configFileStart starts from (on `port`, into `folder`) and returns its path. */
export function writeConfigFile(context: ProbeContext, folder: string, port: number): string {
  const file = join(folder, `petstore-mock.config.${port}.yaml`);
  writeFileSync(
    file,
    [
      'mock:',
      `  port: ${port}`,
      '  host: 127.0.0.1',
      `  api-key: [${JSON.stringify(context.apiKey)}]`,
      '  fixtures: fixtures/orders.json',
      '  cors-origin: [http://localhost:5173]',
      '  max-sessions: 50',
      '  log-format: json',
      '  quiet: true',
      '',
    ].join('\n'),
  );
  return file;
}

/**
 * Resident memory of our server after loading a store and serving the public list once (the body read to
 * its end), and what one list costs its CPU unchanged and right after a change (a created order): the two
 * should be close, whatever the size (issue #11.13).
 */
export async function memoryAfterList(
  context: ProbeContext,
  extra: readonly string[],
  changes: number,
): Promise<{ rssMb: number; peakMb: number; listCpuMs: number; listAfterChangeCpuMs: number } | undefined> {
  const mock = await startOurs(context, 'ours (memory)', extra);
  try {
    const auth = { authorization: `Bearer ${context.apiKey}` };
    const list = `${mock.origin}/v1/store/orders`;
    if ((await getStatus(list, auth)) !== 200) throw new Error('the list did not answer 200');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const memory = residentMemory(mock.child.pid);
    if (!memory) return undefined;
    let unchanged = 0;
    let afterChange = 0;
    for (let round = 0; round < changes; round++) {
      unchanged += await cpuOf(mock.child.pid, () => getStatus(list, auth));
      const created = await getStatus(
        `${mock.origin}/__mock/orders`,
        { 'content-type': 'application/json' },
        'POST',
        '{}',
      );
      if (created !== 201) throw new Error(`POST /__mock/orders answered ${created}`);
      afterChange += await cpuOf(mock.child.pid, () => getStatus(list, auth));
    }
    return { ...memory, listCpuMs: unchanged / changes, listAfterChangeCpuMs: afterChange / changes };
  } finally {
    await stop(mock.child);
  }
}

async function cpuOf(pid: number, work: () => Promise<unknown>): Promise<number> {
  const before = cpuMillis(pid) ?? Number.NaN;
  await work();
  return (cpuMillis(pid) ?? Number.NaN) - before;
}

/** Milliseconds per fetch through our MSW handlers and through a minimal one, in one child process. */
export async function mswPerFetch(
  context: ProbeContext,
  seconds: number,
  rounds: number,
): Promise<{ ours: number; minimal: number; ratio: number; pairs: number }> {
  const child = spawnNode(
    'msw',
    ['--import', 'tsx', 'scripts/bench-msw.ts', '--seconds', String(seconds), '--rounds', String(rounds)],
    { cpu: context.cpu, cwd: context.root },
  );
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', resolve));
  const line = child.output().trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new Error(`bench-msw exited with ${code}:\n${child.output().slice(-2000)}`);
  const { samples, pairRatios } = JSON.parse(line) as {
    samples: { ours: number; minimal: number }[];
    pairRatios: number[];
  };
  context.log(`msw: ${samples.map((s) => `${s.ours.toFixed(3)}/${s.minimal.toFixed(3)}`).join(' ')} ms`);
  return {
    ours: median(samples.map((sample) => sample.ours)),
    minimal: median(samples.map((sample) => sample.minimal)),
    // The median of every pair of blocks' ratio (hundreds of pairs), not of the rounds' sums (see bench-msw.ts).
    ratio: median(pairRatios),
    pairs: pairRatios.length,
  };
}

/** How many times each conformance row runs the CLI; the row is their median (one run swung by ±0.3 s here). */
const CONFORMANCE_RUNS = 3;

/**
 * Wall time of the conformance CLI against our server, from spawning the CLI to its exit: the median of
 * CONFORMANCE_RUNS runs, each against a mock of its own, the runs' times in the note. Skipped with the reason
 * when the suite is not there yet or cannot run.
 */
export async function conformanceRun(
  context: ProbeContext,
  useDist: boolean,
  extraArgs: readonly string[] | ((origin: string) => readonly string[]) = [],
): Promise<{ kind: 'measured'; seconds: number; note: string } | { kind: 'skipped'; reason: string }> {
  const built = useDist && existsSync(`${context.root}/dist/conformance/cli.js`);
  if (!built && !existsSync(`${context.root}/conformance/cli.ts`)) {
    return { kind: 'skipped', reason: 'conformance/cli.ts does not exist yet' };
  }
  const command = built ? ['bin/petstore-conformance.js'] : ['--import', 'tsx', 'conformance/cli.ts'];
  const runs: { seconds: number; code: number | null }[] = [];
  for (let run = 0; run < CONFORMANCE_RUNS; run++) {
    const measured = await timeConformanceOnce(context, command, extraArgs);
    // Exit 0 is a clean run and 1 a run that found failures; anything else did not run to the end.
    if (measured.code !== 0 && measured.code !== 1) {
      return {
        kind: 'skipped',
        reason: `the conformance CLI exited with ${measured.code}: ${measured.tail.slice(0, 160)}`,
      };
    }
    runs.push(measured);
  }
  const times = runs.map((run) => run.seconds.toFixed(2)).join(', ');
  const codes = [...new Set(runs.map((run) => run.code))].join(' and ');
  return {
    kind: 'measured',
    seconds: median(runs.map((run) => run.seconds)),
    note: `${built ? 'dist' : 'tsx'}, exit ${codes}; median of ${times} s`,
  };
}

/** One run of the conformance CLI against a mock started for it. */
async function timeConformanceOnce(
  context: ProbeContext,
  command: readonly string[],
  extraArgs: readonly string[] | ((origin: string) => readonly string[]),
): Promise<{ seconds: number; code: number | null; tail: string }> {
  const mock = await startOurs(context, 'ours (conformance)');
  const args = typeof extraArgs === 'function' ? extraArgs(mock.origin) : extraArgs;
  try {
    const started = performance.now();
    const child = spawnNode(
      'conformance',
      [...command, '--base-url', `${mock.origin}/v1`, '--api-key', context.apiKey, ...args],
      { cwd: context.root },
    );
    const timeout = setTimeout(() => void stop(child), 60_000);
    const code = await new Promise<number | null>((resolve) => child.process.once('exit', resolve));
    clearTimeout(timeout);
    const seconds = (performance.now() - started) / 1000;
    const tail = child.output().trim().split('\n').slice(-3).join(' / ');
    context.log(`conformance ${args.join(' ')}: exit ${code} in ${seconds.toFixed(2)} s: ${tail}`);
    return { seconds, code, tail };
  } finally {
    await stop(mock.child);
  }
}
