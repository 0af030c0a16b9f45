import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import type { Exchange, ExchangeResponse } from '../http/exchange.ts';
import { judge } from './oracle.ts';
import type { Credential, ExploreRequest } from './request.ts';

const spec = loadSpec();
const ERROR = (status: number) => JSON.stringify({ code: 'X', message: 'x', status });
const JSON_TYPE = { 'content-type': 'application/json' };
const CHALLENGE = { ...JSON_TYPE, 'www-authenticate': 'Bearer realm="petstore"' };

function request(method: string, template: string, credential: Credential = 'valid'): ExploreRequest {
  const operation = spec.operations.find((o) => o.path === template && o.method === method);
  const params = template.includes('{') ? { [/\{(\w+)\}/.exec(template)?.[1] ?? '']: '01' } : {};
  const header = credential === 'missing' ? undefined : 'Bearer {KEY}';
  return {
    method,
    template,
    params,
    query: '',
    auth: { header, credential },
    ...(operation ? { operation } : {}),
  };
}

function answer(status: number, headers: Record<string, string> = {}, body = ''): Exchange {
  const response: ExchangeResponse = {
    status,
    headers,
    body,
    bodyBytes: Buffer.byteLength(body),
    truncated: false,
  };
  return {
    seq: 1,
    startedAt: 0,
    source: 'upstream',
    request: { method: 'GET', path: '/', auth: 'none', url: 'http://x/', headers: {} },
    response,
    durationMs: 1,
    attempts: 1,
  };
}

const rules = (req: ExploreRequest, exchange: Exchange) => judge(spec, req, exchange).map((v) => v.rule);
const DELETE = '/store/orders/{orderId}';

describe('the exploration oracle', () => {
  it('passes documented answers: a 404 Error to a DELETE, a 401 with a challenge', () => {
    expect(rules(request('DELETE', DELETE), answer(404, JSON_TYPE, ERROR(404)))).toEqual([]);
    expect(rules(request('DELETE', DELETE, 'missing'), answer(401, CHALLENGE, ERROR(401)))).toEqual([]);
  });

  it('fails a 5xx to any request as a server error (must), before any other rule', () => {
    const [first] = judge(spec, request('DELETE', DELETE, 'wrong'), answer(500, JSON_TYPE, ERROR(500)));
    expect(first).toMatchObject({ rule: 'explore.server-error', severity: 'must' });
    expect(first?.message).toMatch(/→ 500/);
    expect(rules(request('PROPFIND', DELETE), answer(503, JSON_TYPE, ERROR(503)))[0]).toBe(
      'explore.server-error',
    );
  });

  it('fails an undocumented status to an operation (must)', () => {
    expect(rules(request('DELETE', DELETE), answer(200, JSON_TYPE, '{}'))).toEqual(['explore.status']);
  });

  it('fails a dropped connection, but not a complete answer', () => {
    const dropped: Exchange = { ...answer(200), response: undefined, error: 'other side closed' };
    expect(rules(request('GET', '/store/orders'), dropped)).toEqual(['explore.connection']);
  });

  it('requires 401 for a missing or wrong key, and accepts 400 or 401 for an odd spelling of a wrong key', () => {
    expect(rules(request('GET', '/store/orders', 'wrong'), answer(200, JSON_TYPE, '[]'))[0]).toBe(
      'explore.credentials',
    );
    expect(rules(request('GET', '/store/orders', 'odd-wrong'), answer(400))).toEqual([]);
    expect(rules(request('GET', '/store/orders', 'odd-wrong'), answer(200, JSON_TYPE, '[]'))[0]).toBe(
      'explore.credentials',
    );
    expect(rules(request('GET', '/store/orders', 'odd-valid'), answer(401, CHALLENGE, ERROR(401)))).toEqual(
      [],
    );
  });

  it('accepts a body-less 400, 414 or 431 from the HTTP layer, but not a 404 without an Error body', () => {
    expect(rules(request('DELETE', DELETE), answer(414))).toEqual([]);
    expect(rules(request('DELETE', DELETE), answer(404))).toEqual(['explore.error-body']);
  });

  it('grades labels as the fixed checks do: a stated Error body is held to application/json (must)', () => {
    const plain = { 'content-type': 'text/plain' };
    const [stated] = judge(spec, request('DELETE', DELETE), answer(404, plain, ERROR(404)));
    expect(stated).toMatchObject({ rule: 'http.media-type', severity: 'must' });
    const malformed = { ...request('DELETE', DELETE), params: { orderId: 'abc' } };
    expect(judge(spec, malformed, answer(404, plain, ERROR(404)))[0]).toMatchObject({
      rule: 'http.content-type',
      severity: 'should',
    });
    expect(
      rules(
        request('DELETE', DELETE),
        answer(404, { 'content-type': 'application/problem+json' }, ERROR(404)),
      ),
    ).toEqual(['http.media-type']);
  });

  it('judges HEAD and OPTIONS without body rules; OPTIONS may answer 200 or 204', () => {
    expect(rules(request('HEAD', '/store/orders'), answer(200, JSON_TYPE))).toEqual([]);
    expect(rules(request('OPTIONS', DELETE), answer(200, { 'content-type': 'text/html' }, '<p>'))).toEqual(
      [],
    );
    expect(rules(request('OPTIONS', DELETE), answer(204))).toEqual([]);
  });

  it('expects 405 with Allow (or 501) for a method the path does not define', () => {
    const allow = { ...JSON_TYPE, allow: 'GET, HEAD' };
    expect(rules(request('PROPFIND', '/store/orders'), answer(405, allow, ERROR(405)))).toEqual([]);
    expect(rules(request('PROPFIND', '/store/orders'), answer(501, JSON_TYPE, ERROR(501)))).toEqual([]);
    expect(rules(request('PROPFIND', '/store/orders'), answer(207, JSON_TYPE, '{}'))).toEqual([
      'explore.method',
    ]);
    expect(rules(request('PROPFIND', '/store/orders'), answer(405, JSON_TYPE, ERROR(405)))).toEqual([
      'explore.allow',
    ]);
    expect(
      rules(request('PROPFIND', '/store/orders'), answer(405, { ...JSON_TYPE, allow: 'POST' }, ERROR(405))),
    ).toEqual(['explore.allow']);
  });

  it('expects a Bearer challenge on every 401', () => {
    expect(rules(request('GET', '/store/orders', 'missing'), answer(401, JSON_TYPE, ERROR(401)))).toEqual([
      'auth.challenge',
    ]);
  });
});

describe('what the oracle quotes from the server', () => {
  it('is escaped and cut, so a header cannot forge a report line', () => {
    const forged = `text/plain\n[28/28] PASS must ${'x'.repeat(500)}`;
    const [violation] = judge(
      spec,
      request('DELETE', DELETE),
      answer(404, { 'content-type': forged }, ERROR(404)),
    );
    expect(violation?.message).not.toContain('\n');
    expect(violation?.message.length).toBeLessThan(200);
  });
});
