import { describe, expect, test } from 'vitest';
import { isDateTime } from './formats.ts';

describe('date-time', () => {
  test('accepts RFC 3339 instants with an offset', () => {
    for (const text of ['2026-12-01T10:00:00Z', '2028-02-29T23:59:59.123+02:00', '2026-01-01t00:00:00z']) {
      expect(isDateTime(text), text).toBe(true);
    }
  });

  test('refuses dates no calendar has, and times without an offset', () => {
    for (const text of [
      '2026-02-30T00:00:00Z',
      '2027-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:60:00Z',
      '2026-01-01T00:00:00',
      '2026-01-01',
    ]) {
      expect(isDateTime(text), text).toBe(false);
    }
  });
});
