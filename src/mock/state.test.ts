import { describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import type { ExtensionContext } from '../core/extension.ts';
import { coreError } from '../core/http/errors.ts';
import type { MockRequest } from '../core/types.ts';
import { memoryState } from './memory-state.ts';
import { createMock, type MockOptions } from './mock.ts';
import type { StatePort } from './state.ts';

const START = Date.parse('2026-09-01T00:00:00Z');
const request = (path: string, session?: string): MockRequest => ({
  method: 'GET',
  path,
  query: '',
  headers: {
    authorization: 'Bearer state-test-key',
    ...(session === undefined ? {} : { 'x-mock-session': session }),
  },
});

/** A mock on `state` that records what reaches onUnexpectedError. */
function mockOn(state: StatePort, options: MockOptions = {}) {
  const reported: { error: unknown; path: string }[] = [];
  const mock = createMock({
    apiKeys: ['state-test-key'],
    state,
    onUnexpectedError: (error, { path }) => void reported.push({ error, path }),
    ...options,
  });
  const send = async (path: string, session?: string) => {
    const response = await mock.handle(request(path, session));
    return { status: response.status, body: JSON.parse(response.body?.text ?? 'null') };
  };
  return { mock, reported, send };
}

const memory = () => memoryState({ clock: createClock('manual', START) });
const failing = new TypeError('the shared document is not JSON');

/** The states an unexpected error can come from: the session lookup, and the transaction around a request. */
const brokenStates: Record<string, () => StatePort> = {
  'a session lookup': () => ({
    ...memory(),
    sessions: ({ limits }) => ({
      limits,
      use: () => Promise.reject(failing),
      find: () => Promise.reject(failing),
      drop: () => false,
      list: () => [],
    }),
  }),
  "a state's transaction": () => ({ ...memory(), run: () => Promise.reject(failing) }),
};

describe('the state port', () => {
  for (const [where, broken] of Object.entries(brokenStates)) {
    test(`an unexpected error in ${where} is a 500 Error body reported once to onUnexpectedError`, async () => {
      const { send, reported } = mockOn(broken());
      const answer = await send('/__mock/orders', 'A');
      expect(answer).toEqual({
        status: 500,
        body: { code: 'INTERNAL_ERROR', status: 500, message: 'The mock failed unexpectedly; see its log.' },
      });
      expect(reported).toEqual([{ error: failing, path: '/__mock/orders' }]);
    });
  }

  test('an ApiError from the state is its own Error body, and nothing is reported', async () => {
    const unavailable = coreError('STORE_UNAVAILABLE', 'Redis is away.');
    const { send, reported } = mockOn({ ...memory(), run: () => Promise.reject(unavailable) });
    expect((await send('/v1/store/orders')).body).toMatchObject({ code: 'STORE_UNAVAILABLE', status: 503 });
    expect(reported).toEqual([]);
  });

  test('runs every request, in the default state or a session, and a reset from code through its transaction', async () => {
    const ran: string[] = [];
    const state = memory();
    const { mock, send } = mockOn({
      ...state,
      run: (given, on, work) => {
        ran.push(`${given?.path ?? 'reset'} ${on === mock.session('A') ? 'A' : 'default'}`);
        return work();
      },
    });
    expect((await send('/v1/store/orders')).status).toBe(200);
    expect((await send('/v1/store/orders', 'A')).status).toBe(200);
    await mock.reset();
    expect(ran).toEqual(['/v1/store/orders default', '/v1/store/orders A', 'reset default']);
  });

  test("gives every extension factory the state's clock and documents", () => {
    const contexts: ExtensionContext[] = [];
    const clock = createClock('manual', START);
    const documents = { domains: 'a shared store' };
    createMock({
      state: { ...memoryState({ clock }), documents },
      extensions: [
        (context) => {
          contexts.push(context);
          return { name: 'probe', handle: () => undefined };
        },
      ],
    });
    expect(contexts).toEqual([{ clock, documents }]);
  });

  test('refuses a clock, orders or a store beside a state, which brings its own', () => {
    for (const extra of [{ clock: 'manual' }, { orders: [] }, { store: memory().store }] as const) {
      expect(() => createMock({ state: memory(), ...extra })).toThrow(
        'give the clock, the orders and the store to the state',
      );
    }
  });
});
