import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createMockApi } from '../api.ts';
import type { MockRequest } from '../types.ts';
import { MAX_WILDCARDS, pathPattern } from './path-pattern.ts';

const request = (path: string, query = ''): MockRequest => ({ method: 'GET', path, query, headers: {} });

/** What a `*` glob means, spelled as a regular expression (fine for the short strings of the property). */
const reference = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

describe('a path pattern', () => {
  test('matches what `*` as "any characters" means, on any pattern and path', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '/', '*', '.'), maxLength: 12 });
    const pattern = text.filter((value) => value.split('*').length - 1 <= MAX_WILDCARDS);
    fc.assert(
      fc.property(pattern, text, (pattern, path) => {
        const clean = path.replaceAll('*', '');
        expect(pathPattern(pattern).test(clean)).toBe(reference(pattern).test(clean));
      }),
      { numRuns: 2000 },
    );
  });

  test(`matches ${MAX_WILDCARDS} wildcards against a long path that almost matches, at once`, () => {
    // A backtracking RegExp of this shape takes minutes on a path this long; the matcher reads it a few times.
    const pattern = `${'*a'.repeat(MAX_WILDCARDS)}b`;
    expect(pathPattern(pattern).test('a'.repeat(100_000))).toBe(false);
    expect(pathPattern(pattern).test(`${'a'.repeat(100_000)}b`)).toBe(true);
  });

  test(`refuses more than ${MAX_WILDCARDS} wildcards with a 400 naming the bound`, () => {
    expect(() => pathPattern('*a'.repeat(MAX_WILDCARDS + 1))).toThrow(
      expect.objectContaining({ status: 400, code: 'INVALID_REQUEST' }),
    );
  });
});

describe('the journal, the fault and the latency rules under a hostile pattern', () => {
  const api = createMockApi({ apiKeys: ['test-key'] });
  const admin = (method: string, path: string, body?: unknown, query = '') =>
    api.handle({
      method,
      path,
      query,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  test('answer the journal query of the report (10 wildcards) with a 400, not a hang', async () => {
    await api.handle(request(`/v1/store/orders/${'a'.repeat(40)}`));
    const answer = await admin('GET', '/__mock/requests', undefined, `path=${'*a'.repeat(9)}*b`);
    expect(answer.status).toBe(400);
    expect(answer.body?.text).toMatch(/at most 8/);
  });

  test('refuse a fault rule and a latency route with too many wildcards, and match allowed ones at once', async () => {
    const hostile = `/${'*a'.repeat(MAX_WILDCARDS + 1)}`;
    expect((await admin('POST', '/__mock/faults', { path: hostile, fault: 'status' })).status).toBe(400);
    const routes = [{ path: hostile, latency: '1ms' }];
    expect((await admin('PUT', '/__mock/latency', { routes })).status).toBe(400);
    const allowed = `/${'*a'.repeat(MAX_WILDCARDS - 1)}*b`;
    expect((await admin('POST', '/__mock/faults', { path: allowed, fault: 'status' })).status).toBe(201);
    const answer = await api.handle(request(`/v1/store/orders/${'a'.repeat(400)}`));
    expect(answer.status).toBe(401);
  });
});
