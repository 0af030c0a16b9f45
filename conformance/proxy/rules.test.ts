import { describe, expect, it } from 'vitest';
import { registry } from '../checks/index.ts';
import { ALL_RULES, NOT_GRADED_BY_PROXY } from './rules.ts';

describe('the proxy rules', () => {
  it("place every check of the suite: graded with the suite's severity, or named as not gradeable and why", () => {
    const graded = new Set(ALL_RULES.map((r) => r.id));
    const unplaced = registry.checks
      .map((c) => c.id)
      .filter((id) => !graded.has(id) && NOT_GRADED_BY_PROXY[id] === undefined);
    expect(unplaced).toEqual([]);
    for (const check of registry.checks.filter((c) => graded.has(c.id))) {
      expect(ALL_RULES.find((r) => r.id === check.id)?.severity, check.id).toBe(check.severity);
    }
  });

  it('name only checks that exist, and never one as both graded and not', () => {
    const ids = new Set(registry.checks.map((c) => c.id));
    for (const id of Object.keys(NOT_GRADED_BY_PROXY)) {
      expect(ids.has(id), id).toBe(true);
      expect(
        ALL_RULES.some((r) => r.id === id),
        id,
      ).toBe(false);
    }
    expect(ALL_RULES.filter((r) => !ids.has(r.id)).every((r) => r.id.startsWith('proxy.'))).toBe(true);
  });
});
