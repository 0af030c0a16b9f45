/** Durations are the core's (src/core/controls/duration.ts); this adds the phrases the simulation's messages use. */
export { formatDuration, parseDuration } from '../core/controls/duration.ts';

/** A human phrase for messages: `3 minutes`, `48 hours`. */
export function describeDuration(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 1) return `${Math.ceil(ms / 1000)} seconds`;
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.round(minutes / 60)} hours`;
}
