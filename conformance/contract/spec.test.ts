import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadSpec, locateSpec } from './spec.ts';

describe('spec', () => {
  const spec = loadSpec();

  it('finds spec/openapi.yaml by walking up from the module', () => {
    expect(locateSpec()).toMatch(/spec[/\\]openapi\.yaml$/);
  });

  it('reads every operation of the spec with its method, path and statuses', () => {
    const doc = load(readFileSync(locateSpec(), 'utf8')) as { paths: Record<string, object> };
    const fromDoc = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m} ${path}`),
    );
    expect(spec.operations.map((o) => `${o.method.toLowerCase()} ${o.path}`).sort()).toEqual(fromDoc.sort());
    expect(spec.operation('cancelOrder')).toMatchObject({ method: 'DELETE', pathParams: ['orderId'] });
    expect(spec.operation('cancelOrder').statuses).toEqual(
      expect.arrayContaining(['204', '401', '404', '409']),
    );
  });

  it('accepts orders with extra fields and without optional fields', () => {
    expect(spec.validateResponse('listOrders', 200, [{ id: 1, status: 'pending' }, {}])).toEqual([]);
  });

  it('rejects an order whose field has the wrong type or format', () => {
    const errors = spec.validateResponse('listOrders', 200, [{ quantity: 'two', shipDate: 'soon' }]);
    expect(errors).toHaveLength(2);
  });

  it('validates Error bodies through the response references', () => {
    expect(spec.validateResponse('cancelOrder', 401, { code: 'X', message: 'm', status: 401 })).toEqual([]);
    expect(spec.validateResponse('cancelOrder', 404, { code: 'X', status: '404' })).toHaveLength(2);
    expect(spec.validateSchema('Error', { code: 'X', message: 'm', status: 1 })).toEqual([]);
  });

  it('returns undefined when the spec documents no JSON body for a status', () => {
    expect(spec.validateResponse('cancelOrder', 204, null)).toBeUndefined();
  });

  it("reads the base path the servers share, and each operation's documented responses", () => {
    expect(spec.basePath).toBe('/v1');
    expect(spec.response('cancelOrder', 404)).toEqual({
      mediaTypes: ['application/json'],
      shared: 'NotFound',
      jsonSchema: { $ref: '#/components/schemas/Error' },
    });
    expect(spec.response('cancelOrder', 204)).toEqual({ mediaTypes: [] });
    expect(spec.response('cancelOrder', 418)).toBeUndefined();
    expect(spec.operation('cancelOrder').pathParamSchemas).toEqual({
      orderId: { type: 'integer', format: 'int64' },
    });
  });
});
