import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { generateRequestBodies, targets } from '../../scripts/generate-request-bodies.ts';

describe('the generated request-body validators', () => {
  for (const target of targets) {
    test(`${target.out} matches ${target.spec} (run npm run generate after editing the spec)`, () => {
      const committed = readFileSync(new URL(`../../${target.out}`, import.meta.url), 'utf8');
      expect(committed === generateRequestBodies(target), `${target.out} is stale`).toBe(true);
    });
  }

  test('contain no eval or Function constructor, so a browser with a strict CSP can run them', () => {
    for (const target of targets) {
      const text = readFileSync(new URL(`../../${target.out}`, import.meta.url), 'utf8');
      expect(text).not.toMatch(/\beval\(|new Function\(|\brequire\(/);
    }
  });
});
