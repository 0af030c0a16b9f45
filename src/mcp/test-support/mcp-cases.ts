import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, test } from 'vitest';
import { TARGET_RESOURCE } from '../mcp-server.ts';
import { adminTools } from '../tools.generated.ts';

/** A connected client and the Store API base URL of the mock its tools drive. */
export interface Connected {
  readonly client: Client;
  readonly baseUrl: string;
  /** The key the mock accepts (and the tools send). */
  readonly apiKey: string;
}

type Structured = { status: number; body: unknown; headers?: Record<string, string> };

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  return { isError: result.isError === true, text, structured: result.structuredContent as Structured };
}

/** An order's status as the mock's admin API tells it, read beside the tools. */
export async function orderStatus(origin: string, id: number): Promise<string | undefined> {
  const orders: { id: number; status: string }[] = await (await fetch(`${origin}/__mock/orders`)).json();
  return orders.find((order) => order.id === id)?.status;
}

/** The base URL the server reports in its target resource. */
export async function reportedBaseUrl(client: Client): Promise<string> {
  const { contents } = await client.readResource({ uri: TARGET_RESOURCE });
  return JSON.parse((contents[0] as { text: string }).text).baseUrl;
}

/**
 * One list of behaviour sentences for every way an agent reaches the tools (stdio, Streamable HTTP). `connect`
 * gives each test a client on a mock in its seed state.
 */
export function describeMcpTools(transport: string, connect: () => Promise<Connected>): void {
  describe(`the MCP tools over ${transport}`, () => {
    test('lists a tool per admin operation, store_request and run_conformance, each with its input schema', async () => {
      const { client } = await connect();
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      expect([...byName.keys()].sort()).toEqual(
        [...adminTools.map((tool) => tool.name), 'store_request', 'run_conformance'].sort(),
      );
      expect(byName.get('ship_order')?.inputSchema).toMatchObject({
        type: 'object',
        required: ['orderId'],
        properties: {
          orderId: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
          session: { type: 'string' },
        },
      });
      expect(byName.get('add_fault')?.inputSchema).toMatchObject({
        required: ['path', 'fault'],
        properties: { fault: { enum: ['status', 'delay', 'reset', 'empty', 'malformed', 'dribble'] } },
      });
      expect(byName.get('list_requests')?.inputSchema.properties).toHaveProperty('since');
      expect(byName.get('store_request')?.inputSchema).toMatchObject({ required: ['path'] });
      expect(byName.get('list_orders')?.annotations).toMatchObject({ readOnlyHint: true });
    });

    test('makes the next cancel fail with 503: the app gets it, the journal shows it', async () => {
      const { client, baseUrl, apiKey } = await connect();
      expect(await reportedBaseUrl(client)).toBe(baseUrl);
      const fault = await call(client, 'add_fault', {
        method: 'DELETE',
        path: '/v1/store/orders/*',
        fault: 'status',
        status: 503,
        nth: 1,
      });
      expect(fault.isError).toBe(false);
      expect(fault.structured).toMatchObject({ status: 201, body: { fault: 'status', status: 503 } });

      // The app's own request, not one of the tools'.
      const app = await fetch(`${baseUrl}/store/orders/1`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(app.status).toBe(503);
      expect((await app.json()).code).toBe('INJECTED_FAULT');

      // The fault is spent: the next cancel goes through, sent by the tool with the mock's key.
      const retry = await call(client, 'store_request', { method: 'DELETE', path: '/store/orders/1' });
      expect(retry.isError).toBe(false);
      expect(retry.structured).toMatchObject({ status: 204, body: null });

      const journal = await call(client, 'list_requests', { method: 'DELETE', path: '/v1/store/orders/*' });
      expect((journal.structured.body as { status: number; path: string }[]).map((e) => e.status)).toEqual([
        503, 204,
      ]);
      expect(journal.text).not.toContain(apiKey);
      const count = await call(client, 'count_requests', { method: 'DELETE', status: 503 });
      expect(count.structured).toEqual({ status: 200, body: { count: 1 } });
    });

    test('returns an admin refusal as a tool error with its Error body, and refuses bad input before the mock', async () => {
      const { client } = await connect();
      const shipped = await call(client, 'cancel_order', { orderId: 2 });
      expect(shipped.isError).toBe(true);
      expect(shipped.structured).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_SHIPPED' } });
      const bad = await call(client, 'add_fault', { path: 'no-slash', fault: 'explode' });
      expect(bad.isError).toBe(true);
      expect(bad.text).toMatch(/fault|path/);
      expect((await call(client, 'list_faults')).structured).toEqual({ status: 200, body: [] });
    });

    test("keeps a session's changes in that session", async () => {
      const { client } = await connect();
      expect((await call(client, 'cancel_order', { orderId: 1, session: 'agent-7' })).isError).toBe(false);
      const status = async (session?: string) => {
        const { structured } = await call(client, 'list_orders', session ? { session } : {});
        return (structured.body as { id: number; status: string }[]).find((order) => order.id === 1)?.status;
      };
      expect(await status('agent-7')).toBe('cancelled');
      expect(await status()).toBe('pending');
    });

    test('run_conformance grades the mock in safe mode: it passes and no key appears', async () => {
      const { client, apiKey } = await connect();
      const before = await call(client, 'list_orders');
      const run = await call(client, 'run_conformance');
      expect(run.isError).toBe(false);
      expect(run.structured).toMatchObject({
        safe: true,
        summary: { outcome: 'passed', exitCode: 0 },
        failures: [],
      });
      expect(run.text).not.toContain(apiKey);
      expect((await call(client, 'list_orders')).structured).toEqual(before.structured);
    });
  });
}
