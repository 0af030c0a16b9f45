import { describe, expect, test } from 'vitest';
import { quote, truncate } from './text.ts';

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
});
