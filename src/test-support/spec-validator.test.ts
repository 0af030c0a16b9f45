import { describe, expect, it } from 'vitest';
import { type SeenResponse, specOperations, specProblems } from './spec-validator.ts';

const json = (method: string, path: string, status: number, text: string): SeenResponse => ({
  method,
  path,
  status,
  contentType: 'application/json',
  text,
});
const order = (id: string) => `[{"id":${id},"petId":1,"quantity":1,"complete":false}]`;

describe('the test-side spec validator', () => {
  it('accepts int64 ids beyond 2^53 exactly as sent, up to 2^63 - 1', () => {
    expect(specProblems(json('GET', '/v1/store/orders', 200, order('9223372036854775807')))).toEqual([]);
    expect(specProblems(json('GET', '/v1/store/orders', 200, order('9007199254740993')))).toEqual([]);
  });

  it('refuses an id beyond int64, which a rounded JSON number would let through', () => {
    expect(specProblems(json('GET', '/v1/store/orders', 200, order('9223372036854775808')))).not.toEqual([]);
    expect(specProblems(json('GET', '/v1/store/orders', 200, order('1.5')))).not.toEqual([]);
  });

  it("follows a $ref into another spec file (the admin API's Error is the Store API's)", () => {
    const incomplete = json('POST', '/__mock/orders', 400, '{"code":"INVALID_REQUEST","message":"no"}');
    expect(specProblems(incomplete)).toEqual(["/ must have required property 'status'"]);
  });

  it('refuses a status the operation does not document, on every plane', () => {
    const teapot = '{"code":"TEAPOT","message":"no","status":418}';
    expect(specProblems(json('DELETE', '/v1/store/orders/1', 418, teapot))).not.toEqual([]);
    expect(specProblems(json('POST', '/__mock/reset', 418, teapot))).not.toEqual([]);
    expect(specProblems(json('GET', '/__dashboard/api/projects', 418, teapot))).not.toEqual([]);
  });

  it('requires the Error body, with the same status, on a path no spec names', () => {
    const notFound = '{"code":"NOT_FOUND","message":"No route.","status":404}';
    for (const path of ['/v1/nope', '/__mock/nope', '/__dashboard/api/nope']) {
      expect(specProblems(json('GET', path, 404, notFound)), path).toEqual([]);
      expect(specProblems(json('GET', path, 404, '{"error":"not found"}')), path).not.toEqual([]);
      expect(specProblems(json('GET', path, 400, notFound)), path).toEqual(['status differs']);
    }
  });

  it('refuses a 204 without a body from a method the path does not define, unless it is a preflight', () => {
    const empty = { method: 'DELETE', path: '/__dashboard/api/projects', status: 204, text: '' };
    expect(specProblems(empty)).not.toEqual([]);
    expect(specProblems({ ...empty, method: 'OPTIONS' })).toEqual([]);
  });

  it('refuses a body on a status documented without one, and a body that is not JSON', () => {
    expect(specProblems(json('DELETE', '/v1/store/orders/1', 204, '{}'))).not.toEqual([]);
    expect(specProblems(json('GET', '/v1/store/orders', 200, '[{id: 1}]'))).not.toEqual([]);
    expect(
      specProblems({ ...json('GET', '/v1/store/orders', 200, '[]'), contentType: 'text/plain' }),
    ).not.toEqual([]);
  });

  it('lists the operations of each spec with their parameters named', () => {
    expect(specOperations('openapi.yaml').sort()).toEqual([
      'DELETE /store/orders/:orderId',
      'GET /pets/:petId',
      'GET /store/orders',
    ]);
    expect(specOperations('dashboard.openapi.yaml')).toContain('GET /__dashboard/api/projects/:projectId');
  });
});
