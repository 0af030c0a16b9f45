import { createServer } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, test } from 'vitest';
import { startServer } from '../node/server.ts';
import { createMcpServer } from './mcp-server.ts';
import { isLoopback } from './run-conformance.ts';
import { call, orderStatus } from './test-support/mcp-cases.ts';

const API_KEY = 'conformance-agent-key-3b9d';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The tools in this process over the SDK's in-memory transport, driving a mock started here. */
async function connected() {
  const mock = await startServer({ port: 0, apiKeys: [API_KEY] });
  const server = createMcpServer({ origin: mock.url, apiKey: API_KEY, embedded: false });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  cleanups.push(async () => {
    await client.close();
    await mock.close();
  });
  return { client, mock };
}

describe('run_conformance', () => {
  test('refuses order ids for a URL that is not loopback, before sending anything', async () => {
    const { client } = await connected();
    for (const ids of [{ pendingOrderId: '1' }, { shippedOrderId: '2' }]) {
      const result = await call(client, 'run_conformance', { baseUrl: 'https://staging.example/v1', ...ids });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/^Refused: order ids .* loopback URL only, not https:\/\/staging\.example/);
    }
  });

  test('runs the opt-in cancels on the mock when given order ids, and says the run was not safe', async () => {
    const { client, mock } = await connected();
    const run = await call(client, 'run_conformance', { pendingOrderId: '1', shippedOrderId: '2' });
    expect(run.structured).toMatchObject({ safe: false, summary: { outcome: 'passed', exitCode: 0 } });
    expect(await orderStatus(mock.url, 1)).toBe('cancelled');
    expect(run.text).not.toContain(API_KEY);
  });

  test('sends the key to the mock only: another server is graded without it', async () => {
    const { client } = await connected();
    const seen: (string | undefined)[] = [];
    const other = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"code":"NOT_FOUND","message":"no","status":404}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => other.close(() => resolve())));
    const port = (other.address() as { port: number }).port;
    const run = await call(client, 'run_conformance', { baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(run.structured).toMatchObject({ apiKey: 'not sent', safe: true });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((authorization) => authorization?.includes(API_KEY))).toEqual([]);
  });

  test('answers a URL it cannot use with a tool error', async () => {
    const { client } = await connected();
    const result = await call(client, 'run_conformance', { baseUrl: 'not a url' });
    expect(result).toMatchObject({ isError: true });
    expect(result.text).toMatch(/baseUrl is not a URL/);
  });
});

describe('a loopback URL', () => {
  test.each(['localhost', '127.0.0.1', '127.8.9.10', '[::1]', '[::ffff:127.0.0.1]'])('%s is one', (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  test.each(['localhost.example', 'staging.example', '10.0.0.1', '[::2]', '0.0.0.0', 'x.localhost'])(
    '%s is not',
    (host) => {
      expect(isLoopback(host)).toBe(false);
    },
  );
});
