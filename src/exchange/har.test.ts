import { describe, expect, test } from 'vitest';
import { har12Problems } from '../test-support/har-shape.ts';
import { harEntry, harLog } from './har.ts';
import { HarFormatError, recordsFromHar } from './har-read.ts';
import type { ExchangeRecord } from './record.ts';
import { traceIdOf } from './record.ts';

const START = Date.parse('2026-09-01T10:00:00.000Z');
const KEY = 'k3y-Secret_value';

const exchange = (overrides: Partial<ExchangeRecord> = {}): ExchangeRecord => ({
  startedAt: START,
  durationMs: 12,
  source: 'mock',
  request: {
    method: 'DELETE',
    url: 'http://127.0.0.1:4010/v1/store/orders/7?api_key=abc&x=1',
    headers: {
      authorization: `Bearer ${KEY}`,
      cookie: 'sid=s3cr3t; theme=dark',
      'x-api-key': 'other',
      accept: 'application/json',
      'x-echo': `the key is ${KEY}`,
    },
  },
  response: {
    status: 409,
    headers: { 'content-type': 'application/json', 'set-cookie': 'sid=n3w; Path=/; HttpOnly' },
    body: '{"code":"ORDER_ALREADY_SHIPPED","message":"Order 7 has already shipped.","status":409}',
  },
  ...overrides,
});

describe('a HAR entry', () => {
  test('keeps the scheme of Authorization and the names of cookies, and nothing of any credential', () => {
    const entry = harEntry(exchange(), [KEY]);
    const headers = Object.fromEntries(entry.request.headers.map((h) => [h.name, h.value]));
    expect(headers.authorization).toBe('Bearer [REDACTED]');
    expect(headers.cookie).toBe('sid=[REDACTED]; theme=[REDACTED]');
    expect(headers['x-api-key']).toBe('[REDACTED]');
    expect(headers['x-echo']).toBe('the key is [REDACTED]');
    expect(entry.request.cookies).toEqual([
      { name: 'sid', value: '[REDACTED]' },
      { name: 'theme', value: '[REDACTED]' },
    ]);
    expect(entry.response.cookies).toEqual([{ name: 'sid', value: '[REDACTED]' }]);
    expect(entry.request.url).toBe('http://127.0.0.1:4010/v1/store/orders/7?api_key=%5BREDACTED%5D&x=1');
    const text = JSON.stringify(entry);
    for (const secret of [KEY, 's3cr3t', 'n3w', 'abc', 'other']) expect(text).not.toContain(secret);
  });

  test('replaces a short secret only where it stands alone, so the bodies stay readable', () => {
    const entry = harEntry(exchange({ response: { status: 200, headers: {}, body: 'value=v; v2 vv v' } }), [
      'v',
    ]);
    expect(entry.response.content.text).toBe('value=[REDACTED]; v2 vv [REDACTED]');
  });

  test('carries the status, the body, the timing and the record’s own fields', () => {
    const entry = harEntry(exchange({ session: 'worker-2', traceId: 'a'.repeat(32) }));
    expect(entry).toMatchObject({
      startedDateTime: '2026-09-01T10:00:00.000Z',
      time: 12,
      timings: { send: 0, wait: 12, receive: 0 },
      request: { method: 'DELETE', queryString: [{ name: 'api_key' }, { name: 'x', value: '1' }] },
      response: {
        status: 409,
        content: { mimeType: 'application/json', size: 86, text: expect.stringContaining('already shipped') },
      },
      _source: 'mock',
      _session: 'worker-2',
      _traceId: 'a'.repeat(32),
    });
  });

  test('of an exchange that got no answer is status 0 with the reason', () => {
    const entry = harEntry(exchange({ response: undefined, error: 'ECONNRESET' }));
    expect(entry.response).toMatchObject({ status: 0, content: { size: 0, mimeType: '' } });
    expect(entry._error).toBe('ECONNRESET');
  });
});

describe('a HAR document', () => {
  test('has every field HAR 1.2 requires, for answered and unanswered exchanges alike', () => {
    const failed = exchange({ response: undefined, error: 'ECONNREFUSED' });
    expect(har12Problems(harLog([exchange(), failed], { creator: { name: 'test', version: '1' } }))).toEqual(
      [],
    );
    // The check itself finds what is missing.
    expect(har12Problems({ log: { version: '1.1', entries: [{ request: {} }] } })).toContain(
      'log.entries[0].request.method is not a string',
    );
  });
});

describe('reading a HAR', () => {
  test('gives back the exchanges it was written from (redacted)', () => {
    const [read] = recordsFromHar(JSON.parse(JSON.stringify(harLog([exchange()]))));
    expect(read).toMatchObject({
      startedAt: START,
      source: 'mock',
      request: { method: 'DELETE', headers: { authorization: 'Bearer [REDACTED]' } },
      response: { status: 409, headers: { 'content-type': 'application/json' }, bodyBytes: 86 },
    });
    expect(read?.response?.body).toContain('ORDER_ALREADY_SHIPPED');
  });

  test('lower-cases header names, drops HTTP/2 pseudo-headers and decodes base64 bodies', () => {
    const har = harLog([exchange()]);
    const entry = har.log.entries[0] as (typeof har.log.entries)[number];
    entry.request.headers = [
      { name: ':authority', value: 'x' },
      { name: 'Accept', value: 'a' },
      { name: 'accept', value: 'b' },
    ];
    entry.response.content = { size: 2, mimeType: 'application/json', text: btoa('[]'), encoding: 'base64' };
    const [read] = recordsFromHar(har);
    expect(read?.request.headers).toEqual({ accept: 'a, b' });
    expect(read?.response?.body).toBe('[]');
  });

  test.each([
    [null, 'the file has no "log": not a HAR file'],
    [{ log: {} }, 'log has no "entries": not a HAR file'],
    [{ log: { entries: [1] } }, 'log.entries[0] is not an object'],
    [
      { log: { entries: [{ startedDateTime: 'x', request: {}, response: {} }] } },
      'log.entries[0].startedDateTime is not a date-time',
    ],
  ])('refuses %j naming the first problem', (document, message) => {
    expect(() => recordsFromHar(document)).toThrow(new HarFormatError(message));
  });
});

test('a trace id is read from a valid traceparent only', () => {
  const id = '4bf92f3577b34da6a3ce929d0e0e4736';
  expect(traceIdOf({ traceparent: `00-${id}-00f067aa0ba902b7-01` })).toBe(id);
  expect(traceIdOf({ traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` })).toBeUndefined();
  expect(traceIdOf({})).toBeUndefined();
});
