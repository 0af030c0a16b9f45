import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildah,
  buildImage,
  containerProcess,
  type ImageConfig,
  imageConfig,
  imageSize,
  pidOneContainer,
  type Started,
  workingContainer,
} from './buildah.ts';
import { type PrivateNetwork, privateNetwork } from './private-network.ts';
import { missingTools } from './tools.ts';

/**
 * The root Dockerfile built with buildah on a local Node base laid out like the official one
 * (scripts/container/node-base.sh), then its entrypoint run as a container would run it: in a network of its
 * own, with the image's own settings (0.0.0.0:4010), reached by IP and by service name.
 */
const exec = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const image = `localhost/petstore-mock-test:${process.pid}`;
const KEY = 'container-test-key';
const missing = missingTools();
const cleanup: (() => unknown)[] = [];
let base = '';
let config: ImageConfig;

beforeAll(async () => {
  if (missing) return;
  base = (await exec(join(root, 'scripts/container/node-base.sh'), { maxBuffer: 16 << 20 })).stdout.trim();
  cleanup.push(() => buildah('rmi', image).catch(() => ''));
  await buildImage({ context: root, base, tag: image });
  config = await imageConfig(image);
}, 600_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A network of its own for one group of tests, as a compose project has; removed after the run. */
async function ownNetwork(): Promise<PrivateNetwork> {
  const network = await privateNetwork();
  cleanup.push(() => network.close());
  return network;
}

/** The image's entrypoint with these arguments, started in a working container of its own in `network`. */
async function startMock(
  network: PrivateNetwork,
  args: string[],
  env: Record<string, string> = {},
  hosts: Record<string, string> = {},
) {
  const container = await workingContainer(image, hosts);
  const started = container.start([...(config.Entrypoint ?? []), ...args], env, network.spawn);
  const exited = once(started.process, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  cleanup.push(async () => {
    const node = containerProcess(started.process.pid ?? -1, 'node');
    if (node) process.kill(node.pid, 'SIGKILL');
    await exited;
    await container.remove();
  });
  await listening(started);
  return { container, started, exited };
}

async function listening(started: Started): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (/listening on http:\/\/\S+/.test(started.stdout())) return;
    if (started.process.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the mock did not start:\n${started.stdout()}\n${started.stderr()}`);
}

const bearer = { authorization: `Bearer ${KEY}` };

describe.skipIf(missing !== '')(`the image${missing ? ` (skipped: missing ${missing})` : ''}`, () => {
  test('declares its health check, an unprivileged user, port 4010 and the CLI as entrypoint', () => {
    expect(config.Healthcheck?.Test).toEqual(['CMD', 'petstore-mock', 'health']);
    expect(config.User).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(Object.keys(config.ExposedPorts ?? {})).toEqual(['4010/tcp']);
    expect(config.Entrypoint).toEqual(['petstore-mock']);
    expect(config.Env).toEqual(expect.arrayContaining(['HOST=0.0.0.0', 'PORT=4010']));
  });

  test('adds at most 60 MB to its base', async () => {
    const added = (await imageSize(image)) - (await imageSize(base));
    console.info(`application layer: ${(added / 1e6).toFixed(1)} MB above ${base}`);
    expect(added).toBeLessThanOrEqual(60e6);
  });

  test('holds the packed package with its production dependencies only, no test file', async () => {
    const container = await workingContainer(image);
    cleanup.push(() => container.remove());
    const listing = await container.run(['node', '-e', LIST_APP]);
    expect(listing.code).toBe(0);
    const { dependencies, files } = JSON.parse(listing.stdout) as { dependencies: string[]; files: string[] };
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const devOnly = Object.keys(manifest.devDependencies).filter((name) => !(name in manifest.dependencies));
    expect(dependencies).toEqual(expect.arrayContaining(Object.keys(manifest.dependencies)));
    expect(dependencies.filter((name) => devOnly.includes(name))).toEqual([]);
    expect(files).toContain('dist/cli/cli.cjs');
    expect(
      files.filter((file) => /\.test\.|test-support|\.ts$/.test(file) && !file.endsWith('.d.ts')),
    ).toEqual([]);
  });
});

describe.skipIf(missing !== '')('its entrypoint, as a container runs it', () => {
  let network: PrivateNetwork;
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    network = await ownNetwork();
    mock = await startMock(network, ['--api-key', KEY]);
  }, 60_000);

  test('serves the order list with the key, and 401 without it', async () => {
    const list = await network.request(4010, '/v1/store/orders', { headers: bearer });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toHaveLength(25);
    expect((await network.request(4010, '/v1/store/orders')).status).toBe(401);
  });

  test('answers a request addressed to its service name, Host: mock:4010', async () => {
    const answer = await network.request(4010, '/v1/store/orders', {
      headers: { ...bearer, host: 'mock:4010' },
    });
    expect(answer.status).toBe(200);
  });

  test('still refuses a name with a dot it was not given, and the control plane to a foreign page', async () => {
    const rebound = await network.request(4010, '/v1/store/orders', {
      headers: { ...bearer, host: 'rebind.attacker.example:4010' },
    });
    expect(rebound.status).toBe(421);
    const foreign = await network.request(4010, '/__mock/reset', {
      method: 'POST',
      headers: { host: 'mock:4010', origin: 'http://attacker.example' },
    });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).code).toBe('FOREIGN_ORIGIN');
  });

  test('runs as the unprivileged user the image names', async () => {
    const node = containerProcess(mock.started.process.pid ?? -1, 'node');
    expect(node?.uid).toBe(Number(config.User.split(':')[0]));
    expect(node?.uid).not.toBe(0);
  });

  test('petstore-mock health inside the image exits 0 while the mock answers, 1 when nothing does', async () => {
    const healthy = await mock.container.run(['petstore-mock', 'health'], {}, network.spawn);
    expect(healthy.code, healthy.stderr).toBe(0);
    const nobody = await mock.container.run(['petstore-mock', 'health'], { PORT: '4999' }, network.spawn);
    expect(nobody.code).toBe(1);
  });
});

describe.skipIf(missing !== '')('SIGTERM, as docker stop sends it', () => {
  test('ends the mock running as PID 1 with exit 0 within 2 s, after the answer in flight', async () => {
    const network = await ownNetwork();
    const container = await pidOneContainer(image, config);
    cleanup.push(() => container.remove());
    const command = [...(config.Entrypoint ?? []), '--api-key', KEY, '--latency', '800ms'];
    const started = container.start(command, {}, network.spawn);
    const exited = once(started.process, 'exit') as Promise<[number | null]>;
    cleanup.push(async () => {
      if (started.process.exitCode === null) started.process.kill('SIGKILL');
      await exited;
    });
    await listening(started);
    const node = containerProcess(started.process.pid ?? -1, 'node');
    expect(node).toBeDefined();
    const inFlight = network.request(4010, '/v1/store/orders', { headers: bearer });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // PID 1 ignores a signal it has no handler for: this proves the mock handles SIGTERM itself.
    expect(node?.pidInItsNamespace).toBe(1);
    const signalled = performance.now();
    process.kill(node?.pid ?? -1, 'SIGTERM');
    const [code] = await exited;
    expect(performance.now() - signalled).toBeLessThan(2000);
    expect(code).toBe(0);
    expect((await inFlight).status).toBe(200);
  });
});

describe.skipIf(missing !== '')("compose.yaml's services, run from the image", () => {
  const compose = load(readFileSync(join(root, 'compose.yaml'), 'utf8')) as Compose;

  test('two replicas on one Redis share the orders, and the conformance service grades them with exit 0', async () => {
    const { mock, conformance, app } = compose.services;
    expect(mock.deploy?.replicas).toBe(2);
    const network = await ownNetwork();
    const redisServer = process.env.REDIS_SERVER ?? 'redis-server';
    const redis = network.spawn(redisServer, ['--port', '6379', '--save', '', '--appendonly', 'no']);
    cleanup.push(() => redis.kill('SIGKILL'));
    const services = { redis: '127.0.0.1', mock: '127.0.0.1' };
    const env = environment(mock.environment);
    await startMock(network, mock.command ?? [], env, services);
    // Compose gives each replica a network of its own; here they share one, so the second takes 4011.
    await startMock(network, mock.command ?? [], { ...env, PORT: '4011' }, services);
    const headers = { authorization: `Bearer ${env.PETSTORE_API_KEY}`, host: 'mock:4010' };
    const cancel = await network.request(4010, '/v1/store/orders/1', { method: 'DELETE', headers });
    expect(cancel.status).toBe(204);
    const other = await network.request(4011, '/v1/store/orders', { headers });
    expect(JSON.parse(other.body).map((order: { id: number }) => order.id)).not.toContain(1);

    const grader = await workingContainer(image, services);
    cleanup.push(() => grader.remove());
    const graded = await grader.run(
      [...(conformance.entrypoint ?? []), ...(conformance.command ?? [])],
      environment(conformance.environment),
      network.spawn,
    );
    expect(graded.code, graded.stdout + graded.stderr).toBe(0);
    const ran = await grader.run(app.command ?? [], environment(app.environment), network.spawn);
    expect(ran.stdout.trim()).toBe('orders: 200 24');
  });
});

interface ComposeService {
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
}
interface Compose {
  services: Record<'redis' | 'mock' | 'app' | 'conformance', ComposeService>;
}

/** A service's environment with compose's `${NAME:-default}` read as compose reads it (NAME unset here). */
function environment(values: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value.replace(/\$\{\w+:-([^}]*)\}/g, '$1')]),
  );
}

// Lists the app's top-level dependencies and its files (outside node_modules), as JSON.
const LIST_APP = `
const { readdirSync } = require('node:fs');
const app = '/opt/petstore-mock';
const dependencies = readdirSync(app + '/node_modules').filter((name) => !name.startsWith('.'))
  .flatMap((name) => name.startsWith('@') ? readdirSync(app + '/node_modules/' + name).map((inner) => name + '/' + inner) : [name]);
const files = readdirSync(app, { recursive: true }).filter((file) => !file.startsWith('node_modules'));
console.log(JSON.stringify({ dependencies, files }));
`;
