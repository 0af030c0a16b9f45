import { describe, expect, test } from 'vitest';
import { oneLine, quote } from './text.ts';

describe('how the CLI echoes input', () => {
  test('caps echoed input at 64 characters', () => {
    expect(quote('x'.repeat(5_000_000))).toBe(`"${'x'.repeat(64)}…"`);
  });

  test('makes newlines, a BOM and other invisible characters visible', () => {
    expect(quote('https://a.example\n')).toBe('"https://a.example\\n"');
    expect(quote('\ufeff[')).toBe('"\\ufeff["');
    expect(quote('a\u200bb')).toBe('"a\\u200bb"');
  });

  test('folds a message that spans lines onto one', () => {
    expect(oneLine('first line\n  second line\r\nthird')).toBe('first line second line third');
  });
});
