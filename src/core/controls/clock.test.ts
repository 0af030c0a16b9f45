import { describe, expect, test } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { createClock } from './clock.ts';

const start = Date.parse('2026-06-01T12:00:00.000Z');
const fixed = { now: () => start };

describe('the mock clock', () => {
  test('a manual clock stands still until advanced or set', () => {
    const clock = createClock('manual', start);
    expect(clock.now()).toBe(start);
    clock.advance(60_000);
    expect([clock.now(), clock.offset()]).toEqual([start + 60_000, 60_000]);
    clock.set(Date.parse('2027-07-02T00:00:00Z'));
    expect(new Date(clock.now()).toISOString()).toBe('2027-07-02T00:00:00.000Z');
    clock.reset();
    expect([clock.now(), clock.offset()]).toEqual([start, 0]);
  });

  test('a system clock follows its base plus the offset', () => {
    let now = start;
    const clock = createClock('system', undefined, { now: () => now });
    clock.advance(1000);
    now += 5000;
    expect(clock.now()).toBe(start + 6000);
  });

  test('refuses to go backwards, or past the year 9999, and stays where it was', () => {
    const clock = createClock('manual', start, fixed);
    const code = (move: () => void) => {
      try {
        move();
      } catch (error) {
        return error instanceof ApiError ? [error.status, error.code] : String(error);
      }
      return 'moved';
    };
    expect(code(() => clock.set(start - 1))).toEqual([409, 'CLOCK_BACKWARDS']);
    expect(code(() => clock.advance(-1))).toEqual([400, 'INVALID_DURATION']);
    expect(code(() => clock.advance(100_000_000 * 86_400_000))).toEqual([400, 'INVALID_DURATION']);
    expect(code(() => clock.set(Date.parse('+010000-01-01T00:00:00Z')))).toEqual([400, 'INVALID_REQUEST']);
    expect(clock.now()).toBe(start);
  });
});
