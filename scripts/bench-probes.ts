/** The bench's one-off measures: start-up to the first 200, the MSW comparison and the conformance run. */
import { existsSync } from 'node:fs';
import { median } from './bench-load.ts';
import { bannerUrl, type Child, freePort, spawnNode, stop, waitForStatus } from './bench-processes.ts';
import type { Measure } from './bench-report.ts';

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

/** Seconds from spawn to the first 200 on the order list, ours and Prism's alternately; medians. */
export async function startup(context: ProbeContext, runs: number, withPrism = true): Promise<Measure> {
  const auth = { authorization: `Bearer ${context.apiKey}` };
  const ours: number[] = [];
  const prism: number[] = [];
  for (let run = 0; run < runs; run++) {
    let started = performance.now();
    const mock = await startOurs(context, 'ours (start-up)');
    await waitForStatus(mock.child, `${mock.origin}/v1/store/orders`, auth);
    ours.push((performance.now() - started) / 1000);
    await stop(mock.child);
    if (!withPrism || !context.prismCommand) continue;
    const port = await freePort();
    started = performance.now();
    const child = spawnNode('prism (start-up)', context.prismCommand(port), {
      cpu: context.cpu,
      cwd: context.root,
    });
    await waitForStatus(child, `http://127.0.0.1:${port}/store/orders`, auth, 200, 60_000);
    prism.push((performance.now() - started) / 1000);
    await stop(child);
  }
  context.log(
    `start-up: ours ${ours.map((s) => s.toFixed(2)).join(' ')} s; Prism ${prism.map((s) => s.toFixed(2)).join(' ')} s`,
  );
  return { kind: 'measured', ours: median(ours), ...(prism.length ? { reference: median(prism) } : {}) };
}

/** Milliseconds per fetch through our MSW handlers and through a minimal one, in one child process. */
export async function mswPerFetch(context: ProbeContext, seconds: number, rounds: number): Promise<Measure> {
  const child = spawnNode(
    'msw',
    ['--import', 'tsx', 'scripts/bench-msw.ts', '--seconds', String(seconds), '--rounds', String(rounds)],
    { cpu: context.cpu, cwd: context.root },
  );
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', resolve));
  const line = child.output().trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new Error(`bench-msw exited with ${code}:\n${child.output().slice(-2000)}`);
  const { samples } = JSON.parse(line) as { samples: { ours: number; minimal: number }[] };
  context.log(`msw: ${samples.map((s) => `${s.ours.toFixed(3)}/${s.minimal.toFixed(3)}`).join(' ')} ms`);
  const ratio = median(samples.map((sample) => sample.ours / sample.minimal));
  return {
    kind: 'measured',
    ours: median(samples.map((sample) => sample.ours)),
    reference: median(samples.map((sample) => sample.minimal)),
    ratio,
    note: `median ratio per round ${ratio.toFixed(2)}×`,
  };
}

/**
 * Wall time of the conformance CLI against our server (already listening), from spawning the CLI to its exit.
 * Skipped with the reason when the suite is not there yet or cannot run.
 */
export async function conformanceRun(
  context: ProbeContext,
  useDist: boolean,
  extraArgs: readonly string[] = [],
): Promise<Measure> {
  const built = useDist && existsSync(`${context.root}/dist/conformance/cli.js`);
  if (!built && !existsSync(`${context.root}/conformance/cli.ts`)) {
    return { kind: 'skipped', reason: 'conformance/cli.ts does not exist yet' };
  }
  const mock = await startOurs(context, 'ours (conformance)');
  try {
    const command = built ? ['bin/petstore-conformance.js'] : ['--import', 'tsx', 'conformance/cli.ts'];
    const started = performance.now();
    const child = spawnNode(
      'conformance',
      [...command, '--base-url', `${mock.origin}/v1`, '--api-key', context.apiKey, ...extraArgs],
      { cwd: context.root },
    );
    const timeout = setTimeout(() => void stop(child), 60_000);
    const code = await new Promise<number | null>((resolve) => child.process.once('exit', resolve));
    clearTimeout(timeout);
    const seconds = (performance.now() - started) / 1000;
    const tail = child.output().trim().split('\n').slice(-3).join(' / ');
    context.log(`conformance ${extraArgs.join(' ')}: exit ${code} in ${seconds.toFixed(2)} s: ${tail}`);
    // Exit 0 is a clean run and 1 a run that found failures; anything else did not run to the end.
    if (code !== 0 && code !== 1) {
      return { kind: 'skipped', reason: `the conformance CLI exited with ${code}: ${tail.slice(0, 160)}` };
    }
    return { kind: 'measured', ours: seconds, note: `${built ? 'dist' : 'tsx'}, exit ${code}` };
  } finally {
    await stop(mock.child);
  }
}
