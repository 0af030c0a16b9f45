import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import { registry } from './index.ts';
import { createRegistry, UnknownCheckError } from './registry.ts';

describe('registry', () => {
  it('refuses a duplicate check id', () => {
    const check = registry.checks[0];
    if (!check) throw new Error('empty registry');
    expect(() => createRegistry([check, check])).toThrow(/duplicate check id/);
  });

  it('gives every check an id, a severity, a one-line title and a reference', () => {
    for (const check of registry.checks) {
      expect(check.id).toMatch(/^[a-z]+\.[a-z0-9-]+$/);
      expect(['must', 'should', 'info']).toContain(check.severity);
      expect(check.title).not.toContain('\n');
      expect(check.reference.length).toBeGreaterThan(3);
    }
  });

  it('grades norms as should and the spec as must, citing an RFC, the Fetch standard or JSON Schema for should', () => {
    for (const check of registry.checks.filter((c) => c.severity === 'should'))
      expect(check.reference).toMatch(/RFC|Fetch standard|JSON Schema/);
    for (const check of registry.checks.filter((c) => c.severity === 'must'))
      expect(check.reference).toMatch(/Spec/);
  });

  it('selects in registry order and names unknown ids', () => {
    expect(registry.select(['errors.body', 'auth.missing-key'], []).map((c) => c.id)).toEqual([
      'auth.missing-key',
      'errors.body',
    ]);
    expect(() => registry.select(['nope'], [])).toThrow(UnknownCheckError);
  });

  it('knows a value for every path parameter of the spec (drift guard)', () => {
    const params = new Set(loadSpec().operations.flatMap((o) => o.pathParams));
    expect([...params].sort()).toEqual(['orderId', 'petId']);
  });

  it('grades the operations the checks name, as the spec defines them', () => {
    const ids = loadSpec().operations.map((o) => o.operationId);
    expect(ids).toEqual(expect.arrayContaining(['listOrders', 'cancelOrder']));
    expect(
      loadSpec()
        .operations.filter((o) => o.deprecated)
        .map((o) => o.path),
    ).toEqual(['/pets/{petId}']);
  });
});
