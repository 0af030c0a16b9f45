import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startServer } from '../node/server.ts';
import { runToEnd } from '../test-support/cli-run.ts';
import { call, describeMcpTools, orderStatus, reportedBaseUrl } from './test-support/mcp-cases.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const CLI = ['--import', 'tsx', 'src/cli/cli.ts', 'mcp'];
const API_KEY = 'stdio-agent-key-81c0';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * `petstore-mock mcp …` as an MCP client starts it: a child process spoken to on stdin and stdout. A shared one
 * is closed by its owner.
 */
async function spawnMcp(argv: string[], { shared = false } = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...CLI, ...argv],
    cwd: ROOT,
    env: process.env as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'petstore-mock-test', version: '1.0.0' });
  await client.connect(transport);
  if (!shared) cleanups.push(() => client.close());
  return client;
}

// One child for the shared cases (each spawn costs seconds): every case starts from a reset mock.
let embedded: Promise<Client> | undefined;
afterAll(async () => (await embedded)?.close());
describeMcpTools('stdio (petstore-mock mcp --embedded)', async () => {
  embedded ??= spawnMcp(['--embedded', '--api-key', API_KEY], { shared: true });
  const client = await embedded;
  await call(client, 'reset');
  return { client, baseUrl: await reportedBaseUrl(client), apiKey: API_KEY };
});

describe('petstore-mock mcp', () => {
  test('--url drives a mock that is already running, with the key it was given', async () => {
    const mock = await startServer({ port: 0, apiKeys: [API_KEY] });
    cleanups.push(() => mock.close());
    const client = await spawnMcp(['--url', mock.baseUrl, '--api-key', API_KEY]);
    expect(await reportedBaseUrl(client)).toBe(mock.baseUrl);
    expect((await call(client, 'ship_order', { orderId: 1 })).structured).toMatchObject({
      status: 200,
      body: { id: 1, status: 'shipped' },
    });
    expect(await orderStatus(mock.url, 1)).toBe('shipped');
    const listed = await call(client, 'store_request', { path: '/store/orders' });
    expect(listed.structured.status).toBe(200);
  });

  test('tells the agent to start the mock when nothing listens at --url', async () => {
    const idle = await startServer({ port: 0 });
    await idle.close();
    const client = await spawnMcp(['--url', idle.baseUrl]);
    const result = await call(client, 'list_orders');
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /Nothing listens at .* start the mock with npx petstore-mock, or .* --embedded/,
    );
  });

  test('ends with exit code 0 when the client closes its stdin, stopping its embedded mock', async () => {
    const child = spawn(process.execPath, [...CLI, '--embedded'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    await expect
      .poll(() => stderr, { timeout: 15_000 })
      .toMatch(/MCP server on stdio, driving the mock at http/);
    const exited = once(child, 'exit');
    child.stdin.end();
    expect(await exited).toEqual([0, null]);
  });

  test.each([
    [['--url', 'http://127.0.0.1:4010/v1', '--embedded'], /either --url .* or --embedded/],
    [['--url', 'ftp://127.0.0.1/v1'], /--url must be an http or https URL/],
    [['--url', 'http://127.0.0.1:4010/api'], /--url must be the mock's base URL/],
    [['--api-key', 'two words'], /--api-key must be an RFC 6750 token/],
    [['--port', '3'], /Unknown option '--port'.*see petstore-mock mcp --help/],
  ])('refuses %j with one line and exit code 2', async (argv, message) => {
    const { code, stderr, stdout } = await runToEnd(['mcp', ...argv]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout).toBe('');
  });

  test('--help prints its usage', async () => {
    const { code, stdout } = await runToEnd(['mcp', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: petstore-mock mcp \[--url URL \| --embedded\]/);
  });
});
