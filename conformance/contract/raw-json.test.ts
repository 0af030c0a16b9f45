import { describe, expect, it } from 'vitest';
import { isInt64, listContainsId, orderIdsFromJson, pickAbsentId } from './raw-json.ts';

describe('raw JSON ids', () => {
  it('reads ids beyond 2^53 exactly as written', () => {
    const text = '[{"id": 9007199254740993, "petId": 1}, {"petId": 2, "id":9223372036854775807}]';
    expect(orderIdsFromJson(text)).toEqual(['9007199254740993', '9223372036854775807']);
  });

  it('ignores ids of nested objects and keeps string ids as written', () => {
    const text = '[{"meta":{"id":5},"id":"abc"}, {"tags":[{"id":7}], "id": 3}, 4, []]';
    expect(orderIdsFromJson(text)).toEqual(['abc', '3']);
  });

  it('returns undefined for text that is not a JSON array', () => {
    expect(orderIdsFromJson('{"id":1}')).toBeUndefined();
    expect(orderIdsFromJson('[{"id":1},')).toBeUndefined();
    expect(orderIdsFromJson('<html></html>')).toBeUndefined();
    expect(orderIdsFromJson('[] trailing')).toBeUndefined();
  });

  it('compares ids as integers, not as numbers that round', () => {
    expect(listContainsId(['9007199254740993'], '9007199254740993')).toBe(true);
    expect(listContainsId(['9007199254740993'], '9007199254740992')).toBe(false);
    expect(listContainsId(['7'], '007')).toBe(true);
  });

  it('picks an absent id far above the largest listed id, beyond 2^53 when needed', () => {
    expect(pickAbsentId([])).toBe('1000003');
    expect(pickAbsentId(['1', '2'])).toBe('1000005');
    expect(pickAbsentId(['9007199254740993'])).toBe('9007199255740996');
  });

  it('never picks an id at or below the largest listed id, and has none when int64 has no room above it', () => {
    expect(pickAbsentId(['9223372036854775000'])).toBe('9223372036854775807');
    expect(pickAbsentId(['9223372036854775806', '1'])).toBe('9223372036854775807');
    expect(pickAbsentId(['9223372036854775807', '1'])).toBeUndefined();
    expect(pickAbsentId(['2', '99999999999999999999'])).toBeUndefined();
    // A lenient server may read `1000.0` or `1e3` as 1000: those count too.
    expect(pickAbsentId(['1e3', '5'])).toBe('1001003');
    expect(pickAbsentId(['1000.5'])).toBe('1001004');
  });

  it('accepts only decimal integers within int64 as ids', () => {
    expect(isInt64('9223372036854775807')).toBe(true);
    expect(isInt64('9223372036854775808')).toBe(false);
    expect(isInt64('12abc')).toBe(false);
    expect(isInt64('-1')).toBe(true);
  });

  it('reads ids written as strings or with a fraction as the integers a lenient server sees', () => {
    expect(orderIdsFromJson('[{"id":"7"},{"id":8.0},{"id":"x"}]')).toEqual(['7', '8.0', 'x']);
  });
});
