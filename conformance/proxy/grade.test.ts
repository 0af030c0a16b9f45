import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import { gradeExchange, type Observed } from './grade.ts';
import { REMEMBERED_LISTS } from './list-verdicts.ts';

const spec = loadSpec();
const ERROR_401 = '{"code":"UNAUTHORIZED","message":"no","status":401}';

function graded(method: string, path: string, response: Partial<ExchangeResponse>, authorization?: string) {
  const body = response.body ?? '';
  const observed: Observed = {
    method,
    path,
    authorization,
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      bodyBytes: Buffer.byteLength(body),
      truncated: false,
      ...response,
      body,
    },
  };
  return gradeExchange(spec, observed).findings.map((f) => `${f.rule.severity} ${f.rule.id}: ${f.message}`);
}

const challenge = (value: string) => ({
  status: 401,
  headers: { 'content-type': 'application/json', 'www-authenticate': value },
  body: ERROR_401,
});

describe('grading one exchange', () => {
  it('reads ids exactly: 2^63-1 passes, 2^63 is not an int64', () => {
    expect(graded('GET', '/store/orders', { body: '[{"id":9223372036854775807}]' })).toEqual([]);
    expect(graded('GET', '/store/orders', { body: '[{"id":9223372036854775808}]' })).toEqual([
      'must orders.list: GET /store/orders → 200: id 9223372036854775808 is not an int64',
    ]);
  });

  it('grades the challenge error code by what the client sent, never by the scheme case', () => {
    expect(graded('GET', '/store/orders', challenge('Bearer realm="p"'))).toEqual([]);
    expect(graded('GET', '/store/orders', challenge('Bearer error="invalid_token"'), 'bearer x')).toEqual([]);
    expect(graded('GET', '/store/orders', challenge('Bearer realm="p"'), 'Bearer x')).toEqual([
      'should auth.challenge-error: GET /store/orders → 401 for a refused token carries no error code',
    ]);
    expect(graded('GET', '/store/orders', challenge('Basic realm="p"'))).toEqual([
      'should auth.challenge: GET /store/orders → 401: WWW-Authenticate "Basic realm=\\"p\\"" has no Bearer challenge',
    ]);
  });

  it('reads the deprecation headers on the pet route only', () => {
    const headers = {
      'content-type': 'application/json',
      deprecation: 'true',
      sunset: 'Thu, 01 Jul 2027 00:00:00 GMT',
    };
    expect(graded('GET', '/pets/1', { headers, body: '{"id":1}' })).toEqual([
      'should pets.deprecation: GET /pets/1 → 200: Deprecation: "true" is not an RFC 9745 date (@<seconds>)',
      'should pets.sunset-link: GET /pets/1 → 200 without a Link rel="sunset"',
    ]);
    expect(graded('GET', '/store/orders', { headers, body: '[]' })).toEqual([]);
  });

  it('tells a malformed id from an absent one, and flags an undocumented status and a 204 with a length', () => {
    expect(graded('DELETE', '/store/orders/abc', { status: 500, body: '' })).toEqual([
      'must proxy.server-error: DELETE /store/orders/abc → 500, not a status documented for cancelOrder (a server error)',
      'should http.malformed-id: DELETE /store/orders/abc → 500, expected 4xx for a malformed id',
    ]);
    expect(
      graded('DELETE', '/store/orders/7', { status: 404, body: '{"code":"X","message":"m","status":404}' }),
    ).toEqual([]);
    expect(graded('DELETE', '/store/orders/7', { status: 204, headers: { 'content-length': '0' } })).toEqual([
      'should http.no-content: DELETE /store/orders/7 → 204 carries content-length: "0"',
    ]);
  });

  it('holds the bodies the spec declares to application/json, and any other JSON body to a JSON label', () => {
    const plain = { 'content-type': 'text/plain' };
    expect(graded('GET', '/store/orders', { headers: plain, body: '[]' })).toEqual([
      'must http.media-type: GET /store/orders → 200 is labelled "text/plain"',
    ]);
    expect(
      graded('GET', '/pets/1', {
        headers: {
          ...plain,
          deprecation: '@1',
          sunset: 'Thu, 01 Jul 2027 00:00:00 GMT',
          link: '<x>; rel="sunset"',
        },
        body: '{}',
      }),
    ).toEqual(['should http.content-type: GET /pets/1 → 200 sends JSON as "text/plain"']);
  });

  it('reads the list as the suite does: RFC 3339 dates and the documented field names are should', () => {
    expect(
      graded('GET', '/store/orders', { body: '[{"id":1,"pet_id":2,"shipDate":"2026-12-01T10:00:00"}]' }),
    ).toEqual([
      'should orders.date-time: GET /store/orders → 200: /0/shipDate must match format "date-time"',
      'should orders.fields: GET /store/orders → 200: order [0] has "pet_id" for petId',
    ]);
  });

  it("holds a documented operation's 5xx to must, and leaves a gateway's 429, 502, 503 and 504 at should", () => {
    const error = (status: number) => ({ status, body: `{"code":"X","message":"m","status":${status}}` });
    expect(graded('GET', '/store/orders', error(500), 'Bearer k')).toEqual([
      'must proxy.server-error: GET /store/orders → 500, not a status documented for listOrders (a server error)',
    ]);
    expect(graded('DELETE', '/store/orders/7', error(501), 'Bearer k')[0]).toMatch(
      /^must proxy.server-error/,
    );
    for (const status of [429, 502, 503, 504]) {
      expect(graded('DELETE', '/store/orders/7', error(status), 'Bearer k')).toEqual([
        `should proxy.documented-status: DELETE /store/orders/7 → ${status}, not a status documented for cancelOrder`,
      ]);
    }
  });

  it("grades a browser's preflight for a documented method by the suite's CORS rule, and no other", () => {
    const preflight = (method: string, headers: Record<string, string>, status = 204) =>
      gradeExchange(spec, {
        method: 'OPTIONS',
        path: '/store/orders/7',
        authorization: undefined,
        preflight: { origin: 'https://app.example', method, authorization: true },
        response: { status, headers, body: '', bodyBytes: 0, truncated: false },
      });
    const allowing = {
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET, DELETE',
      'access-control-allow-headers': 'Authorization',
    };
    expect(preflight('DELETE', allowing)).toMatchObject({ applied: ['cors.preflight'], findings: [] });
    const star = preflight('DELETE', { ...allowing, 'access-control-allow-headers': '*' });
    expect(star.findings.map((f) => `${f.rule.severity} ${f.rule.id}: ${f.message}`)).toEqual([
      'should cors.preflight: OPTIONS /store/orders/7 (preflight for DELETE) → 204: Access-Control-Allow-Headers does not name Authorization',
    ]);
    const other = preflight('DELETE', { 'access-control-allow-origin': 'https://else.example' }, 200);
    expect(other.findings[0]?.message).toBe(
      'OPTIONS /store/orders/7 (preflight for DELETE) → 200 does not allow the origin; Access-Control-Allow-Methods omits DELETE; Access-Control-Allow-Headers does not name Authorization',
    );
    expect(preflight('DELETE', allowing, 401).findings[0]?.message).toMatch(/→ 401, expected 2xx$/);
    expect(preflight('PUT', {})).toEqual({ applied: [], findings: [] });
  });

  it('records an undocumented method or path as info', () => {
    expect(graded('PATCH', '/store/orders', {})).toEqual([
      'info proxy.undocumented-operation: PATCH /store/orders → 200: /store/orders documents GET only',
    ]);
    expect(graded('GET', '/store/orders/', {})).toEqual([
      'info proxy.undocumented-operation: GET /store/orders/ → 200: no operation of the spec has this path',
    ]);
  });
});

describe('grading a list answered again with the same bytes', () => {
  const LIST = '[{"id":1,"pet_id":2,"shipDate":"2026-12-01T10:00:00"},{"id":1,"petId":3}]';
  const LIST_FINDINGS = [
    'must orders.list: GET /store/orders → 200: id 1 is listed 2 times (ids are unique)',
    'should orders.date-time: GET /store/orders → 200: /0/shipDate must match format "date-time"',
    'should orders.fields: GET /store/orders → 200: order [0] has "pet_id" for petId',
  ];
  const list = (body: string, headers: Record<string, string> = {}) =>
    graded('GET', '/store/orders', { body, headers: { 'content-type': 'application/json', ...headers } });

  it('finds what it found the first time, every time', () => {
    expect(list(LIST)).toEqual(LIST_FINDINGS);
    for (let n = 0; n < 3; n++) expect(list(LIST)).toEqual(LIST_FINDINGS);
  });

  it('reads the pagination fields of each answer, whatever the body', () => {
    list(LIST);
    const paginated = list(LIST, { 'x-total-count': '5', link: '</v1/store/orders?page=2>; rel="next"' });
    expect(paginated[0]).toBe(
      'must orders.list: GET /store/orders → 200: id 1 is listed 2 times (ids are unique); a Link rel="next" to "/v1/store/orders?page=2": the list is paginated; X-Total-Count 5 but 2 order(s) listed: not all orders',
    );
    expect(list(LIST)).toEqual(LIST_FINDINGS);
  });

  it('still grades each of many different lists, and the first again once the others pushed it out', () => {
    const lists = Array.from({ length: REMEMBERED_LISTS.entries * 2 }, (_, n) => `[{"id":${n + 1}}]`);
    for (const body of lists) expect(list(body)).toEqual([]);
    expect(list('[{"id":9223372036854775808}]')).toEqual([
      'must orders.list: GET /store/orders → 200: id 9223372036854775808 is not an int64',
    ]);
    expect(list(LIST)).toEqual(LIST_FINDINGS);
  });
});
