import { describe, expect, it } from 'vitest';
import { absentRange, lenientReadings, provablyAbsent, readsOnlyAs } from './readings.ts';

const INT64_MAX = 2n ** 63n - 1n;
const reads = (segment: string, int32 = true): bigint[] => [...(lenientReadings(segment, int32) ?? [])];

describe('lenient readings of a path segment', () => {
  it.each([
    ['01', 1n],
    ['+1', 1n],
    ['1.0', 1n],
    ['1e0', 1n],
    ['%31', 1n],
    ['%2531', 1n],
    ['%201', 1n],
    ['+1', 1n],
    ['0x1', 1n],
    ['1abc', 1n],
    ['1.9', 2n],
    ['0.5', 1n],
    ['0189', 1n],
    ['%EF%BC%91', 1n],
    ['%C2%B9', 1n],
    ['%B9', 1n],
    ['1_0', 10n],
    ['18446744073709551617', 1n],
    ['4294967297', 1n],
    ['Infinity', INT64_MAX],
    ['9007199254740993', 9007199254740992n],
  ])('%s can be read as %s', (segment, value) => {
    expect(reads(segment)).toContain(value);
  });

  it('does not read ids that fit int32 as wrapped when the server may use int64', () => {
    expect(reads('4294967297', false)).not.toContain(1n);
  });

  it('gives up on digits of other scripts, which some parsers accept', () => {
    expect(lenientReadings('%D9%A1', true)).toBeUndefined();
  });

  it('reads a 1,000-character id without blowing up', () => {
    expect(reads(`${'0'.repeat(990)}1234567e5`).length).toBeGreaterThan(0);
  });
});

describe('proof that a DELETE cannot touch an order', () => {
  const listed = ['1', '2', '100'];

  it('accepts an id above every listed one in every spelling whose readings all stay above', () => {
    for (const segment of [
      '1000103',
      '01000103',
      '1000103%30',
      '1000103%C3%A9',
      '1000103abc',
      '1000103.5',
      '+1000103',
    ]) {
      expect(provablyAbsent(segment, listed), segment).toBe(true);
    }
  });

  it.each(['1', '01', '+1', '1.0', '1e0', '%31', '%201', '0x1', '1abc', '', '100.5', '99.9e0'])(
    'refuses %j, which a lenient server may read as a listed (or lower, unlisted) id',
    (segment) => {
      expect(provablyAbsent(segment, listed)).toBe(false);
    },
  );

  it('accepts what no parser reads as a number unless 0 is listed (a failed parse may fall back to 0)', () => {
    expect(provablyAbsent('abc', listed)).toBe(true);
    expect(provablyAbsent('%31000103', listed)).toBe(true); // undecoded: no number; decoded: 1000103
    expect(provablyAbsent('abc', ['0', ...listed])).toBe(false);
    expect(provablyAbsent('1000103abc', ['0', ...listed])).toBe(false);
    expect(provablyAbsent('1000103', ['0', ...listed])).toBe(true);
  });

  it('refuses an id beyond int64 that wraps around to a low id', () => {
    expect(provablyAbsent('18446744073709551617', listed)).toBe(false);
    expect(provablyAbsent(`1000103${'0'.repeat(20)}`, listed)).toBe(false);
  });

  it('accepts the ids the user gave, in any spelling, only when writes are allowed', () => {
    expect(provablyAbsent('+100', listed)).toBe(false);
    expect(provablyAbsent('+100', listed, ['100'])).toBe(true);
    expect(provablyAbsent('0100', listed, ['100'])).toBe(false); // strtol reads it as octal 64
    expect(provablyAbsent('2.5', listed, ['2'])).toBe(false); // also read as 3
  });

  it('refuses every id when the list holds something that is no integer', () => {
    expect(provablyAbsent('1000103', ['1', 'abc'])).toBe(false);
  });
});

describe('the range of provably absent ids', () => {
  it('starts well above the largest listed id', () => {
    const range = absentRange(['1', '2', '100']);
    expect(range.ok && range.lo).toBe(1_000_103n);
  });

  it('is empty when the largest listed id is near 2^63: doubles there cannot tell ids apart', () => {
    const range = absentRange(['2', '9223372036854775000']);
    expect(range.ok).toBe(false);
    if (!range.ok) expect(range.reason).toMatch(/9223372036854775000/);
  });

  it('is empty when an id beyond int64 is listed', () => {
    expect(absentRange(['99999999999999999999']).ok).toBe(false);
  });

  it('holds only ids the proof accepts, at both ends', () => {
    for (const listed of [['3'], ['2', '4611686018427387904'], ['2147483000'], []]) {
      const range = absentRange(listed);
      expect(range.ok, String(listed)).toBe(true);
      if (!range.ok) continue;
      expect(provablyAbsent(String(range.lo), listed)).toBe(true);
      expect(provablyAbsent(String(range.hi), listed)).toBe(true);
    }
  });
});

describe('writes with --allow-writes', () => {
  it('reach only the given ids', () => {
    expect(readsOnlyAs('7', ['7'], ['7'])).toBe(true);
    expect(readsOnlyAs('+7', ['7'], ['7'])).toBe(true);
    expect(readsOnlyAs('7.5', ['7'], ['7'])).toBe(false);
    expect(readsOnlyAs('8', ['7'], ['7'])).toBe(false);
    expect(readsOnlyAs('abc', ['7'], ['7'])).toBe(false);
  });
});
