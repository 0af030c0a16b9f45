import { describe, expect, test } from 'vitest';
import { createMockApi } from '../api.ts';
import type { MockRequest } from '../types.ts';

const request = (method: string, path: string, headers: Record<string, string> = {}): MockRequest => ({
  method,
  path,
  query: '',
  headers,
});

const withUpstream = (operations?: string[]) =>
  createMockApi({
    passthrough: { upstream: 'http://127.0.0.1:9/api', ...(operations ? { operations } : {}) },
  });

describe('which requests go upstream', () => {
  test('nothing goes upstream without an upstream: the mock answers everything, as before', () => {
    const api = createMockApi();
    expect(api.passthrough.forwards(request('GET', '/v1/users/me'))).toBe(false);
    expect(api.passthrough.settings()).toMatchObject({ upstream: null, operations: [] });
  });

  test.each([
    ['GET', '/v1/users/me'],
    ['POST', '/v1/store/orders'],
    ['PUT', '/v1/pets/1'],
    ['GET', '/v2/store/orders'],
    ['GET', '/'],
    ['GET', '/health'],
    ['GET', '/v1/store/orders/7/items'],
  ])('%s %s, which no operation of the spec has, goes upstream', (method, path) => {
    expect(withUpstream().passthrough.forwards(request(method, path))).toBe(true);
  });

  test.each([
    ['GET', '/v1/store/orders'],
    ['HEAD', '/v1/store/orders'],
    ['DELETE', '/v1/store/orders/7'],
    ['DELETE', '/v1/store/orders/not-a-number'],
    ['GET', '/v1/pets/1'],
  ])('%s %s, a documented operation, stays with the mock', (method, path) => {
    expect(withUpstream().passthrough.forwards(request(method, path))).toBe(false);
  });

  test.each([
    '/__mock/reset',
    '/__mock/',
    '/__dashboard/api/projects',
    '/__health',
    '/__docs/deprecations/get-pet-by-id',
    '/__anything',
    '/%5f%5Fmock/reset',
    '/oauth/token',
  ])('the mock keeps its own path %s, never forwarded', (path) => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      expect(withUpstream().passthrough.forwards(request(method, path))).toBe(false);
    }
  });

  test('a preflight goes where the method it asks for goes; a bare OPTIONS stays where the mock has the path', () => {
    const { passthrough } = withUpstream();
    const preflight = (method: string, path: string) =>
      passthrough.forwards(request('OPTIONS', path, { 'access-control-request-method': method }));
    expect(preflight('GET', '/v1/store/orders')).toBe(false);
    expect(preflight('POST', '/v1/store/orders')).toBe(true);
    expect(preflight('GET', '/v1/users/me')).toBe(true);
    expect(passthrough.forwards(request('OPTIONS', '/v1/store/orders'))).toBe(false);
    expect(passthrough.forwards(request('OPTIONS', '/v1/users/me'))).toBe(true);
  });
});

describe('sending documented operations upstream too', () => {
  test('toggled operations go upstream until changed or reset, which goes back to the start list', async () => {
    const api = withUpstream(['getPetById']);
    expect(api.passthrough.forwards(request('GET', '/v1/pets/1'))).toBe(true);
    api.passthrough.set(['listOrders']);
    expect(api.passthrough.forwards(request('GET', '/v1/store/orders'))).toBe(true);
    expect(api.passthrough.forwards(request('GET', '/v1/pets/1'))).toBe(false);
    expect(api.passthrough.forwards(request('DELETE', '/v1/store/orders/1'))).toBe(false);
    await api.reset();
    expect(api.passthrough.settings().operations).toEqual(['getPetById']);
  });

  test('PUT /__mock/passthrough sets the list and GET shows it, with the documented operations to choose from', async () => {
    const api = withUpstream();
    const put = await api.handle({
      method: 'PUT',
      path: '/__mock/passthrough',
      query: '',
      headers: { 'content-type': 'application/json' },
      body: '{"operations":["listOrders","listOrders"]}',
    });
    expect(put.status).toBe(200);
    const got = await api.handle(request('GET', '/__mock/passthrough'));
    expect(JSON.parse(got.body?.text ?? '')).toEqual({
      upstream: 'http://127.0.0.1:9/api',
      operations: ['listOrders'],
      documented: ['listOrders', 'cancelOrder', 'getPetById'],
    });
  });

  test.each([
    [
      '{"operations":["listUsers"]}',
      400,
      'INVALID_REQUEST',
      /listUsers is not a documented operation; the Store API documents listOrders, cancelOrder, getPetById/,
    ],
    ['{"operations":"listOrders"}', 400, 'INVALID_REQUEST', /operations/],
    ['{}', 400, 'INVALID_REQUEST', /operations/],
  ])('refuses %s with a clear Error body', async (body, status, code, message) => {
    const response = await withUpstream().handle({
      method: 'PUT',
      path: '/__mock/passthrough',
      query: '',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(status);
    const error = JSON.parse(response.body?.text ?? '');
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  test('naming operations while nothing is forwarded is a 409 that says how to turn it on; an empty list is fine', async () => {
    const api = createMockApi();
    const put = (body: string) =>
      api.handle({
        method: 'PUT',
        path: '/__mock/passthrough',
        query: '',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const refused = await put('{"operations":["listOrders"]}');
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body?.text ?? '')).toMatchObject({ code: 'PASSTHROUGH_OFF' });
    expect(JSON.parse(refused.body?.text ?? '').message).toMatch(/--passthrough URL/);
    expect((await put('{"operations":[]}')).status).toBe(200);
  });
});
