import { describe, expect, test } from 'vitest';
import { createMockApi } from '../api.ts';
import type { MockRequest, MockResponse } from '../types.ts';
import { RequestJournal } from './journal.ts';

/** What the mock passes as the control planes' loader: here the exports' module itself. */
const loadExport = () => import('./journal-export.ts');

const KEY = 'sk_live_abc123';
const get = (path: string, query: string, headers: Record<string, string>): MockRequest => ({
  method: 'GET',
  path,
  query,
  headers,
});

describe('request journal', () => {
  test('redacts the mock keys wherever they appear, and Authorization-like headers whole', () => {
    const journal = new RequestJournal({}, [KEY, 'a+b/c='], { loadExport });
    journal.record(
      get(`/v1/store/orders/${KEY}`, `api_key=${KEY}&other=${encodeURIComponent('a+b/c=')}`, {
        'x-api-key': 'anything',
        'x-forwarded-authorization': `Bearer ${KEY}`,
        referer: `http://app.test/?key=${KEY}`,
        'x-custom': `prefix-${KEY}-suffix`,
        authorization: 'Bearer something-else',
        cookie: 'session=1',
        accept: 'application/json',
      }),
      200,
      0,
    );
    const [entry] = journal.entries();
    expect(JSON.stringify(entry)).not.toContain(KEY);
    expect(JSON.stringify(entry)).not.toContain('a%2Bb');
    expect(entry).toMatchObject({
      path: '/v1/store/orders/[redacted]',
      query: 'api_key=[redacted]&other=[redacted]',
      headers: {
        'x-api-key': '[redacted]',
        'x-forwarded-authorization': '[redacted]',
        referer: 'http://app.test/?key=[redacted]',
        'x-custom': 'prefix-[redacted]-suffix',
        authorization: '[redacted]',
        cookie: '[redacted]',
        accept: 'application/json',
      },
    });
  });

  test('redacts a key in any percent-encoding, and a key used as a header name', () => {
    const journal = new RequestJournal({}, [KEY], { loadExport });
    const mixed = '%73%6B_live_%61bc123'; // "sk_live_abc123" with some letters escaped
    const lower = 'sk%5flive%5fabc123'; // lower-case hex, "_" escaped
    journal.record(
      get(`/v1/store/orders/${mixed}`, `k=${lower}&other=1`, {
        [KEY.toLowerCase()]: 'x', // Node lower-cases names: a key sent as a header name
        referer: `http://app.test/?key=${encodeURIComponent(KEY)}%20`,
      }),
      401,
      0,
    );
    const [entry] = journal.entries();
    expect(entry).toMatchObject({
      path: '/v1/store/orders/[redacted]',
      query: 'k=[redacted]&other=1',
      headers: { '[redacted]': 'x', referer: 'http://app.test/?key=[redacted]%20' },
    });
  });

  test('the mock journals with its own keys redacted', async () => {
    const api = createMockApi({ apiKeys: [KEY] });
    await api.handle(get('/v1/store/orders', `api_key=${KEY}`, { 'x-api-key': KEY }));
    expect(JSON.stringify(api.journal.entries())).not.toContain(KEY);
  });

  test('keeps no body of a request, and stays within its byte budget', () => {
    const journal = new RequestJournal({ bytes: 1_000_000 }, [], { loadExport });
    const big = 'x'.repeat(60_000);
    for (let i = 0; i < 1000; i++) {
      journal.record({ ...get('/v1/store/orders', '', { 'x-big': big }), method: 'POST', body: big }, 401, i);
    }
    expect(journal.bytes).toBeLessThanOrEqual(1_000_000);
    expect(journal.bytes).toBeGreaterThan(900_000);
    // 16 entries of 60 KB headers fit; the bodies counted for nothing.
    expect(journal.entries()).toHaveLength(16);
    expect(journal.entries().at(-1)?.time).toBe(new Date(999).toISOString());
  });

  test('a read returns the newest entries that fit its budget, oldest first', () => {
    const journal = new RequestJournal({ readBytes: 200_000 }, [], { loadExport });
    const big = 'x'.repeat(60_000);
    for (let i = 0; i < 50; i++) journal.record(get(`/v1/${i}`, '', { 'x-big': big }), 200, i);
    const read = journal.entries();
    expect(read.map((entry) => entry.path)).toEqual(['/v1/47', '/v1/48', '/v1/49']);
  });

  test('keeps the last 1000 requests by default', () => {
    const journal = new RequestJournal({}, [], { loadExport });
    for (let i = 0; i < 2500; i++) journal.record(get(`/v1/${i}`, '', {}), 200, i);
    const read = journal.entries();
    expect(read).toHaveLength(1000);
    expect(read[0]?.path).toBe('/v1/1500');
    expect(read.at(-1)?.path).toBe('/v1/2499');
  });

  test('repeated requests each keep their own time and status, and a change of header is its own entry', () => {
    const journal = new RequestJournal({ entries: 3 }, [], { loadExport });
    const headers = { authorization: 'Bearer a' };
    journal.record(get('/v1/store/orders', '', { ...headers }), 200, 1);
    journal.record(get('/v1/store/orders', '', { ...headers }), 401, 2);
    journal.record(get('/v1/store/orders', '', { ...headers, 'x-trace': '7' }), 200, 3);
    journal.record(get('/v1/store/orders', '', { ...headers }), 204, 4);
    expect(journal.entries().map(({ status, time, headers }) => [status, time, headers['x-trace']])).toEqual([
      [401, new Date(2).toISOString(), undefined],
      [200, new Date(3).toISOString(), '7'],
      [204, new Date(4).toISOString(), undefined],
    ]);
    journal.clear();
    expect(journal.entries()).toEqual([]);
    expect(journal.bytes).toBe(0);
  });

  test('headers that differ only in a value, or in which field holds it, are kept as they came', () => {
    const journal = new RequestJournal({ entries: 4 }, [], { loadExport });
    journal.record(get('/v1/store/orders', '', { accept: 'text/a', 'x-a': '1' }), 200, 1);
    journal.record(get('/v1/store/orders', '', { accept: 'text/b', 'x-a': '1' }), 200, 2);
    journal.record(get('/v1/store/orders', '', { accept: 'text/b', 'x-b': '1' }), 200, 3);
    journal.record(get('/v1/store/orders', '', { 'x-b': '1', accept: 'text/b' }), 200, 4);
    expect(journal.entries().map(({ headers }) => [headers.accept, headers['x-a'], headers['x-b']])).toEqual([
      ['text/a', '1', undefined],
      ['text/b', '1', undefined],
      ['text/b', undefined, '1'],
      ['text/b', undefined, '1'],
    ]);
  });
});

describe('the journal as exchanges and as a HAR', () => {
  const answer = (status: number, text?: string): MockResponse => ({
    status,
    headers: { 'content-type': 'application/json' },
    ...(text === undefined ? {} : { body: { text } }),
  });

  test('keeps answer bodies up to its limit; a larger one is given by its size only', async () => {
    const journal = new RequestJournal({ responseBodyBytes: 10 }, [], {
      origin: 'http://mock.test',
      loadExport,
    });
    journal.record(get('/v1/store/orders', '', {}), answer(200, '[]'), 1);
    journal.record(get('/v1/store/orders', 'x=1', {}), answer(200, '[{"id":1234}]'), 2);
    const [small, large] = await journal.exchanges();
    expect(small).toMatchObject({
      source: 'mock',
      request: { method: 'GET', url: 'http://mock.test/v1/store/orders' },
      response: { status: 200, body: '[]', bodyBytes: 2 },
    });
    expect(large?.request.url).toBe('http://mock.test/v1/store/orders?x=1');
    expect(large?.response).toMatchObject({ status: 200, bodyBytes: 13 });
    expect(large?.response?.body).toBeUndefined();
    expect(large?.comment).toMatch(/not kept/);
  });

  test('counts kept bodies against its byte budget, a body shared by consecutive answers once', () => {
    const journal = new RequestJournal({ bytes: 100_000 }, [], { loadExport });
    const list = answer(200, 'x'.repeat(5_000));
    for (let i = 0; i < 100; i++) journal.record(get('/v1/store/orders', '', {}), list, i);
    expect(journal.size).toBe(100);
    for (let i = 0; i < 100; i++)
      journal.record(get('/v1/store/orders', '', {}), answer(200, 'y'.repeat(5_000)), i);
    expect(journal.bytes).toBeLessThanOrEqual(100_000);
    expect(journal.size).toBeLessThan(25);
  });

  test('a HAR names the session, the source and why a fault sent no answer', async () => {
    const journal = new RequestJournal({}, ['sk_live_abc123'], { session: 'worker-1', loadExport });
    const reset: MockResponse = { status: 0, headers: {}, delivery: { delayMs: 0, fault: 'reset' } };
    journal.record(
      get('/v1/store/orders', '', { host: '127.0.0.1:4010', authorization: `Bearer ${KEY}` }),
      reset,
      5,
    );
    journal.record(get('/v1/users/me', '', { host: '127.0.0.1:4010' }), answer(200, '{}'), 6, 'upstream');
    const { log } = await journal.toHar();
    expect(log.entries).toMatchObject([
      {
        request: {
          url: 'http://127.0.0.1:4010/v1/store/orders',
          headers: expect.arrayContaining([{ name: 'authorization', value: 'Bearer [REDACTED]' }]),
        },
        response: { status: 0 },
        _error: 'no answer: a fault rule reset the connection',
        _session: 'worker-1',
        _source: 'mock',
      },
      { response: { status: 200, content: { text: '{}' } }, _source: 'upstream' },
    ]);
    expect(journal.find({ source: 'upstream' }).map((entry) => entry.path)).toEqual(['/v1/users/me']);
    expect(JSON.stringify(log)).not.toContain(KEY);
  });
});
