import { coreError } from '../http/errors.ts';
import { truncate } from '../http/text.ts';
import type { ClockMode, MockClock } from './clock.ts';
import { formatDuration, parseDuration } from './duration.ts';

// The clock as the control planes show and move it (`GET /__mock/clock`, `POST /__mock/clock/advance`): loaded
// with their code, not with the mock's clock itself.

/** The clock as the admin API and the dashboard controls show it (the `Clock` schema of both specs). */
export function clockState(clock: MockClock): { mode: ClockMode; now: string; offset: string } {
  return {
    mode: clock.mode,
    now: new Date(clock.now()).toISOString(),
    offset: formatDuration(clock.offset()),
  };
}

/** `POST …/clock/advance {"by": "400d"}`: a duration as people write it; 400 INVALID_DURATION otherwise. */
export function advanceClockBy(clock: MockClock, by: string): void {
  const ms = parseDuration(by);
  if (ms === undefined) {
    throw coreError(
      'INVALID_DURATION',
      `"${truncate(by)}" is not a duration; write it like "90s", "5m", "1h30m" or "400d".`,
    );
  }
  clock.advance(ms);
}
