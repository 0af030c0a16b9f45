import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { stateFileWriter } from './state-file.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A writer on the fake timers' clock that records when each write happened and which change it held. */
function writerOfChanges() {
  let version = 0;
  const writes: { at: number; version: number }[] = [];
  const writer = stateFileWriter({
    file: '/unused/state.json',
    snapshot: async () => ({ version }),
    onError: (error) => {
      throw error;
    },
    delayMs: 100,
    maxDelayMs: 1000,
    now: () => Date.now(),
    write: async (_file, text) => {
      writes.push({ at: Date.now(), version: JSON.parse(text).version });
    },
  });
  const change = () => {
    version++;
    writer.changed();
  };
  return { writer, writes, change };
}

describe('when --state-file writes', () => {
  test('a burst is written once, 100 ms after its last change, with every change in it', async () => {
    const { writes, change } = writerOfChanges();
    for (let i = 0; i < 50; i++) {
      change();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(writes).toEqual([]);

    await vi.advanceTimersByTimeAsync(100);

    expect(writes).toEqual([{ at: 590, version: 50 }]);
  });

  test('a steady stream of changes still reaches the disk once a second', async () => {
    const { writes, change, writer } = writerOfChanges();
    for (let i = 0; i < 60; i++) {
      change();
      await vi.advanceTimersByTimeAsync(50);
    }
    await writer.flush();

    expect(writes.map((write) => write.at)).toEqual([1000, 2000, 3000]);
    expect(writes.at(-1)?.version).toBe(60);
  });

  test('a change alone is written 100 ms after it', async () => {
    const { writes, change } = writerOfChanges();
    change();

    await vi.advanceTimersByTimeAsync(99);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(writes).toEqual([{ at: 100, version: 1 }]);
  });
});
