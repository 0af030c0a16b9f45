import { describe, expect, test } from 'vitest';
import type { MockRequest } from '../types.ts';
import { TrafficControls } from './traffic.ts';
import { prepareTrafficRestore, savedFaults } from './traffic-restore.ts';

const cancel = (id: number): MockRequest => ({
  method: 'DELETE',
  path: `/v1/store/orders/${id}`,
  query: '',
  headers: {},
});

describe('saving and putting back the traffic rules', () => {
  test('a rule put back goes on counting where it was, and the next rule added takes the next id', () => {
    const before = new TrafficControls();
    before.addFault({ path: '/v1/store/orders/*', fault: 'status', status: 503, nth: 2 });
    before.decide(cancel(1));
    const saved = savedFaults(before.faults());
    expect(saved).toEqual([
      {
        id: 'f1',
        matched: 1,
        fired: 0,
        rule: { path: '/v1/store/orders/*', fault: 'status', status: 503, nth: 2 },
      },
    ]);

    const after = new TrafficControls();
    after.install(prepareTrafficRestore(saved, { global: '5ms' }));
    expect(after.decide(cancel(2))?.fault?.status).toBe(503);
    expect(after.latency().global).toBe('5ms');
    expect(after.addFault({ path: '/v1/pets', fault: 'reset' }).id).toBe('f2');
  });

  test('a rule id given twice, or a latency the mock refuses, is refused with a message naming it', () => {
    const rule = { path: '/v1/*', fault: 'reset' } as const;
    const twice = [
      { id: 'f1', matched: 0, fired: 0, rule },
      { id: 'f1', matched: 0, fired: 0, rule },
    ];
    expect(() => prepareTrafficRestore(twice, {})).toThrow(/faults\[1\]\.id "f1" is given twice/);
    expect(() => prepareTrafficRestore([], { global: '61s' })).toThrow(/"61s" is not a latency/);
  });
});
