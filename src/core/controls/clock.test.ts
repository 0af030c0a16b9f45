import { describe, expect, test } from 'vitest';
import { createMockApi } from '../api.ts';
import { ApiError } from '../http/errors.ts';
import { createClock, LATEST_TIME } from './clock.ts';
import { clockState } from './clock-admin.ts';

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

describe('the clock at its bound', () => {
  test('a system clock set to its last instant stays there while real time moves on', () => {
    let now = start;
    const clock = createClock('system', undefined, { now: () => now });
    clock.set(LATEST_TIME);
    now += 86_400_000;
    expect(clock.now()).toBe(LATEST_TIME);
    expect(clockState(clock).now).toMatch(/^\d{4}-/);
    expect(() => clock.advance(1)).toThrow(expect.objectContaining({ code: 'INVALID_DURATION' }));
  });

  test('leaves room for every date the mock derives from it: all stay four-digit years', async () => {
    let now = start;
    const clock = createClock('system', undefined, { now: () => now });
    const api = createMockApi({ apiKeys: ['k'], clock });
    const send = async (method: string, path: string, body?: unknown) => {
      const headers = { authorization: 'Bearer k', 'content-type': 'application/json' };
      const text = body === undefined ? undefined : JSON.stringify(body);
      const response = await api.handle({ method, path, query: '', headers, body: text });
      return response.body?.text ?? '';
    };
    await send('POST', '/__mock/clock/set', { to: new Date(LATEST_TIME).toISOString() });
    now += 365 * 86_400_000;
    await send('POST', '/__mock/orders', { status: 'pending' }); // ships three days after now
    await send('POST', '/__mock/presets/large'); // ship dates up to ten days either side of now
    const written = [await send('GET', '/v1/store/orders'), await send('GET', '/__mock/requests')].join();
    const dates = [...written.matchAll(/"(?:shipDate|time)":"([^"]*)"/g)].map((match) => match[1]);
    expect(dates.length).toBeGreaterThan(10_000);
    expect(dates.filter((date) => !/^\d{4}-\d\d-\d\dT/.test(date ?? ''))).toEqual([]);
  });
});
