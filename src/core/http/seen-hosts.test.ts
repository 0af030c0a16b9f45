import { expect, test } from 'vitest';
import { SeenHosts } from './seen-hosts.ts';

test('knows the hosts it kept, up to its limit, and the last one seen beyond it only while it is the last', () => {
  const seen = new SeenHosts(2);
  seen.add('a:1');
  seen.add('b:1');
  seen.add('c:1');
  expect(seen.has('c:1')).toBe(true);
  // a:1 and b:1 were kept; c:1 came over the limit and was only the last one seen.
  expect(['a:1', 'b:1', 'c:1', 'd:1'].map((field) => seen.has(field))).toEqual([true, true, false, false]);
});
