import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../node/server.ts';
import { runToEnd, start } from '../test-support/cli-run.ts';
import { nodeRequest } from '../test-support/host-request.ts';
import { describeMcpTools } from './test-support/mcp-cases.ts';

const API_KEY = 'agent-test-key-4f2a';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function mockWithMcp(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const mock = await startServer({ port: 0, apiKeys: [API_KEY], mcp: true, ...options });
  cleanups.push(() => mock.close());
  return mock;
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'petstore-mock-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  cleanups.push(() => client.close());
  return client;
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
});
const post = (url: string, headers: Record<string, string>, body = initialize) =>
  fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });

describeMcpTools('Streamable HTTP at /__mock/mcp (--mcp)', async () => {
  const mock = await mockWithMcp();
  return { client: await connect(`${mock.url}/__mock/mcp`), baseUrl: mock.baseUrl, apiKey: API_KEY };
});

describe('the MCP endpoint at /__mock/mcp', () => {
  test("refuses a foreign Origin, as the control plane does, and the SDK's client sees the refusal", async () => {
    const mock = await mockWithMcp();
    const refused = await post(`${mock.url}/__mock/mcp`, { origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FOREIGN_ORIGIN', status: 403 });
    await expect(connect(`${mock.url}/__mock/mcp`, { origin: 'http://evil.example' })).rejects.toThrow(/403/);
    expect((await post(`${mock.url}/__mock/mcp`, { origin: mock.url })).status).toBe(200);
  });

  test('serves a page allowed with --admin-cors-origin, and only that one', async () => {
    const mock = await mockWithMcp({ adminCorsOrigins: ['http://localhost:5173'] });
    expect((await post(`${mock.url}/__mock/mcp`, { origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await post(`${mock.url}/__mock/mcp`, { origin: 'http://localhost:5174' })).status).toBe(403);
  });

  test('refuses a Host off the allow-list (DNS rebinding) and a body that is not JSON', async () => {
    const mock = await mockWithMcp();
    const rebound = await nodeRequest(mock.port, '/__mock/mcp', {
      method: 'POST',
      headers: { host: 'attacker.example', 'content-type': 'application/json' },
      body: initialize,
    });
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 'HOST_NOT_ALLOWED' });
    const form = await post(`${mock.url}/__mock/mcp`, { 'content-type': 'text/plain' });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  test('is stateless: a GET (event stream) or DELETE (end of session) is 405, and the client works without them', async () => {
    const mock = await mockWithMcp();
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(`${mock.url}/__mock/mcp`, {
        method,
        headers: { accept: 'text/event-stream' },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
      expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });

  test('is not served without mcp, nor with the admin API left out', async () => {
    const plain = await startServer({ port: 0 });
    cleanups.push(() => plain.close());
    expect((await post(`${plain.url}/__mock/mcp`, {})).status).toBe(404);
    const noAdmin = await mockWithMcp({ admin: false });
    const answer = await post(`${noAdmin.url}/__mock/mcp`, {});
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('--no-admin'),
    });
  });

  test('petstore-mock --mcp --no-admin is refused with one line and exit code 2', async () => {
    const { code, stderr } = await runToEnd(['--mcp', '--no-admin']);
    expect(code).toBe(2);
    expect(stderr).toBe('petstore-mock: --mcp serves the admin API as tools: drop --no-admin.\n');
  });

  test('petstore-mock --mcp serves it and names it in the banner', async () => {
    const mock = await start('--mcp', '--quiet');
    expect(mock.stdout()).not.toContain('MCP:');
    const verbose = await start('--mcp');
    expect(verbose.stdout()).toContain(`MCP:     ${verbose.url}/__mock/mcp`);
    const client = await connect(`${mock.url}/__mock/mcp`);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('store_request');
  });
});
