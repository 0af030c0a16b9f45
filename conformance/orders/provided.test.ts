import { describe, expect, it } from 'vitest';
import { exactId, JsonNumber, parseExactJson } from '../contract/exact-json.ts';
import { allocate } from './allocation.ts';
import { readSetupOutput } from './provided.ts';
import { needsOf } from './slots.ts';

describe("a setup's output", () => {
  it('reads ids given as strings or as JSON integers exactly, beyond 2^53 included', () => {
    const { orders } = readSetupOutput(
      '{"pending": ["9001", 9223372036854775807], "shipped": [9007199254740993]}\n',
    );
    expect(orders).toEqual({
      pending: ['9001', '9223372036854775807'],
      shipped: ['9007199254740993'],
    });
  });

  it('takes a missing list as empty, and keeps the strings of other keys as secrets for the redactor', () => {
    const { orders, secrets } = readSetupOutput('{"shipped": ["7"], "session": "tok_1234567890", "n": 1}');
    expect(orders).toEqual({ pending: [], shipped: ['7'] });
    expect(secrets).toContain('tok_1234567890');
    expect(secrets).not.toContain('7');
  });

  it.each([
    ['', /printed nothing/],
    ['   \n', /printed nothing/],
    ['pending: 1', /printed 10 bytes on stdout that are not JSON \(not shown\)/],
    ['[1, 2]', /not an object/],
    ['{"pending": "9001"}', /"pending" that is not a list of ids/],
    ['{"pending": ["+1"]}', /"pending"\[0\] that is not an int64 id/],
    ['{"pending": ["01"]}', /"pending"\[0\] that is not an int64 id/],
    ['{"pending": [1.0]}', /"pending"\[0\] that is not an int64 id/],
    ['{"pending": [1e3]}', /"pending"\[0\] that is not an int64 id/],
    ['{"shipped": [9223372036854775808]}', /"shipped"\[0\] that is not an int64 id/],
    ['{"pending": ["5"], "shipped": [5]}', /order 5 twice/],
    ['{"pending": ["1"]} {"pending": ["2"]}', /not JSON/],
  ])('refuses %j without quoting it', (text, problem) => {
    let message = '';
    try {
      readSetupOutput(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(problem);
    if (text.trim() !== '') expect(message).not.toContain(text.trim());
  });
});

describe('JSON read with its numbers as written', () => {
  it('keeps every number as its text, strings and structure as JSON.parse', () => {
    const value = parseExactJson('{"a": [9007199254740993, -0.5e3, "9"], "b": {"c": null, "d": true}}');
    expect(value).toEqual({
      a: [new JsonNumber('9007199254740993'), new JsonNumber('-0.5e3'), '9'],
      b: { c: null, d: true },
    });
  });

  it('refuses what JSON refuses, leading zeros included', () => {
    for (const text of ['{"a": 01}', '[1,]', '{a: 1}', '"unterminated']) {
      expect(() => parseExactJson(text), text).toThrow(SyntaxError);
    }
  });

  it('takes an id as canonical int64 digits only', () => {
    expect(exactId(new JsonNumber('-9223372036854775808'))).toBe('-9223372036854775808');
    expect(exactId('42')).toBe('42');
    for (const bad of ['042', ' 42', '4.2', '', 'abc', true, null, new JsonNumber('42.0')]) {
      expect(exactId(bad as never), String(bad)).toBeUndefined();
    }
  });
});

describe('handing out orders', () => {
  it("gives a setup's orders one per story, in slot order, and says what is missing", () => {
    const orders = allocate('setup', { pending: ['9'], shipped: [] }, ['cancel', 'conflict', 'refusals']);
    expect(orders.bySlot).toEqual({ cancel: '9' });
    expect(orders.missing.refusals?.reason).toBe('the setup provided 1 of 2 pending orders');
    expect(orders.missing.conflict?.reason).toBe('the setup provided 0 of 1 shipped orders');
    expect(orders.writable).toEqual(['9']);
  });

  it('lets an id given on the command line serve every story of its kind, as it always did', () => {
    const orders = allocate('given', { pending: ['1'], shipped: ['2'] }, ['cancel', 'conflict', 'refusals']);
    expect(orders.bySlot).toEqual({ cancel: '1', conflict: '2', refusals: '1' });
  });

  it('lets the gate reach only the orders handed out, not the extra ones a setup made', () => {
    const orders = allocate('setup', { pending: ['1', '3', '5'], shipped: ['2'] }, ['cancel']);
    expect(orders.writable).toEqual(['1']);
  });

  it('counts the needs of the stories', () => {
    expect(needsOf(['cancel', 'conflict', 'refusals'])).toEqual({ pending: 2, shipped: 1 });
    expect(needsOf([])).toEqual({ pending: 0, shipped: 0 });
  });
});
