import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../src/core/controls/clock.ts';
import { type RunningServer, startServer } from '../../src/node/index.ts';
import { runCli } from '../test-support/cli.ts';

const KEY = 'conformance-session-key';

// A run against a shared mock with a session of its own: its cancels stay in that session.
describe('--header against a shared mock', () => {
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({
      port: 0,
      apiKeys: [KEY],
      clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
    });
  });
  afterAll(() => mock.close());

  const status = async (id: string, session?: string) => {
    const headers: Record<string, string> = session ? { 'x-mock-session': session } : {};
    const orders = (await (await fetch(`${mock.url}/__mock/orders`, { headers })).json()) as {
      id: number;
      status: string;
    }[];
    return orders.find((order) => String(order.id) === id)?.status;
  };

  it('sends X-Mock-Session with every request, so the opt-in cancel changes only that session', async () => {
    const run = await runCli([
      ...['--base-url', mock.baseUrl, '--api-key', KEY, '--header', 'X-Mock-Session: ci-run-1'],
      ...['--pending-order-id', '1', '--shipped-order-id', '2'],
    ]);
    expect(run.code, run.all).toBe(0);
    expect(await status('1', 'ci-run-1')).toBe('cancelled');
    expect(await status('1')).toBe('pending');
  });

  it('never prints the value of a credential-like header, in any report', async () => {
    const secret = 'hdr-secret-4f9a1c';
    const run = await runCli([
      ...['--base-url', mock.baseUrl, '--api-key', KEY, '--header', `X-Upstream-Token: ${secret}`],
      ...['--reporter', 'json'],
    ]);
    expect(run.code, run.all).toBe(0);
    expect(run.all).not.toContain(secret);
    expect(run.all).not.toContain(Buffer.from(secret).toString('base64'));
  });

  it.each([
    [['--header', 'Authorization: Bearer x'], /--header cannot set authorization/],
    [['--header', 'no colon'], /--header takes NAME:VALUE/],
    [['--header', 'X-Bad: a\u0000b'], /not a valid header value/],
  ])('refuses %j with exit 2 and a line that names the problem', async (args, message) => {
    const run = await runCli(['--base-url', mock.baseUrl, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toContain('Bearer x');
  });
});
