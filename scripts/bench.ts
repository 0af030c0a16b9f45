/**
 * `npm run bench`: our server against a bare node:http baseline and Prism's static mock, each in its own
 * process on 127.0.0.1 (pinned to the other core than this load generator when the machine has two), in
 * alternating rounds; then start-up, memory, MSW and the conformance run. Writes reports/bench.md and
 * reports/bench.json and prints the table. Every child is killed at the end, even on failure.
 *
 * Usage: npm run bench -- [--smoke] [--seconds 3] [--rounds 3] [--connections 10] [--large 100000]
 *        [--only list-25,unauthorized,...] [--no-prism] [--no-pin] [--startup-runs 5] [--server dist|source]
 *        [--profile] [--out reports]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateOrders } from '../src/fixtures/generate.ts';
import { bundleLines, mswBundleSizes } from './bench-bundle.ts';
import { type HostileResult, hostileLines, hostileRun } from './bench-hostile.ts';
import { alternate, type Target, type Workload } from './bench-load.ts';
import { conformanceRun, mswPerFetch, type ProbeContext, startOurs, startup } from './bench-probes.ts';
import {
  bannerUrl,
  freePort,
  killAllNow,
  residentMemory,
  serverCpu,
  spawnNode,
  startedPids,
  stopAll,
  waitForStatus,
} from './bench-processes.ts';
import { type ReplicaResults, replicasBench, replicasMarkdown } from './bench-replicas.ts';
import { type BenchResults, type LoadResult, type Measure, markdown } from './bench-report.ts';
import { sessionLines, sessionMemory } from './bench-sessions.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const API_KEY = 'bench-key';
const SEED = 7;
const PRISM_TARGETS = [
  ['prism', 'silent'],
  ['prism-logging', 'info'],
] as const;
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

function options(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      smoke: { type: 'boolean', default: false },
      seconds: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string', default: '10' },
      large: { type: 'string' },
      only: { type: 'string' },
      'no-prism': { type: 'boolean', default: false },
      'no-pin': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'startup-runs': { type: 'string' },
      server: { type: 'string' },
      out: { type: 'string', default: 'reports' },
    },
  });
  const smoke = values.smoke;
  const server = values.server ?? (smoke ? 'source' : 'dist');
  if (server !== 'dist' && server !== 'source') throw new Error('--server must be dist or source');
  return {
    smoke,
    seconds: Number(values.seconds ?? (smoke ? 0.5 : 3)),
    rounds: Number(values.rounds ?? (smoke ? 1 : 3)),
    connections: Number(values.connections),
    large: Number(values.large ?? (smoke ? 10_000 : 100_000)),
    only: values.only ? new Set(values.only.split(',')) : undefined,
    prism: !values['no-prism'],
    pin: !values['no-pin'],
    profile: values.profile,
    startupRuns: Number(values['startup-runs'] ?? (smoke ? 1 : 5)),
    server: server as 'dist' | 'source',
    out: values.out,
  };
}
type Options = ReturnType<typeof options>;

/** Rebuilds dist/ when a source file is newer, so that the bench measures the code in front of it. */
function ensureBuilt(): void {
  const built = (() => {
    try {
      return statSync(`${root}dist/src/node/cli.js`).mtimeMs;
    } catch {
      return 0;
    }
  })();
  const newest = execFileSync('find', ['src', '-name', '*.ts', '-newermt', `@${Math.floor(built / 1000)}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  if (built && !newest) return;
  log('building dist/ (npm run build)');
  try {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'ignore' });
  } catch {
    // Type errors elsewhere (work in progress) still emit; what matters is that the server was rebuilt.
    log('the build reported type errors; continuing with what it emitted');
  }
}

async function startTargets(context: ProbeContext, orderArgs: readonly string[], withPrism: boolean) {
  const ours = await startOurs(context, 'ours', orderArgs);
  const bare = spawnNode(
    'bare',
    ['--import', 'tsx', 'scripts/bare-baseline.ts', '--api-key', API_KEY, ...orderArgs],
    { cpu: context.cpu, cwd: root },
  );
  const targets: Target[] = [
    { name: 'ours', origin: ours.origin, basePath: '/v1', pid: ours.child.pid },
    { name: 'bare', origin: await bannerUrl(bare), basePath: '/v1', pid: bare.pid },
  ];
  // Prism twice: with its quietest logging (as ours runs, --quiet) and as it starts by default (info).
  for (const [name, logLevel] of withPrism && context.prismCommand ? PRISM_TARGETS : []) {
    const port = await freePort();
    const prism = spawnNode(name, context.prismCommand?.(port, logLevel) ?? [], {
      cpu: context.cpu,
      cwd: root,
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitForStatus(prism, `${origin}/store/orders`, { authorization: `Bearer ${API_KEY}` }, 200, 60_000);
    targets.push({ name, origin, basePath: '', pid: prism.pid });
  }
  return targets;
}

async function runLoad(targets: readonly Target[], workloads: readonly Workload[], opts: Options) {
  const results: LoadResult[] = [];
  for (const workload of workloads) {
    // Prism's static mock keeps no state, so only its list and 401 are comparable; the logging one runs
    // the list only, where the issue sets a target against Prism.
    const applicable = targets.filter(
      (t) =>
        (t.name !== 'prism' || ['list-25', 'unauthorized'].includes(workload.id)) &&
        (t.name !== 'prism-logging' || workload.id === 'list-25'),
    );
    log(`${workload.title}: ${applicable.map((t) => t.name).join(', ')}`);
    const samples = await alternate(applicable, workload, {
      seconds: opts.seconds,
      rounds: opts.rounds,
      warmupSeconds: opts.smoke ? 0 : 1,
      connections: opts.connections,
      apiKey: API_KEY,
      onSample: (target, sample) =>
        log(
          `  ${target.name}: ${sample.requestsPerSecond.toFixed(0)} req/s, ` +
            `${sample.cpuMicrosPerRequest?.toFixed(1) ?? '?'} µs CPU/req, statuses ${JSON.stringify(sample.statuses)}`,
        ),
    });
    results.push({ id: workload.id, title: workload.title, samples });
  }
  return results;
}

const list = (id: string, count: number): Workload => ({
  id,
  title: `List, ${count.toLocaleString('en-US')} orders`,
  method: 'GET',
  path: '/store/orders',
  authorized: true,
});

/** The hostile load run (scripts/bench-hostile.ts), printed after the table; set by `run`. */
let hostile: HostileResult | undefined;

async function run(opts: Options): Promise<BenchResults & { replicas: ReplicaResults }> {
  const loadBefore = loadavg()[0]?.toFixed(2) ?? '?';
  if (opts.server === 'dist') ensureBuilt();
  const cpu = serverCpu(opts.pin);
  const context: ProbeContext = {
    root,
    apiKey: API_KEY,
    ...(cpu ? { cpu } : {}),
    oursCommand: [
      // Each of our server processes writes a CPU profile on exit (scripts/bench-profile-summary.ts reads it).
      ...(opts.profile ? ['--cpu-prof', '--cpu-prof-dir', `${root}.bench/profiles`] : []),
      ...(opts.server === 'dist' ? ['bin/petstore-mock.js'] : ['--import', 'tsx', 'src/node/cli.ts']),
    ],
    ...(opts.prism
      ? {
          prismCommand: (port: number, logLevel = 'silent') => [
            'node_modules/@stoplight/prism-cli/dist/index.js',
            'mock',
            'spec/openapi.yaml',
            '-h',
            '127.0.0.1',
            '-p',
            String(port),
            '-v',
            logLevel,
          ],
        }
      : {}),
    log,
  };
  const wanted = (id: string) => !opts.only || opts.only.has(id);
  const skipped = (reason: string): Measure => ({ kind: 'skipped', reason });
  const load: LoadResult[] = [];
  /** Starts the targets for one store size, runs its workloads, and stops them all. */
  async function phase(
    orderArgs: string[],
    workloads: Workload[],
    after?: (targets: Target[]) => Promise<void>,
  ) {
    if (!workloads.some((workload) => wanted(workload.id))) return;
    const withPrism = workloads.some((workload) => workload.id === 'list-25');
    const targets = await startTargets(context, orderArgs, withPrism);
    try {
      load.push(
        ...(await runLoad(
          targets,
          workloads.filter((workload) => wanted(workload.id)),
          opts,
        )),
      );
      await after?.(targets);
    } finally {
      await stopAll();
    }
  }

  await phase(
    [],
    [
      list('list-25', 25),
      { id: 'unauthorized', title: '401, no key', method: 'GET', path: '/store/orders', authorized: false },
      {
        id: 'not-found',
        title: '404, unknown order',
        method: 'DELETE',
        path: '/store/orders/999999999',
        authorized: true,
      },
    ],
  );
  await phase(['--seed', String(SEED), '--orders', '1000'], [list('list-1000', 1000)]);

  let memory = skipped('not selected');
  const pending = generateOrders({ seed: SEED, count: opts.large })
    .filter((order) => order.status === 'pending')
    .map((order) => `/store/orders/${order.id}`);
  const cancel: Workload = {
    id: 'cancel',
    title: `Cancel pending orders (of ${opts.large.toLocaleString('en-US')}, fresh state per round)`,
    method: 'DELETE',
    path: '/store/orders',
    authorized: true,
    paths: pending,
    resetEachRound: true,
  };
  const large = list('list-large', opts.large);
  await phase(['--seed', String(SEED), '--orders', String(opts.large)], [large], async (targets) => {
    // Read right after the list ran under load: the cached JSON, its bytes and the sockets are all resident.
    const [ours, bare] = targets.map((target) => residentMemory(target.pid));
    memory = ours
      ? {
          kind: 'measured',
          ours: ours.peakMb,
          ...(bare ? { reference: bare.peakMb } : {}),
          note: `peak; ${ours.rssMb.toFixed(0)} MB after the run`,
        }
      : skipped('/proc is not available on this platform');
  });
  await phase(['--seed', String(SEED), '--orders', String(opts.large)], [cancel]);

  const startupMeasure = wanted('startup')
    ? await startup(context, opts.startupRuns, !opts.smoke)
    : skipped('not selected');
  // Several replicas (docs/replicas.md): Redis vs memory, 2 workers vs 1; not a gate on 2 shared cores.
  const replicas: ReplicaResults = wanted('replicas')
    ? await replicasBench(context, {
        seconds: opts.seconds,
        rounds: opts.rounds,
        warmupSeconds: opts.smoke ? 0 : 1,
        connections: opts.connections,
        large: opts.large,
        seed: SEED,
        cancel,
      })
    : { kind: 'skipped', reason: 'not selected' };
  const msw = wanted('msw')
    ? await mswPerFetch(context, opts.smoke ? 0.3 : 1, opts.smoke ? 1 : 11)
    : skipped('not selected');
  const conformance = wanted('conformance')
    ? await conformanceRun(context, opts.server === 'dist').catch((error: Error) => skipped(error.message))
    : skipped('not selected');
  if (wanted('hostile')) hostile = await hostileRun(context, opts.smoke);

  const exploration = wanted('explore')
    ? await conformanceRun(context, opts.server === 'dist', ['--explore', '--seed', '1']).catch(
        (error: Error) => skipped(error.message),
      )
    : skipped('not selected');

  return {
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown CPU',
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.versions.node,
      os: `${platform()} ${release()}`,
      loadBefore,
      loadAfter: loadavg()[0]?.toFixed(2) ?? '?',
      date: new Date().toISOString(),
    },
    options: {
      smoke: opts.smoke,
      seconds: opts.seconds,
      rounds: opts.rounds,
      warmupSeconds: opts.smoke ? 0 : 1,
      connections: opts.connections,
      large: opts.large,
      server: opts.server,
      pinned: cpu !== undefined,
    },
    load,
    startup: startupMeasure,
    memory,
    msw,
    conformance,
    replicas,
    exploration,
    pids: startedPids,
  };
}

const opts = options(process.argv.slice(2));
process.once('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllNow();
    process.exit(130);
  });
}
try {
  const results = await run(opts);
  const table = `${markdown(results)}\n${replicasMarkdown(results.replicas, cpus().length)}`;
  const out = isAbsolute(opts.out) ? opts.out : `${root}${opts.out}`;
  mkdirSync(out, { recursive: true });
  writeFileSync(`${out}/bench.md`, table);
  writeFileSync(`${out}/bench.json`, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${table}\nWrote ${opts.out}/bench.md and ${opts.out}/bench.json\n`);
  process.stdout.write(
    `\nMSW handlers in a browser bundle (msw excluded):\n${bundleLines(await mswBundleSizes(root))}\n`,
  );
  if (hostile) process.stdout.write(`\n${hostileLines(hostile).join('\n')}\n`);
} catch (error) {
  log(`failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
