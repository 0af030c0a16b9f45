import { type Clock, systemClock } from '../core/types.ts';

export type ClockMode = 'system' | 'manual';

/**
 * The dashboard's clock: real time plus an offset by default, or a manual clock that only moves when told.
 * Advancing works in both modes so a person can skip the 30-minute wait without restarting the mock.
 */
export interface DashboardClock extends Clock {
  readonly mode: ClockMode;
  /** How far the clock has been moved by `advance`. */
  offset(): number;
  advance(ms: number): void;
  /** Back to no offset (and, for a manual clock, to its start). */
  reset(): void;
}

/**
 * @example const clock = createClock('manual', Date.parse('2026-01-01T00:00:00Z')); clock.advance(60_000);
 */
export function createClock(
  mode: ClockMode,
  start: number = Date.now(),
  base: Clock = systemClock,
): DashboardClock {
  let offset = 0;
  return {
    mode,
    now: () => (mode === 'manual' ? start : base.now()) + offset,
    offset: () => offset,
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}
