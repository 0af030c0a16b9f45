import { describe, expect, test } from 'vitest';
import type { MockRequest, MockResponse } from '../types.ts';
import { RequestJournal } from './journal.ts';

/** What the mock passes as the control planes' loader: here the exports' module itself. */
const loadExport = () => import('./journal-export.ts');

const KEY = 'secret-key-1234';
const list: MockResponse = { status: 200, headers: {}, body: { text: '[]' } };
const request = (path: string): MockRequest => ({ method: 'GET', path, query: '', headers: {} });

describe('toHar() as a promise', () => {
  const at = (second: number) => Date.parse(`2026-09-01T00:00:0${second}Z`);
  const json = { 'content-type': 'application/json' };
  function recorded(load = loadExport): RequestJournal {
    const journal = new RequestJournal({ responseBodyBytes: 20 }, [KEY], {
      session: 'worker-1',
      origin: 'http://mock.test',
      creator: { name: 'petstore-mock', version: '0.1.0' },
      loadExport: load,
    });
    const headers = { host: 'mock.test', authorization: `Bearer ${KEY}`, 'x-request-id': 'abc' };
    journal.record(
      { method: 'GET', path: '/v1/store/orders', query: 'status=pending', headers },
      { status: 200, headers: json, body: { text: '[{"id":1}]' } },
      at(0),
    );
    journal.record(
      { method: 'DELETE', path: '/v1/store/orders/9', query: '', headers: { host: 'mock.test' } },
      {
        status: 404,
        headers: json,
        body: { text: '{"code":"ORDER_NOT_FOUND","message":"No order 9."}' },
      },
      at(1),
    );
    journal.record(
      { method: 'GET', path: '/v1/users/me', query: '', headers: { host: 'mock.test' } },
      502,
      at(2),
      'upstream',
    );
    return journal;
  }
  const entry = (request: object, response: object, rest: object) => ({
    time: 0,
    request: { httpVersion: 'HTTP/1.1', cookies: [], headersSize: -1, bodySize: 0, ...request },
    response: {
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      redirectURL: '',
      headersSize: -1,
      ...response,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _session: 'worker-1',
    ...rest,
  });
  const host = { name: 'host', value: 'mock.test' };
  const jsonHeader = { name: 'content-type', value: 'application/json' };

  test('resolves to the HAR document the synchronous toHar() gave: redacted, bodies within the limit, sources and sessions named', async () => {
    expect(await recorded().toHar()).toEqual({
      log: {
        version: '1.2',
        creator: { name: 'petstore-mock', version: '0.1.0' },
        pages: [],
        entries: [
          entry(
            {
              method: 'GET',
              url: 'http://mock.test/v1/store/orders?status=pending',
              headers: [
                host,
                { name: 'authorization', value: 'Bearer [REDACTED]' },
                { name: 'x-request-id', value: 'abc' },
              ],
              queryString: [{ name: 'status', value: 'pending' }],
            },
            {
              status: 200,
              headers: [jsonHeader],
              content: { size: 10, mimeType: 'application/json', text: '[{"id":1}]' },
              bodySize: 10,
            },
            { startedDateTime: '2026-09-01T00:00:00.000Z', _source: 'mock' },
          ),
          entry(
            { method: 'DELETE', url: 'http://mock.test/v1/store/orders/9', headers: [host], queryString: [] },
            {
              status: 404,
              headers: [jsonHeader],
              content: { size: 50, mimeType: 'application/json' },
              bodySize: 50,
            },
            {
              startedDateTime: '2026-09-01T00:00:01.000Z',
              _source: 'mock',
              comment: "The body (50 bytes) was not kept: over the journal's responseBodyBytes.",
            },
          ),
          entry(
            { method: 'GET', url: 'http://mock.test/v1/users/me', headers: [host], queryString: [] },
            { status: 502, headers: [], content: { size: 0, mimeType: '' }, bodySize: -1 },
            { startedDateTime: '2026-09-01T00:00:02.000Z', _source: 'upstream' },
          ),
        ],
      },
    });
  });

  test('holds the entries kept when it was called, not those recorded while its code loads', async () => {
    const journal = recorded();
    const har = journal.toHar({ method: 'GET' });
    journal.record(request('/v1/store/orders'), list, at(3));
    expect((await har).log.entries.map((entry) => entry.startedDateTime)).toEqual([
      '2026-09-01T00:00:00.000Z',
      '2026-09-01T00:00:02.000Z',
    ]);
  });

  test('a failed load of its code rejects that call only; the next call loads it again', async () => {
    let failures = 1;
    const journal = recorded(async () => {
      if (failures-- > 0) throw new Error('chunk not reached');
      return loadExport();
    });
    await expect(journal.toHar()).rejects.toThrow('chunk not reached');
    expect((await journal.toHar()).log.entries).toHaveLength(3);
    expect(await journal.exchanges({ source: 'upstream' })).toMatchObject([{ response: { status: 502 } }]);
  });
});
