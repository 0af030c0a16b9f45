import { describe, expect, test } from 'vitest';
import { errorBodyProblems, specProblems } from '../../test-support/spec-validator.ts';
import { createMockApi } from '../api.ts';
import { specOperations } from '../operations.generated.ts';
import type { MockRequest } from '../types.ts';
import { PreferredAnswers, parsePrefer } from './prefer.ts';
import { ResponseKit } from './responses.ts';

const KEY = 'k';
const api = () => createMockApi({ apiKeys: [KEY], clock: { now: () => Date.parse('2026-09-01T00:00:00Z') } });
const request = (method: string, path: string, prefer?: string): MockRequest => ({
  method,
  path,
  query: '',
  headers: { authorization: `Bearer ${KEY}`, ...(prefer === undefined ? {} : { prefer }) },
});

async function answer(method: string, path: string, prefer: string) {
  const mock = api();
  const response = await mock.handle(request(method, path, prefer));
  const text = response.body?.text ?? '';
  const problems = specProblems({
    method,
    path,
    status: response.status,
    contentType: response.headers['content-type'],
    text,
  });
  return { mock, response, text, problems, json: text ? JSON.parse(text) : undefined };
}

describe('Prefer: code= and example= (Prism conventions)', () => {
  test('code=500 is refused when the operation does not document it, naming the documented ones', async () => {
    const { response, json, text } = await answer('GET', '/v1/store/orders', 'code=500');
    expect(response.status).toBe(400);
    expect(json.message).toBe('Prefer: code=500 is not documented for listOrders; it documents 200, 401.');
    // The refusal is the mock's own answer to its header (as a 405 is), not a status of the operation: the
    // spec's Error body is what it owes.
    const seen = { method: 'GET', path: '/v1/store/orders', status: 400, text };
    expect(errorBodyProblems({ ...seen, contentType: response.headers['content-type'] ?? null })).toEqual([]);
  });

  test('code=409 on cancelOrder answers the documented Error body and cancels nothing', async () => {
    const { mock, response, json, problems } = await answer('DELETE', '/v1/store/orders/1', 'code=409');
    expect(response.status).toBe(409);
    expect(json).toMatchObject({ code: 'ORDER_ALREADY_SHIPPED', status: 409 });
    expect(response.headers['preference-applied']).toBe('code=409');
    expect(problems).toEqual([]);
    expect((await mock.store.get('1'))?.status).toBe('pending');
  });

  test('code=401 carries the bearer challenge; code=410 an Error body the spec accepts', async () => {
    const unauthorized = await answer('GET', '/v1/store/orders', 'code=401');
    expect(unauthorized.response.headers['www-authenticate']).toContain('Bearer');
    expect(unauthorized.problems).toEqual([]);
    const gone = await answer('GET', '/v1/pets/1', 'code=410');
    expect(gone.response.status).toBe(410);
    expect(gone.json).toMatchObject({ status: 410 });
    expect(gone.problems).toEqual([]);
  });

  test('code=204 answers no body; code=200 the spec example', async () => {
    const cancelled = await answer('DELETE', '/v1/store/orders/999', 'code=204');
    expect(cancelled.response.status).toBe(204);
    expect(cancelled.text).toBe('');
    const listed = await answer('GET', '/v1/store/orders', 'code=200');
    expect(listed.json).toHaveLength(2);
    expect(listed.problems).toEqual([]);
  });

  test('example=empty answers the named example; an unknown name lists the ones there are', async () => {
    const empty = await answer('GET', '/v1/store/orders', 'example=empty');
    expect(empty.response.status).toBe(200);
    expect(empty.json).toEqual([]);
    expect(empty.response.headers['preference-applied']).toBe('example=empty');
    const unknown = await answer('GET', '/v1/store/orders', 'example=nope');
    expect(unknown.response.status).toBe(400);
    expect(unknown.json.message).toContain('it has orders (200), empty (200), default (401)');
  });

  test('authentication still comes first, and other preferences leave the answer alone', async () => {
    const mock = api();
    const anonymous = await mock.handle({
      method: 'GET',
      path: '/v1/store/orders',
      query: '',
      headers: { prefer: 'code=200' },
    });
    expect(anonymous.status).toBe(401);
    const other = await mock.handle(request('GET', '/v1/store/orders', 'return=minimal, respond-async'));
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body?.text ?? '')).toHaveLength(25);
  });

  test('the parser follows RFC 7240: case-insensitive names, quoted values, parameters, first one wins', () => {
    const parsed = parsePrefer('Code="404"; foo=bar, respond-async, wait=10, code=500 , example = empty');
    expect(parsed.get('code')).toBe('404');
    expect(parsed.get('respond-async')).toBe('');
    expect(parsed.get('wait')).toBe('10');
    expect(parsed.get('example')).toBe('empty');
    expect(parsePrefer(',,;=, "x"').size).toBe(0);
  });

  test('only a request that asks for a documented answer loads what renders it; a failed load fails that request only', async () => {
    const loads: string[] = [];
    let fail = true;
    const preferred = new PreferredAnswers(specOperations, new ResponseKit('*'), async () => {
      loads.push('load');
      if (fail) throw new Error('chunk not reached');
      return import('./preferred-answer.ts');
    });
    const listing = request('GET', '/v1/store/orders');
    expect(preferred.answer(listing, '/store/orders', 'return=minimal')).toBeUndefined();
    expect(preferred.answer(listing, '/nowhere', 'code=200')).toBeUndefined();
    expect(loads).toEqual([]);

    await expect(preferred.answer(listing, '/store/orders', 'code=401')).rejects.toThrow('chunk not reached');
    fail = false;
    expect(await preferred.answer(listing, '/store/orders', 'code=401')).toMatchObject({
      status: 401,
      headers: { 'preference-applied': 'code=401' },
    });
    expect(loads).toEqual(['load', 'load']);
  });
});
