import { formatDuration, parseDuration } from './duration.ts';

/** A delay in milliseconds, fixed (`min === max`) or drawn uniformly from the range. */
export interface Latency {
  readonly min: number;
  readonly max: number;
}

/** The longest delay the mock adds: a mistyped `300s` for `300ms` should not look like a hang. */
export const MAX_LATENCY_MS = 60_000;

/** `300ms` or `100ms-800ms`; undefined when not a latency the mock accepts (see MAX_LATENCY_MS). */
export function parseLatency(text: string): Latency | undefined {
  const parts = text.split('-');
  if (parts.length > 2) return undefined;
  const [min, max = min] = parts.map((part) => parseDuration(part));
  if (min === undefined || max === undefined || min > max || max > MAX_LATENCY_MS) return undefined;
  return { min, max };
}

export function formatLatency({ min, max }: Latency): string {
  return min === max ? formatDuration(min) : `${formatDuration(min)}-${formatDuration(max)}`;
}

/** A delay drawn uniformly from the range with `random()` in [0, 1). */
export function drawDelay({ min, max }: Latency, random: () => number): number {
  return min === max ? min : Math.round(min + random() * (max - min));
}

/**
 * A small seeded generator (mulberry32): the same seed gives the same draws, so a fault with a probability
 * fails the same requests on every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
