import { describe, expect, test } from 'vitest';
import { withSeedIds } from './order-input.ts';

const order = (id?: number | string) => ({ ...(id === undefined ? {} : { id }), petId: 1, quantity: 1 });

describe('withSeedIds', () => {
  test('gives an entry without an id the first id no entry names', () => {
    expect(withSeedIds([order(2), order(), order(), order(1)]).map((seed) => String(seed.id))).toEqual([
      '2',
      '3',
      '4',
      '1',
    ]);
  });

  test('refuses two entries with the same id, naming both, whether written as a number or a string', () => {
    expect(() => withSeedIds([order(1), order(), order(1)])).toThrow(
      'orders[0] and orders[2] both have id 1.',
    );
    expect(() => withSeedIds([order('9007199254740993'), order('9007199254740993')])).toThrow(
      'orders[0] and orders[1] both have id 9007199254740993.',
    );
    expect(() => withSeedIds([order(7), order('7')])).toThrow(/orders\[0\] and orders\[1\]/);
  });
});
