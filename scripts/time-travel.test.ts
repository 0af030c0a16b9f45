import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';

const script = new URL('./time-travel.mjs', import.meta.url).pathname;
const run = (env: Record<string, string>) =>
  execFileSync(
    process.execPath,
    [
      '--import',
      script,
      '-e',
      'console.log(new Date().toISOString(), new Date(Date.now()).getUTCFullYear())',
    ],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  ).trim();

describe('scripts/time-travel.mjs', () => {
  test('moves Date.now() and new Date() to the chosen instant, in the process it is imported into', () => {
    const [now = '', year] = run({ TIME_TRAVEL_TO: '2031-01-01T00:00:00Z' }).split(' ');
    expect(Date.parse(now) - Date.parse('2031-01-01T00:00:00Z')).toBeLessThan(60_000);
    expect(year).toBe('2031');
  });

  test('refuses to start without a date, rather than running at the real time', () => {
    expect(() => run({ TIME_TRAVEL_TO: '' })).toThrow(/TIME_TRAVEL_TO/);
  });
});
