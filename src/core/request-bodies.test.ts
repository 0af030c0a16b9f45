import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { targets } from '../../scripts/generate-request-bodies.ts';

describe('the generated request-body validators', () => {
  test('contain no eval or Function constructor, so a browser with a strict CSP can run them', () => {
    for (const target of targets) {
      const text = readFileSync(new URL(`../../${target.out}`, import.meta.url), 'utf8');
      expect(text).not.toMatch(/\beval\(|new Function\(|\brequire\(/);
    }
  });
});
