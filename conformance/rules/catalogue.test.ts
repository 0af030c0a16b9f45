import { describe, expect, it } from 'vitest';
import { registry } from '../checks/index.ts';
import { EXPLORE_RULES } from '../explore/oracle.ts';
import { PROXY_RULES } from '../proxy/rules.ts';
import { catalogue, type RuleId, rule } from './catalogue.ts';

describe('the rule catalogue', () => {
  it('gives every fixed check its id, severity, title and reference', () => {
    for (const { id, severity, title, reference } of registry.checks) {
      expect({ id, severity, title, reference }).toEqual(rule(id as RuleId));
    }
  });

  it('holds only rules some grader grades: the fixed checks, exploration or the proxy', () => {
    const graded = new Set<string>([...registry.checks.map((c) => c.id), ...EXPLORE_RULES, ...PROXY_RULES]);
    expect(catalogue.map((r) => r.id).filter((id) => !graded.has(id))).toEqual([]);
  });

  it('names a rule no fixed check grades for the grader that owns it (explore.*, proxy.*)', () => {
    const fixed = new Set(registry.checks.map((c) => c.id));
    const own = catalogue.filter((r) => !fixed.has(r.id)).map((r) => r.id);
    expect(own.filter((id) => !/^(explore|proxy)\./.test(id))).toEqual([]);
    expect(EXPLORE_RULES.filter((id) => id.startsWith('proxy.'))).toEqual([]);
    expect(PROXY_RULES.filter((id) => id.startsWith('explore.'))).toEqual([]);
  });
});
