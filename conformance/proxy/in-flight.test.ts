import { describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight.ts';

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('exchanges under way', () => {
  it('is idle at once when no exchange is under way', async () => {
    expect(await settled(createInFlight().idle())).toBe(true);
  });

  it('is idle once every exchange begun has ended, not before', async () => {
    const inFlight = createInFlight();
    inFlight.begin();
    inFlight.begin();
    const first = inFlight.idle();
    const second = inFlight.idle();
    inFlight.end();
    expect(await settled(first)).toBe(false);
    inFlight.end();
    expect([await settled(first), await settled(second)]).toEqual([true, true]);
  });

  it('waits again for exchanges begun after it was idle', async () => {
    const inFlight = createInFlight();
    inFlight.begin();
    inFlight.end();
    inFlight.begin();
    const idle = inFlight.idle();
    expect(await settled(idle)).toBe(false);
    inFlight.end();
    expect(await settled(idle)).toBe(true);
  });
});
