import { describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { SESSION_JOURNALS_BYTES } from '../core/controls/sessions.ts';
import type { InMemoryOrderStore } from '../core/orders/memory-store.ts';
import { COMPLETE_FLAG, OrderColumns } from '../core/orders/order-columns.ts';
import type { MockRequest } from '../core/types.ts';
import { domainsSimulation } from '../domains/index.ts';
import { createMock, type Mock, type MockOptions } from './mock.ts';

const START = Date.parse('2026-09-01T00:00:00Z');
const KEY = 'Bearer k';

function mock(options: MockOptions = {}) {
  const clock = createClock('manual', START);
  const m = createMock({ apiKeys: ['k'], clock, ...options });
  const send = async (path: string, session?: string, method = 'GET', body?: string) => {
    const headers: Record<string, string> = { authorization: KEY };
    if (session !== undefined) headers['x-mock-session'] = session;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request: MockRequest = { method, path, query: '', headers, body };
    const response = await m.handle(request);
    return { status: response.status, json: response.body ? JSON.parse(response.body.text) : undefined };
  };
  const ids = async (session?: string) =>
    ((await send('/v1/store/orders', session)).json as { id: number }[]).map((order) => order.id);
  return { m, clock, send, ids };
}

describe('sessions picked by X-Mock-Session', () => {
  test('a cancel in one session is invisible to another and to the default session', async () => {
    const { send, ids } = mock();
    expect((await send('/v1/store/orders/1', 'alice', 'DELETE')).status).toBe(204);
    expect(await ids('alice')).not.toContain(1);
    expect(await ids('bob')).toContain(1);
    expect(await ids()).toContain(1);
    expect((await send('/v1/store/orders/1', 'bob', 'DELETE')).status).toBe(204);
  });

  test('reset, the admin order list and the journal are per session', async () => {
    const { send } = mock();
    await send('/v1/store/orders/1', 'alice', 'DELETE');
    await send('/v1/store/orders/3', 'bob', 'DELETE');
    expect((await send('/__mock/reset', 'alice', 'POST')).status).toBe(204);
    const alice = (await send('/__mock/orders', 'alice')).json as { id: number; status: string }[];
    const bob = (await send('/__mock/orders', 'bob')).json as { id: number; status: string }[];
    expect(alice.find((order) => order.id === 1)?.status).toBe('pending');
    expect(bob.find((order) => order.id === 3)?.status).toBe('cancelled');
    const journal = (await send('/__mock/requests', 'bob')).json as { path: string; method: string }[];
    expect(journal.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['DELETE /v1/store/orders/3']);
  });

  test("the admin API answers for the session it is sent in: one session's fault rule, preset and order list leave the others alone", async () => {
    const { send, ids } = mock();
    // Both sessions' admin lists are built (and kept) before either changes anything.
    await send('/__mock/orders', 'alice');
    await send('/__mock/orders', 'bob');
    const fault = JSON.stringify({ path: '/v1/pets/*', fault: 'status', status: 503 });
    expect((await send('/__mock/faults', 'alice', 'POST', fault)).status).toBe(201);
    expect((await send('/v1/pets/1', 'alice')).status).toBe(503);
    expect((await send('/v1/pets/1', 'bob')).status).toBe(200);
    expect((await send('/__mock/faults', 'bob')).json).toEqual([]);
    expect((await send('/__mock/presets/empty', 'bob', 'POST')).status).toBe(200);
    expect(await ids('bob')).toEqual([]);
    expect(((await send('/__mock/orders', 'bob')).json as unknown[]).length).toBe(0);
    expect(((await send('/__mock/orders', 'alice')).json as unknown[]).length).toBeGreaterThan(0);
    expect(await ids()).toEqual(await ids('alice'));
  });

  test('a session shares the seed until it changes something, then holds its own copy', async () => {
    const { m, send } = mock();
    await send('/v1/store/orders', 'reader');
    await send('/v1/store/orders/1', 'writer', 'DELETE');
    const listed = (await send('/__mock/sessions')).json as { id: string; ordersCopied: boolean }[];
    expect(listed.map(({ id, ordersCopied }) => [id, ordersCopied])).toEqual([
      ['reader', false],
      ['writer', true],
    ]);
    expect((await m.sessions.list()).map((session) => session.journalEntries)).toEqual([1, 1]);
  });

  test('a dropped session starts again from the seed', async () => {
    const { send, ids } = mock();
    await send('/v1/store/orders/1', 'alice', 'DELETE');
    expect((await send('/__mock/sessions/alice', undefined, 'DELETE')).status).toBe(204);
    expect((await send('/__mock/sessions/alice', undefined, 'DELETE')).json).toMatchObject({
      code: 'SESSION_NOT_FOUND',
      status: 404,
    });
    expect(await ids('alice')).toContain(1);
  });

  test('a session idle longer than its time to live expires on the mock’s clock and starts afresh', async () => {
    const { clock, send, ids } = mock({ sessions: { ttlMs: 60_000 } });
    await send('/v1/store/orders/1', 'alice', 'DELETE');
    clock.advance(59_000);
    expect(await ids('alice')).not.toContain(1); // used again: its idle time starts over
    clock.advance(61_000);
    expect((await send('/__mock/sessions')).json).toEqual([]);
    expect(await ids('alice')).toContain(1);
  });

  test('the sessions list in the order of last use, and only the idle ones expire, when one is used many times in a row', async () => {
    const { clock, send } = mock({ sessions: { ttlMs: 60_000 } });
    const listed = async () => ((await send('/__mock/sessions')).json as { id: string }[]).map((s) => s.id);
    await send('/v1/store/orders', 'a');
    await send('/v1/store/orders', 'b');
    await send('/v1/store/orders', 'a');
    await send('/v1/store/orders', 'a');
    expect(await listed()).toEqual(['b', 'a']);
    clock.advance(40_000);
    await send('/v1/store/orders', 'b');
    await send('/v1/store/orders', 'b');
    expect(await listed()).toEqual(['a', 'b']);
    clock.advance(40_000);
    expect(await listed()).toEqual(['b']);
    await send('/v1/store/orders', 'a');
    clock.advance(40_000);
    expect(await listed()).toEqual(['a']);
  });

  test('sessions still expire after a reset took the clock back past a session’s last use', async () => {
    const { clock, send } = mock({ sessions: { ttlMs: 60_000, maxSessions: 2 } });
    clock.advance(3_600_000);
    await send('/v1/store/orders', 'late'); // last used an hour ahead of the clock once it is reset
    expect((await send('/__mock/reset', undefined, 'POST')).status).toBe(204);
    await send('/v1/store/orders', 'early');
    clock.advance(120_000);
    // Both idle longer than the TTL on the clock as it stands: they expire, and new sessions have room.
    expect((await send('/v1/store/orders', 'next')).status).toBe(200);
    expect((await send('/v1/store/orders', 'after')).status).toBe(200);
    expect(((await send('/__mock/sessions')).json as { id: string }[]).map((s) => s.id)).toEqual([
      'next',
      'after',
    ]);
  });

  test('beyond --max-sessions a new session is refused with 429, never by evicting a live one', async () => {
    const { send } = mock({ sessions: { maxSessions: 2 } });
    await send('/v1/store/orders', 'a');
    await send('/v1/store/orders', 'b');
    expect((await send('/v1/store/orders', 'c')).json).toMatchObject({
      code: 'TOO_MANY_SESSIONS',
      status: 429,
    });
    expect((await send('/v1/store/orders', 'a')).status).toBe(200);
    expect((await send('/v1/store/orders')).status).toBe(200); // the default session does not count
  });

  test('a request without a valid key creates no session, but one with the key or to a control plane does', async () => {
    const { m, send } = mock();
    const anonymous = async (path: string, session: string, authorization?: string) => {
      const headers: Record<string, string> = { 'x-mock-session': session };
      if (authorization) headers.authorization = authorization;
      return (await m.handle({ method: 'GET', path, query: '', headers })).status;
    };
    // What any web page can send (the Store API's CORS is open): answered, but no state is made for it.
    expect(await anonymous('/v1/store/orders', 'drive-by')).toBe(401);
    expect(await anonymous('/v1/store/orders', 'wrong-key', 'Bearer nope')).toBe(401);
    expect((await send('/__mock/sessions')).json).toEqual([]);
    expect(m.journal.size).toBe(2); // the default state answered them
    // The key, or a control plane (which refuses foreign pages), creates it.
    expect((await send('/v1/store/orders', 'with-key')).status).toBe(200);
    expect(await anonymous('/__mock/requests', 'from-admin')).toBe(200);
    // Once it lives, a request without the key is answered (and journaled) in it.
    expect(await anonymous('/v1/store/orders', 'with-key')).toBe(401);
    const journal = (await send('/__mock/requests', 'with-key')).json as { status: number }[];
    expect(journal.map((entry) => entry.status)).toEqual([200, 401]);
    expect(((await send('/__mock/sessions')).json as { id: string }[]).map((s) => s.id)).toEqual([
      'from-admin',
      'with-key',
    ]);
  });

  test('a token request creates its session only when it authenticates a configured client', async () => {
    const { m, send } = mock({ oauthClients: [{ clientId: 'web', clientSecret: 's3cret' }] });
    const tokenRequest = async (session: string, body: string) =>
      (
        await m.handle({
          method: 'POST',
          path: '/oauth/token',
          query: '',
          headers: { 'x-mock-session': session, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        })
      ).status;
    expect(
      await tokenRequest('guessing', 'grant_type=client_credentials&client_id=web&client_secret=no'),
    ).toBe(400);
    expect((await send('/__mock/sessions')).json).toEqual([]);
    expect(
      await tokenRequest('app', 'grant_type=client_credentials&client_id=web&client_secret=s3cret'),
    ).toBe(200);
    expect(((await send('/__mock/sessions')).json as { id: string }[]).map((s) => s.id)).toEqual(['app']);
  });

  test('the journals of all sessions together stay within one bound, whatever --max-sessions is', async () => {
    const { m, send } = mock({ sessions: { maxSessions: 100 } });
    const padding = 'x'.repeat(10_000);
    for (let i = 0; i < 100; i++) {
      const headers = { authorization: KEY, 'x-mock-session': 'chatty', 'x-padding': `${i}${padding}` };
      await m.handle({ method: 'GET', path: '/v1/store/orders', query: '', headers });
    }
    await send('/v1/store/orders', 'quiet');
    const chatty = m.session('chatty').journal;
    expect(chatty.size).toBeGreaterThan(0);
    // 100 sessions each as full as this one hold at most SESSION_JOURNALS_BYTES together.
    expect(chatty.bytes * 100).toBeLessThanOrEqual(SESSION_JOURNALS_BYTES);
    expect(m.journal.bytes).toBe(0);
  });

  test('an invalid session id is a 400 Error body', async () => {
    const { send } = mock();
    // `.` and `..` are refused: URL normalisation would turn DELETE /__mock/sessions/.. into another path.
    for (const id of ['', 'a b', 'x'.repeat(65), 'ключ', 'a/b', '.', '..']) {
      expect((await send('/v1/store/orders', id)).json, id).toMatchObject({
        code: 'INVALID_SESSION',
        status: 400,
      });
    }
    expect((await send('/v1/store/orders', 'A-z.0_9')).status).toBe(200);
  });

  test("a session's clock moves on its own: the pet lookup's sunset in one session only", async () => {
    const { send } = mock();
    expect((await send('/__mock/clock/advance', 'late', 'POST', '{"by":"400d"}')).status).toBe(200);
    expect((await send('/v1/pets/1', 'late')).status).toBe(410);
    expect((await send('/v1/pets/1', 'early')).status).toBe(200);
    expect((await send('/v1/pets/1')).status).toBe(200);
  });

  test('each session has its own domains simulation', async () => {
    const { send } = mock({ extensions: [domainsSimulation()] });
    const zone = '{"name":"example.com"}';
    expect((await send('/__dashboard/api/dns/zones', 'alice', 'POST', zone)).status).toBe(201);
    const names = async (session?: string) =>
      ((await send('/__dashboard/api/dns/zones', session)).json as { name: string }[]).map((z) => z.name);
    expect(await names('alice')).toContain('example.com');
    expect(await names('bob')).not.toContain('example.com');
    expect(await names()).not.toContain('example.com');
  });
});

describe('the cost of a session', () => {
  const list = (m: Mock, session?: string) =>
    m.handle({
      method: 'GET',
      path: '/v1/store/orders',
      query: '',
      headers: {
        authorization: 'Bearer petstore-dev-key',
        ...(session ? { 'x-mock-session': session } : {}),
      },
    });
  const cancel = (m: Mock, id: number, session: string) =>
    m.handle({
      method: 'DELETE',
      path: `/v1/store/orders/${id}`,
      query: '',
      headers: { authorization: 'Bearer petstore-dev-key', 'x-mock-session': session },
    });
  const chunksOf = async (m: Mock, session?: string) => (await list(m, session)).body?.chunks ?? [];
  /** The same bytes in memory (the first chunk is handed out as a view without its leading comma). */
  const shared = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
    a !== undefined && a.buffer === b?.buffer && a.byteOffset === b.byteOffset && a.length === b.length;

  test('sessions that changed nothing share the order list bytes with each other and the default state', async () => {
    const m = createMock({ clock: createClock('manual', START) });
    const [a, b, main] = [await chunksOf(m, 'a'), await chunksOf(m, 'b'), await chunksOf(m)];
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((chunk, i) => shared(chunk, b[i]) && shared(chunk, main[i]))).toBe(true);
    await cancel(m, 1, 'a');
    const changed = await chunksOf(m, 'a');
    expect(changed.filter((chunk, i) => !shared(chunk, main[i]))).toHaveLength(1);
    expect((await chunksOf(m, 'b')).every((chunk, i) => shared(chunk, main[i]))).toBe(true);
  });

  test('ten sessions over 1,000,000 orders: each first change copies one chunk, not the seed', async () => {
    const count = 1_000_000;
    const columns = new OrderColumns(count);
    for (let row = 0; row < count; row++) {
      columns.ids[row] = row + 1;
      columns.petIds[row] = (row % 10) + 1;
      columns.quantities[row] = 1;
      columns.shipTimes[row] = START + row * 1000;
      columns.flags[row] = row % 2 === 0 ? 0 : 1 | COMPLETE_FLAG; // odd ids pending, even ones shipped
    }
    const m = createMock({ clock: createClock('manual', START), orders: columns });
    for (let session = 0; session < 10; session++) {
      // Orders far apart: 1, 100,001, 200,001, … each in another chunk.
      const id = session * 100_000 + 1;
      expect((await cancel(m, id, `s${session}`)).status).toBe(204);
      const store = m.session(`s${session}`).store as InMemoryOrderStore;
      expect([store.changed, store.copiedChunks]).toEqual([true, 1]);
      expect((await store.get(String(id)))?.status).toBe('cancelled');
      expect((await store.get(String(id + 2)))?.status).toBe('pending');
    }
    const main = m.store as InMemoryOrderStore;
    expect([main.changed, main.copiedChunks]).toEqual([false, 0]);
    expect((await main.get('100001'))?.status).toBe('pending');
  });
});

describe('sessions and a store given from outside', () => {
  test('a mock given a store but no session directory for it refuses sessions with a clear 400 instead of keeping them per process', async () => {
    const { send } = mock({ store: createMock().store });
    expect((await send('/v1/store/orders', 'alice')).json).toMatchObject({
      code: 'SESSIONS_UNAVAILABLE',
      status: 400,
    });
    expect((await send('/v1/store/orders')).status).toBe(200);
  });
});
