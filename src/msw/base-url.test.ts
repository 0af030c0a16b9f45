import { afterEach, describe, expect, test } from 'vitest';
import { resolveBaseUrl } from './base-url.ts';
import { createHandlers } from './index.ts';

const global = globalThis as { location?: unknown };

afterEach(() => {
  delete global.location;
});

describe('relative base URLs', () => {
  test('resolve against location, as the app’s own fetch("/v1/…") does (browser, jsdom)', () => {
    global.location = new URL('http://localhost:5173/orders/page');
    expect(resolveBaseUrl('/v1').href).toBe('http://localhost:5173/v1');
    expect(() => createHandlers({ baseUrl: '/v1' })).not.toThrow();
  });

  test('without a location, a relative base URL is a clear error naming the option', () => {
    expect(() => createHandlers({ baseUrl: '/v1' })).toThrow(
      /createHandlers: baseUrl "\/v1" cannot be used: it is relative and there is no `location`/,
    );
  });
});
