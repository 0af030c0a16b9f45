import { describe, expect, it } from 'vitest';
import { Bounded } from './traffic-model.ts';

describe('a bounded map of the traffic model', () => {
  it('forgets the least recently used entry first, a read or a write counting as use', () => {
    const evicted: string[] = [];
    const map = new Bounded<string, number>(2, (_, key) => evicted.push(key));
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect(evicted).toEqual(['b']);
    map.set('a', 4);
    map.set('d', 5);
    expect(evicted).toEqual(['b', 'c']);
    expect([...map.entriesOf()]).toEqual([
      ['a', 4],
      ['d', 5],
    ]);
  });

  it('keeps the order right when the newest entry is used again, deleted or dropped', () => {
    const evicted: string[] = [];
    const map = new Bounded<string, number>(2, (_, key) => evicted.push(key));
    map.set('a', 1);
    map.get('a');
    map.set('a', 2);
    map.delete('a');
    map.set('a', 3);
    map.set('b', 4);
    expect(map.dropOldest()).toBe(true);
    expect(evicted).toEqual(['a']);
    map.set('c', 5);
    map.get('b');
    map.set('d', 6);
    expect(evicted).toEqual(['a', 'c']);
    expect([...map.entriesOf()]).toEqual([
      ['b', 4],
      ['d', 6],
    ]);
  });
});
