import { describe, expect, it } from 'vitest';
import { loadSpec, type Operation } from '../contract/spec.ts';
import { unsafeToProbe } from './probes.ts';

const op = (method: string, path: string, pathParams: string[]): Operation => ({
  operationId: `${method} ${path}`,
  method,
  path,
  deprecated: false,
  statuses: [],
  pathParams,
  pathParamSchemas: {},
});

describe('safe probes', () => {
  it('sends every operation of the current spec', () => {
    expect(loadSpec().operations.map(unsafeToProbe)).toEqual(loadSpec().operations.map(() => undefined));
  });

  it('never sends a POST, PUT or PATCH, nor a DELETE of anything but an order id', () => {
    expect(unsafeToProbe(op('POST', '/store/orders', []))).toMatch(/could change state/);
    expect(unsafeToProbe(op('PUT', '/store/orders/{orderId}', ['orderId']))).toMatch(/could change state/);
    expect(unsafeToProbe(op('DELETE', '/pets/{petId}', ['petId']))).toMatch(/could change state/);
    expect(unsafeToProbe(op('DELETE', '/store/orders', []))).toMatch(/could change state/);
    expect(unsafeToProbe(op('DELETE', '/store/orders/{orderId}', ['orderId']))).toBeUndefined();
  });
});
