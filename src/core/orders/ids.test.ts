import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCanonicalDecimal, nextId, parseId } from './ids.ts';

describe('parseId', () => {
  test('accepts canonical non-negative int64 ids, up to 2^63 - 1, exactly', () => {
    for (const id of ['0', '7', '9007199254740993', '9223372036854775807']) expect(parseId(id)).toBe(id);
  });

  test('refuses anything that is not a canonical decimal int64', () => {
    for (const id of [
      '',
      'abc',
      '1.5',
      '-1',
      '+1',
      '0x10',
      '01',
      '1e3',
      ' 1',
      '9223372036854775808',
      '99999999999999999999',
    ]) {
      expect(parseId(id), JSON.stringify(id)).toBeUndefined();
    }
  });
});

describe('isCanonicalDecimal', () => {
  test('accepts what the grammar of ids accepts, digit for digit, up to a number of digits', () => {
    const digitsOrNot = fc.string({ unit: fc.constantFrom(...'0123456789-+.e x\u0661'), maxLength: 22 });
    fc.assert(
      fc.property(digitsOrNot, fc.integer({ min: 1, max: 20 }), (text, maxDigits) => {
        const grammar = new RegExp(`^(?:0|[1-9][0-9]{0,${maxDigits - 1}})$`);
        expect(isCanonicalDecimal(text, maxDigits), JSON.stringify(text)).toBe(grammar.test(text));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('nextId', () => {
  test('counts on from the largest id without rounding', () => {
    expect(nextId(['3', '9007199254740993', '12'])).toBe('9007199254740994');
    expect(nextId([])).toBe('1');
  });
});
