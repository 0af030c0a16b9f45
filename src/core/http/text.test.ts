import { describe, expect, test } from 'vitest';
import { groupThousands, pathOf, quote, truncate } from './text.ts';

describe('how messages echo what they were given', () => {
  test('cut a long value at 64 characters', () => {
    expect(truncate('x'.repeat(100))).toBe(`${'x'.repeat(64)}…`);
    expect(quote('x'.repeat(5_000_000))).toBe(`"${'x'.repeat(64)}…"`);
  });

  test('make newlines, a BOM and other invisible characters visible', () => {
    expect(quote('https://a.example\n')).toBe('"https://a.example\\n"');
    expect(quote('\ufeff[')).toBe('"\\ufeff["');
    expect(quote('a\u200bb')).toBe('"a\\u200bb"');
  });

  test('group the thousands of a count as English does', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 9_007_199_254_740_991]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en'));
    }
  });
});

describe("a request target's path", () => {
  test('ends at the first question mark, as the path Node and MSW read', () => {
    expect(pathOf('/__mock/requests')).toBe('/__mock/requests');
    expect(pathOf('/__mock/requests?limit=5&path=/a?b')).toBe('/__mock/requests');
    expect(pathOf('/?')).toBe('/');
    expect(pathOf('?x')).toBe('');
    for (const target of ['/a', '/a?b', '/a??', '/a/?b?c', '']) {
      expect(pathOf(target)).toBe(target.split('?', 1)[0]);
    }
  });
});
