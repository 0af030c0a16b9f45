import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw/index.ts';
import { startServer } from '../../src/node/index.ts';
import { grade } from '../test-support/run.ts';

// The project's own mock, destructive checks included: every must and should check passes, on the node:http
// server and on the MSW handlers in-process, with the same result check by check.

const API_KEY = 'test-key';
const fixtures = new URL('../../fixtures/orders.json', import.meta.url);
const orders = JSON.parse(readFileSync(fixtures, 'utf8')) as Array<{ id: number; status: string }>;
const ids = {
  pendingOrderId: String(orders.find((o) => o.status === 'pending')?.id),
  shippedOrderId: String(orders.find((o) => o.status === 'shipped')?.id),
};

type Graded = Awaited<ReturnType<typeof grade>>;
const outcome = (graded: Graded) => Object.fromEntries(graded.results.map((r) => [r.id, r.status]));

describe('the project mock', () => {
  let server: Graded;
  let msw: Graded;
  let serverMs = 0;

  beforeAll(async () => {
    const mock = await startServer({ port: 0, host: '127.0.0.1', apiKeys: [API_KEY] });
    const started = performance.now();
    try {
      server = await grade({ baseUrl: mock.baseUrl, apiKey: API_KEY, ...ids });
      serverMs = performance.now() - started;
    } finally {
      await mock.close();
    }
    const { handlers } = createHandlers({ baseUrl: 'http://mock.test/v1', apiKeys: [API_KEY] });
    const intercept = setupServer(...handlers);
    intercept.listen({ onUnhandledRequest: 'error' });
    try {
      msw = await grade({ baseUrl: 'http://mock.test/v1', apiKey: API_KEY, ...ids });
    } finally {
      intercept.close();
    }
  });

  it('uses a pending and a shipped order of the fixtures', () => {
    expect(ids.pendingOrderId).toMatch(/^\d+$/);
    expect(ids.shippedOrderId).toMatch(/^\d+$/);
  });

  it('passes every must and should check on the node:http server, none skipped', () => {
    expect(server.failed('must', 'should', 'info')).toEqual([]);
    expect(server.results.filter((r) => r.status === 'skipped').map((r) => `${r.id}: ${r.message}`)).toEqual(
      [],
    );
    expect(server.summary.exitCode).toBe(0);
    expect(serverMs).toBeLessThan(5000);
  });

  it('gives the same result check by check on the MSW handlers', () => {
    expect(outcome(msw)).toEqual(outcome(server));
  });

  it('observes the choices the mock made where the spec is open', () => {
    expect(server.byId['info.second-cancel']?.message).toMatch(/→ 404/);
    expect(server.byId['info.cancelled-listed']?.message).toMatch(/leaves the list/);
  });
});

describe('the project mock with a one-letter key', () => {
  // Grading reads the raw exchange, so a key that occurs in every body breaks nothing (docs/conformance.md,
  // "The key never appears in any output").
  it.each(['e', 'k'])('passes with --api-key %s, exit 0, every check that needs ids given', async (key) => {
    const mock = await startServer({ port: 0, host: '127.0.0.1', apiKeys: [key] });
    try {
      const graded = await grade({ baseUrl: mock.baseUrl, apiKey: key, ...ids });
      expect(graded.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status}`)).toEqual(
        [],
      );
      expect(graded.summary).toMatchObject({ outcome: 'passed', exitCode: 0 });
    } finally {
      await mock.close();
    }
  });
});
