/**
 * Moves the process clock: `TIME_TRAVEL_TO=2027-07-02T00:00:00Z NODE_OPTIONS=--import=./scripts/time-travel.mjs`.
 * `Date.now()` and `new Date()` then start at that instant and run on at the real pace, in this process and
 * every child that inherits NODE_OPTIONS (vitest's workers). `npm run test:time-travel` runs the suite this way,
 * so a test that reads the wall clock (or a date baked into the mock) fails today rather than on that day.
 */
const target = Date.parse(process.env.TIME_TRAVEL_TO ?? '');
if (Number.isNaN(target)) {
  throw new Error('time-travel: set TIME_TRAVEL_TO to a date-time such as 2027-07-02T00:00:00Z.');
}

const RealDate = globalThis.Date;
const shift = target - RealDate.now();

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }

  static now() {
    return RealDate.now() + shift;
  }
}

globalThis.Date = ShiftedDate;
