import { describe, expect, it } from 'vitest';
import { isIso8601DateTime, isRfc3339DateTime } from './date-time.ts';

// [text, ISO 8601 (the seed's must), RFC 3339 (OpenAPI's should)]
const TABLE: Array<[string, boolean, boolean]> = [
  ['2026-12-01T10:00:00Z', true, true],
  ['2026-12-01T10:00:00.123456789Z', true, true],
  ['2026-12-01T10:00:00+05:30', true, true],
  ['2026-12-01T10:00:00.5-08:00', true, true],
  ['2026-12-01t10:00:00z', true, true],
  ['2016-12-31T23:59:60Z', true, true],
  ['2024-02-29T00:00:00Z', true, true],
  // ISO 8601 allows what RFC 3339 does not.
  ['2026-12-01T10:00Z', true, false],
  ['2026-12-01T10Z', true, false],
  ['2026-12-01T10:00:00', true, false],
  ['2026-12-01T10:00:00+05', true, false],
  ['2026-12-01T10:00:00,5Z', true, false],
  ['20261201T103000Z', true, false],
  ['20261201T103000+0100', true, false],
  // Neither allows these.
  ['2026-12-02 12:30:00.250000+00:00', false, false],
  ['2026-12-07 11:00:00+00', false, false],
  ['2026-12-02T12:30:00.250+0000', false, false],
  ['20261201T10:30:00Z', false, false],
  ['2026-12-01T103000Z', false, false],
  ['2026-12-01', false, false],
  ['2026-13-01T10:00:00Z', false, false],
  ['2025-02-29T10:00:00Z', false, false],
  ['2026-04-31T10:00:00Z', false, false],
  ['2026-12-01T24:00:00Z', false, false],
  ['2026-12-01T10:60:00Z', false, false],
  ['2026-12-01T10:00:00+24:00', false, false],
  ['2026-12-01T10:00:00.Z', false, false],
  ['2026-12-01T10:00:00Z ', false, false],
  ['', false, false],
];

describe('date-time readers', () => {
  it.each(TABLE)('reads %j as ISO 8601: %s, as RFC 3339: %s', (text, iso, rfc) => {
    expect(isIso8601DateTime(text)).toBe(iso);
    expect(isRfc3339DateTime(text)).toBe(rfc);
  });
});
