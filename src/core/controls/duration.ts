/** Durations written the way people say them: `90s`, `5m`, `1h30m`, `2d`. */

const units: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const whole = /^(\d+(ms|s|m|h|d))+$/;
const part = /(\d+)(ms|s|m|h|d)/g;

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!whole.test(trimmed)) return undefined;
  let total = 0;
  for (const match of trimmed.matchAll(part)) total += Number(match[1]) * (units[match[2] ?? ''] ?? 0);
  return total;
}

/** The shortest form that reads back to the same value: 90_000 → `1m30s`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  let text = '';
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
    ['ms', 1],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count > 0) text += `${count}${unit}`;
    rest -= count * size;
  }
  return sign + text;
}
