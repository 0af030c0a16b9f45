import { describe, expect, test } from 'vitest';
import { createMock } from '../mock/mock.ts';
import { runToEnd, start } from '../test-support/cli-run.ts';

const as = (session: string) => ({ authorization: 'Bearer petstore-dev-key', 'x-mock-session': session });

describe('petstore-mock, sessions over HTTP', () => {
  test('two sessions and the default one side by side on one server, bounded by --max-sessions', async () => {
    const mock = await start('--max-sessions', '2');
    const cancel = await fetch(`${mock.baseUrl}/store/orders/1`, { method: 'DELETE', headers: as('e2e-1') });
    expect(cancel.status).toBe(204);
    const listed = async (session?: string) => {
      const headers = session ? as(session) : { authorization: 'Bearer petstore-dev-key' };
      const orders = (await (await fetch(`${mock.baseUrl}/store/orders`, { headers })).json()) as {
        id: number;
      }[];
      return orders.map((order) => order.id);
    };
    expect(await listed('e2e-1')).not.toContain(1);
    expect(await listed('e2e-2')).toContain(1);
    expect(await listed()).toContain(1);
    const third = await fetch(`${mock.baseUrl}/store/orders`, { headers: as('e2e-3') });
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: 'TOO_MANY_SESSIONS', status: 429 });
    const invalid = await fetch(`${mock.baseUrl}/store/orders`, { headers: as('not valid!') });
    expect(await invalid.json()).toMatchObject({ code: 'INVALID_SESSION', status: 400 });
  });

  test('a preflight lets a page send X-Mock-Session', async () => {
    const mock = await start();
    const preflight = await fetch(`${mock.baseUrl}/store/orders`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-mock-session',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-mock-session');
  });

  test('refuses a --session-ttl that is not a duration, in one line with exit 2', async () => {
    const result = await runToEnd(['--session-ttl', 'forever']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--session-ttl must be a duration');
  });

  test('refuses a --session-ttl beyond 365 days at start (Redis refused its expiry with a 500 per request)', async () => {
    const result = await runToEnd(['--session-ttl', '100000000d']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'petstore-mock: --session-ttl must be a duration from 1s to 365d such as 30m or 2h, not "100000000d".',
    );
    expect(() => createMock({ sessions: { ttlMs: 400 * 86_400_000 } })).toThrow(/ttlMs/);
  });
});
