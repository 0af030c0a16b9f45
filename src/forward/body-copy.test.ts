import { expect, test } from 'vitest';
import { promotedBy } from '../test-support/young-collection.ts';
import { bodyCopy } from './body-copy.ts';

test('a body copy that is dropped is freed by the young generation, with its chunks', () => {
  const copies = 2000;
  let copied = 0;
  const copyAll = () => {
    copied = 0;
    for (let n = 0; n < copies; n++) {
      const copy = bodyCopy(1024);
      copy.push(Buffer.from(`{"id":${n},"status":"placed"}`));
      copied += copy.bytes;
    }
  };
  // As under traffic, the code is compiled and optimised first: what compiling leaves in the old generation
  // (tens of KB, more under load, when it finishes during the measured round) is no copy's.
  for (let round = 0; round < 10; round++) copyAll();
  const promoted = promotedBy(copyAll);
  expect(copied).toBeGreaterThan(copies * 20);
  // Each copy with its chunk is a few hundred bytes; what is left of them all must be far less than one each.
  expect(promoted / copies).toBeLessThan(32);
});

test('a body copy keeps the bytes that passed, up to its limit', () => {
  const copy = bodyCopy(8);
  copy.push(Buffer.from('abcd'));
  copy.push(Buffer.from('efgh'));
  expect(copy.buffer().toString()).toBe('abcdefgh');
  copy.push(Buffer.from('i'));
  expect({ bytes: copy.bytes, overflowed: copy.overflowed, kept: copy.buffer().length }).toEqual({
    bytes: 9,
    overflowed: true,
    kept: 0,
  });
});
