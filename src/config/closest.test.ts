import { describe, expect, it } from 'vitest';
import { closest } from './closest.ts';

describe('the closest valid name', () => {
  it('is the one fewest letters away, whatever the case; the first of equals', () => {
    expect(closest('auth.chalenge', ['auth.challenge', 'auth.challenge-error', 'orders.list'])).toBe(
      'auth.challenge',
    );
    expect(closest('ORDERS.LIST', ['auth.challenge', 'orders.list'])).toBe('orders.list');
    expect(closest('maxSessions', ['port', 'max-sessions', 'session-ttl'])).toBe('max-sessions');
    expect(closest('x', ['ab', 'cd'])).toBe('ab');
  });
});
