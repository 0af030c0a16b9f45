import { describe, expect, test } from 'vitest';
import { createClock } from '../controls/clock.ts';
import { AccessTokens, MAX_LIVE_TOKENS, memoryTokenStore, newAccessToken } from './access-tokens.ts';

const start = Date.parse('2026-09-01T00:00:00Z');

describe('AccessTokens', () => {
  test('accepts a token until its lifetime has passed on the clock, then calls it expired', async () => {
    const clock = createClock('manual', start);
    const tokens = new AccessTokens(memoryTokenStore(), clock, 60_000);
    const { accessToken, expiresIn } = await tokens.issue();
    expect(expiresIn).toBe(60);
    expect(tokens.verify(accessToken)).toBe('valid');
    clock.advance(59_999);
    expect(tokens.verify(accessToken)).toBe('valid');
    clock.advance(1);
    expect(tokens.verify(accessToken)).toBe('expired');
    expect(tokens.verify(newAccessToken())).toBe('invalid');
    expect(tokens.verify('petstore-dev-key')).toBe('invalid');
  });
});

describe('memoryTokenStore', () => {
  test('drops expired tokens when it issues, and keeps at most MAX_LIVE_TOKENS, the oldest leaving first', () => {
    const store = memoryTokenStore();
    store.issue('old', start + 10, start);
    store.issue('new', start + 100, start + 50);
    expect(store.expiresAt('old')).toBeUndefined();
    for (let i = 0; i < MAX_LIVE_TOKENS; i++) store.issue(`t${i}`, start + 1000, start + 60);
    expect(store.expiresAt('new')).toBeUndefined();
    expect(store.expiresAt('t0')).toBe(start + 1000);
    store.issue('one more', start + 1000, start + 60);
    expect(store.expiresAt('t0')).toBeUndefined();
    expect(store.expiresAt('one more')).toBe(start + 1000);
  });
});

test('newAccessToken makes a prefixed base64url token of 256 random bits, an RFC 6750 b64token', () => {
  const tokens = new Set(Array.from({ length: 100 }, newAccessToken));
  expect(tokens.size).toBe(100);
  for (const token of tokens) expect(token).toMatch(/^pmat_[A-Za-z0-9_-]{43}$/);
});
