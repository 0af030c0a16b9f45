import { describe, expect, test } from 'vitest';
import { oneLine } from './text.ts';

describe('how the CLI prints a message', () => {
  test('folds a message that spans lines onto one', () => {
    expect(oneLine('first line\n  second line\r\nthird')).toBe('first line second line third');
  });
});
