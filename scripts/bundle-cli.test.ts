import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { generateOrders } from '../src/seed/generate.ts';
import { redisServerInstalled, startRedisServer } from '../src/test-support/redis-server.ts';
import { CLI_BUNDLE, GENERATE_WORKER_BUNDLE } from './bundle-cli.ts';
import { reached } from './bundle-reach.ts';
import { buildWithStartChunk, esbuildOptions, type StartChunkOptions } from './start-chunk.ts';

const execFileAsync = promisify(execFile);

/** What esbuild's pass of a bundle's options reads and writes, built in memory. */
async function metafileOf(options: StartChunkOptions) {
  const { metafile } = await build({
    ...esbuildOptions(options),
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  return metafile;
}

/** The CLI bundle's outputs and its entry chunk. */
async function bundled() {
  const outputs = (await metafileOf(CLI_BUNDLE)).outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === 'src/cli/cli.ts') as string;
  return { outputs, entry };
}

describe("the CLI bundle's chunks", () => {
  test('hold one copy of faker: the generating worker loads it from node_modules', async () => {
    const inputs = Object.keys((await metafileOf(GENERATE_WORKER_BUNDLE)).inputs);
    expect(inputs).toContain('src/seed/generate.ts');
    expect(inputs.filter((input) => input.includes('node_modules/'))).toEqual([]);
  });

  test('keep the MCP server, its SDK, zod and the conformance suite off the start path', async () => {
    const { outputs, entry } = await bundled();
    const isMcp = (name: string) => name.startsWith('@modelcontextprotocol/') || name === 'zod';
    const isMcpSource = (file: string) => file.startsWith('src/mcp/') || file.startsWith('conformance/');

    const start = reached(outputs, entry, false);
    expect(start.packages.filter(isMcp)).toEqual([]);
    expect(start.sources.filter(isMcpSource)).toEqual([]);
    // Not vacuous: `petstore-mock mcp` and --mcp do load them.
    const all = reached(outputs, entry, true);
    expect(all.packages.filter(isMcp)).toEqual(
      expect.arrayContaining([
        '@modelcontextprotocol/sdk/server/mcp.js',
        '@modelcontextprotocol/sdk/server/stdio.js',
      ]),
    );
    expect(all.sources).toEqual(expect.arrayContaining(['src/mcp/stdio.ts', 'conformance/run/runner.ts']));
  });

  test("keep the validators of the dashboard's request bodies off the start path, for its first write", async () => {
    const { outputs, entry } = await bundled();
    const validators = 'src/domains/request-bodies.generated.ts';
    expect(reached(outputs, entry, false).sources).not.toContain(validators);
    expect(reached(outputs, entry, true).sources).toContain(validators);
  });

  test("keep the domains simulation's engine and routes off the start path, for its first use", async () => {
    const { outputs, entry } = await bundled();
    const engine = ['src/domains/dashboard.ts', 'src/domains/api-routes.ts', 'src/domains/lifecycle.ts'];
    const start = reached(outputs, entry, false).sources;
    expect(start.filter((source) => engine.includes(source))).toEqual([]);
    // What it needs before: its route list, its presets' names, the check of a saved state, the host test.
    expect(start).toEqual(
      expect.arrayContaining(['src/domains/on-first-use.ts', 'src/domains/host-routing.ts']),
    );
    expect(reached(outputs, entry, true).sources).toEqual(expect.arrayContaining(engine));
  });

  test('load no package and none of the Node modules that only an option needs on the start path', async () => {
    const { outputs, entry } = await bundled();
    const start = reached(outputs, entry, false);
    // Packages (faker for --seed, js-yaml for a YAML config file, node-redis for --store, write-file-atomic for
    // --state-file, undici for --passthrough, ipaddr.js and tldts for the simulation's records) load when first
    // used.
    expect(start.packages.filter((name) => !name.startsWith('node:'))).toEqual([]);
    // Nor the packages carried in the bundle (node-redis for --store, faker for --seed, js-yaml for a YAML config
    // file).
    expect(start.sources.filter((source) => source.includes('node_modules/'))).toEqual([]);
    const onlyWhenAsked = ['node:cluster', 'node:worker_threads', 'node:crypto', 'node:dns/promises'];
    expect(start.packages.filter((name) => onlyWhenAsked.includes(name))).toEqual([]);
    // Not vacuous: the options that need them do load them.
    const all = reached(outputs, entry, true);
    expect(all.packages).toEqual(
      expect.arrayContaining(['write-file-atomic', 'ipaddr.js', 'tldts', ...onlyWhenAsked]),
    );
    const carried = all.sources.filter((source) => source.includes('node_modules/'));
    const carriedPackages = ['@redis/client', '@faker-js/faker', 'js-yaml'].map((name) =>
      carried.filter((source) => source.includes(`node_modules/${name}/`)),
    );
    for (const sources of carriedPackages) expect(sources.length).toBeGreaterThan(0);
    expect(carried.length).toBe(carriedPackages.flat().length);
  });
});

/** Builds the CLI bundle under the project's folder, so that the packages left outside it resolve from node_modules. */
async function builtBundle() {
  const outdir = await mkdtemp(join(process.cwd(), '.bundle-test-'));
  const { metafile } = await buildWithStartChunk({
    ...CLI_BUNDLE,
    outdir,
    sourcemap: false,
    metafile: true,
    logLevel: 'silent',
  });
  const external = Object.values(metafile?.outputs ?? {}).flatMap((output) =>
    output.imports.filter((found) => found.external).map((found) => found.path),
  );
  return { outdir, external };
}

/**
 * Starts the built CLI (or another `entry`, relative to `outdir`) with `args`, after Node's `nodeArgs`, and answers
 * the list's status and length once it listens (and the list itself, as `body`); `stop` as withBundledCli's.
 */
async function listFrom(
  outdir: string,
  args: readonly string[],
  nodeArgs: readonly string[] = [],
  entry = 'cli.cjs',
  stop: Parameters<typeof withBundledCli>[5] = {},
) {
  return withBundledCli(
    outdir,
    args,
    nodeArgs,
    entry,
    async (baseUrl) => {
      const response = await fetch(`${baseUrl}/store/orders`, { headers: { authorization: 'Bearer k' } });
      const body = (await response.json()) as unknown[];
      return { status: response.status, orders: body.length, body };
    },
    stop,
  );
}

/**
 * Starts the bundled CLI, hands `use` the API's base URL once it prints it, and kills the CLI after; with
 * `stop.gracefully`, stops it with SIGTERM (as Ctrl+C would) and expects exit code 0.
 */
async function withBundledCli<T>(
  outdir: string,
  args: readonly string[],
  nodeArgs: readonly string[],
  entry: string,
  use: (baseUrl: string) => Promise<T>,
  stop: { readonly gracefully?: boolean; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<T> {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(outdir, entry), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(stop.env ? { env: stop.env } : {}),
  });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk;
        const match = /http:\/\/[^\s"]+:\d+\/v1/.exec(output);
        if (match) resolve(match[0]);
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    const result = await use(baseUrl);
    if (stop.gracefully) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    }
    return result;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('the bundled CLI with --store', () => {
  const hasRedis = redisServerInstalled();

  test.skipIf(!hasRedis)('serves the list from Redis through the node-redis it carries', async () => {
    const redis = await startRedisServer();
    const { outdir, external } = await builtBundle();
    try {
      expect(external.filter((path) => path.startsWith('@redis/'))).toEqual([]);
      const args = ['--port', '0', '--host', '127.0.0.1', '--api-key', 'k', '--store', redis.url];
      const list = await listFrom(outdir, args);
      expect(list.status).toBe(200);
      expect(list.orders).toBeGreaterThan(0);
    } finally {
      await redis.stop();
      await rm(outdir, { recursive: true, force: true });
    }
  });
});

describe("the bundled CLI's start", () => {
  test("reads one file of ours before the first answer, cli.cjs, which requires Node's modules alone and is ASCII", async () => {
    const { outdir } = await builtBundle();
    try {
      const code = await readFile(join(outdir, 'cli.cjs'), 'utf8');
      // What the file requires as it is read (the lines atop it); what it requires later is loaded on demand.
      const required = [...code.matchAll(/^(?:const|let|var) \w+ = require\("([^"]+)"\);$/gm)].map(
        (match) => match[1] as string,
      );
      expect(required).toContain('node:http');
      expect(required.filter((path) => !path.startsWith('node:'))).toEqual([]);
      // A chunk loaded on demand reaches the shared code in cli.cjs itself (through its exports' getters).
      const chunks = (await readdir(outdir)).filter(
        (name) => name.startsWith('cli-') && name.endsWith('.cjs'),
      );
      const sharing = await Promise.all(
        chunks.map(async (name) =>
          (await readFile(join(outdir, name), 'utf8')).includes('require("./cli.cjs")'),
        ),
      );
      expect(sharing).toContain(true);
      // ASCII only: one other character makes Node decode a whole file into two-byte characters, more slowly.
      expect(code.match(/[^\t\n\r -~]/g) ?? []).toEqual([]);
      expect(await listFrom(outdir, ['--port', '0', '--host', '127.0.0.1', '--api-key', 'k'])).toMatchObject({
        status: 200,
        orders: 25,
      });
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });

  test('answers the first request loading no crypto module a bare node:http server does not (only OAuth tokens need Web Crypto, about 2 ms on Node 20), nor what an import of node:util or node:net would', async () => {
    const { outdir } = await builtBundle();
    try {
      // Node's modules loaded by the time the first request arrives, written by a preload the server never sees.
      const preload = join(outdir, 'record-loaded.cjs');
      await writeFile(
        preload,
        [
          "const http = require('node:http');",
          "const { basename, join } = require('node:path');",
          'const emit = http.Server.prototype.emit;',
          'http.Server.prototype.emit = function (event, ...rest) {',
          "  const file = join(__dirname, 'loaded-' + basename(process.argv[1]) + '.txt');",
          "  if (event === 'request') require('node:fs').writeFileSync(file, process.moduleLoadList.join('\\n'));",
          '  return emit.call(this, event, ...rest);',
          '};',
        ].join('\n'),
      );
      // The reference: Node 24's own http loads crypto, Node 20's does not.
      await writeFile(
        join(outdir, 'bare.mjs'),
        [
          "import { createServer } from 'node:http';",
          "const server = createServer((request, response) => response.end('[]'));",
          "server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/v1'));",
        ].join('\n'),
      );
      const loaded = async (entry: string) =>
        (await readFile(join(outdir, `loaded-${entry}.txt`), 'utf8')).split('\n');
      const loadedCrypto = async (entry: string) =>
        (await loaded(entry)).filter((name) => name.includes('crypto'));
      const args = ['--port', '0', '--host', '127.0.0.1', '--api-key', 'k'];
      expect(await listFrom(outdir, args, ['--require', preload])).toMatchObject({ status: 200, orders: 25 });
      expect(await listFrom(outdir, [], ['--require', preload], 'bare.mjs')).toMatchObject({
        status: 200,
        orders: 0,
      });
      expect(await loadedCrypto('cli.cjs')).toEqual(await loadedCrypto('bare.mjs'));
      // An ES module of node:util or node:net reads every export, and these getters load modules of their own.
      const gettersOnly = ['internal/mime', 'internal/blocklist', 'internal/socketaddress'];
      const isGetterOnly = (name: string) => gettersOnly.some((module) => name === `NativeModule ${module}`);
      expect((await loaded('cli.cjs')).filter(isGetterOnly)).toEqual([]);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});

describe("the bundled CLI's dashboard", () => {
  test('checks a write against the spec through the validators it loads on the first one', async () => {
    const { outdir } = await builtBundle();
    try {
      const args = ['--port', '0', '--host', '127.0.0.1', '--api-key', 'k', '--quiet'];
      const answers = await withBundledCli(outdir, args, [], 'cli.cjs', async (baseUrl) => {
        const create = (body: string) =>
          fetch(new URL('/__mock/dashboard/projects', baseUrl), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          }).then(async (response) => ({ status: response.status, body: await response.json() }));
        return [await create('{}'), await create('{"id":"shop"}')];
      });
      expect(answers).toEqual([
        {
          status: 400,
          body: expect.objectContaining({
            code: 'INVALID_REQUEST',
            message: expect.stringContaining('"id" is required'),
          }),
        },
        { status: 201, body: expect.objectContaining({ id: 'shop', plan: 'free' }) },
      ]);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});

describe('the bundled CLI with a YAML config file', () => {
  test('reads the file through the js-yaml the bundle carries and serves what the file sets', async () => {
    const { outdir, external } = await builtBundle();
    try {
      expect(external).not.toContain('js-yaml');
      const config = join(outdir, 'petstore-mock.config.yaml');
      await writeFile(
        config,
        'mock:\n  port: 0\n  host: 127.0.0.1\n  api-key: [k]\n  orders: 3\n  quiet: true\n',
      );
      expect(await listFrom(outdir, ['--config', config])).toMatchObject({ status: 200, orders: 3 });
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });

  test('a file that is not YAML is still one line with its line number', async () => {
    const { outdir } = await builtBundle();
    try {
      const config = join(outdir, 'broken.yaml');
      await writeFile(config, 'mock:\n  port: 0\n  api-key: [k\n  quiet: true\n');
      const { code, stderr } = await execFileAsync(process.execPath, [
        join(outdir, 'cli.cjs'),
        '--config',
        config,
      ]).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/broken\.yaml: not valid YAML at line \d/),
      ]);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});

describe('the bundled CLI with --seed', () => {
  test('draws the very orders the library draws for the seed', async () => {
    const { outdir } = await builtBundle();
    try {
      const args = ['--port', '0', '--host', '127.0.0.1', '--api-key', 'k', '--seed', '42', '--orders', '25'];
      const { body } = await listFrom(outdir, args);
      const drawn = generateOrders({ seed: 42, count: 25 }).map(({ status: _status, ...order }) => order);
      expect(body).toEqual(drawn);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});

describe('the bin on Node 20', () => {
  // Skipped from Node 22.1 only, where the bin turns on Node's own compile cache instead of the bundle's; every CI
  // leg that runs this file runs Node 20.
  test.skipIf('enableCompileCache' in process.getBuiltinModule('node:module'))(
    'keeps the compiled code of the CLI when stopped, and the next start reads all of it back (Node 20 and 21)',
    async () => {
      const project = await mkdtemp(join(process.cwd(), '.bundle-test-'));
      const cache = await mkdtemp(join(tmpdir(), 'compile-cache-'));
      try {
        const outdir = join(project, 'dist', 'cli');
        await buildWithStartChunk({ ...CLI_BUNDLE, outdir, sourcemap: false, logLevel: 'silent' });
        await mkdir(join(project, 'bin'));
        await copyFile('bin/petstore-mock.cjs', join(project, 'bin', 'petstore-mock.cjs'));
        const env = { ...process.env, NODE_COMPILE_CACHE: cache };
        const startAndStop = async () =>
          (
            await listFrom(
              outdir,
              ['--port', '0', '--host', '127.0.0.1', '--api-key', 'k'],
              [],
              '../../bin/petstore-mock.cjs',
              { gracefully: true, env },
            )
          ).orders;
        const entries = async () => {
          const [folder] = await readdir(cache);
          const names = await readdir(join(cache, folder as string));
          return Promise.all(
            names.map(async (name) => ({
              name,
              written: (await stat(join(cache, folder as string, name))).mtimeMs,
            })),
          );
        };
        expect(await startAndStop()).toBe(25);
        const kept = await entries();
        expect(kept.map(({ name }) => name.slice(0, name.lastIndexOf('.')))).toContain('cli.cjs');
        // Read back, every entry: none is written again.
        expect(await startAndStop()).toBe(25);
        expect(await entries()).toEqual(kept);
      } finally {
        await rm(project, { recursive: true, force: true });
        await rm(cache, { recursive: true, force: true });
      }
    },
  );
});
