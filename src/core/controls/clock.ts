import { coreError } from '../http/errors.ts';
import { type Clock, systemClock } from '../types.ts';

export type ClockMode = 'system' | 'manual';

/**
 * The last instant the clock may show, a month before the end of the year 9999: the dates the mock derives
 * from now (a pending order ships days later, a preset's orders ten days either side, DNS propagates within
 * 48 hours) must print as four-digit ISO years too, or they fail the spec's date-time format.
 */
export const LATEST_TIME = Date.parse('9999-12-01T00:00:00.000Z');
const LATEST = '9999-12-01T00:00:00Z';

/**
 * The mock's one clock, read by every part (the pets sunset, the journal, the domains simulation): real
 * time plus an offset (`system`), or a clock that only moves when told (`manual`). It only moves forward:
 * `reset()` is the way back.
 */
export interface MockClock extends Clock {
  readonly mode: ClockMode;
  /** How far `advance` and `set` have moved the clock. */
  offset(): number;
  /** Moves forward by `ms`; refuses (400 INVALID_DURATION) a negative move or one past LATEST_TIME. */
  advance(ms: number): void;
  /** Moves forward to `time` (ms since the epoch); refuses (409 CLOCK_BACKWARDS) an earlier time. */
  set(time: number): void;
  /** Back to no offset (and, for a manual clock, to its start). */
  reset(): void;
  /**
   * Puts the clock back where a saved state had it (`PUT /__mock/state`): a manual clock shows `now` again,
   * `offset` after its start; a system clock takes the `offset` (real time has moved on). The one way
   * back in time besides `reset()`. Optional for clocks of your own; without it a state cannot be restored.
   */
  restore?(saved: { readonly now: number; readonly offset: number }): void;
}

/**
 * `initialOffset` restores how far a clock had moved (a shared clock read back from its store), without the checks
 * of `advance`: real time may since have taken it to its bound.
 *
 * @example const clock = createClock('manual', Date.parse('2026-01-01T00:00:00Z')); clock.advance(60_000);
 */
export function createClock(
  mode: ClockMode,
  start?: number,
  base: Clock = systemClock,
  initialOffset = 0,
): MockClock {
  let origin = start ?? base.now();
  let offset = initialOffset;
  // A system clock set near the bound would pass it as real time goes on: it stops there instead.
  const now = () => Math.min(LATEST_TIME, (mode === 'manual' ? origin : base.now()) + offset);
  return {
    mode,
    now,
    offset: () => offset,
    advance(ms) {
      if (!(ms >= 0) || now() + ms > LATEST_TIME) {
        throw coreError(
          'INVALID_DURATION',
          `The clock moves forward, at most to ${LATEST}; advance it by a duration such as "400d".`,
        );
      }
      offset += ms;
    },
    set(time) {
      if (!(time <= LATEST_TIME)) {
        throw coreError('INVALID_REQUEST', `The clock cannot go past ${LATEST}.`);
      }
      const current = now();
      if (time < current) {
        throw coreError(
          'CLOCK_BACKWARDS',
          `The clock only moves forward (it shows ${new Date(current).toISOString()}); POST /__mock/reset takes it back to its start.`,
        );
      }
      offset += time - current;
    },
    reset() {
      offset = 0;
    },
    restore(saved) {
      if (!(saved.now <= LATEST_TIME && saved.offset >= 0 && saved.offset <= saved.now)) {
        throw coreError('INVALID_REQUEST', 'A saved clock must be before the year 9999, its offset forward.');
      }
      if (mode === 'manual') origin = saved.now - saved.offset;
      offset = saved.offset;
    },
  };
}
