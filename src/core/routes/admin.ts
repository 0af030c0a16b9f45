import { advanceClockBy, clockState, type MockClock } from '../controls/clock.ts';
import type { RequestJournal } from '../controls/journal.ts';
import type { PassthroughControls } from '../controls/passthrough.ts';
import type { MockPreset } from '../controls/presets.ts';
import type { TrafficControls } from '../controls/traffic.ts';
import type { MockExtension } from '../extension.ts';
import { parseJsonBody, readJsonBody } from '../http/body.ts';
import { coreError } from '../http/errors.ts';
import { chunkedBody, jsonBody, type ResponseKit } from '../http/responses.ts';
import { Router, route } from '../http/router.ts';
import { truncate } from '../http/text.ts';
import { parseId } from '../orders/ids.ts';
import { parseOrderSeed } from '../orders/order-input.ts';
import { adminOrderJson } from '../orders/order-json.ts';
import { hasChunkedLists, type OrderStore } from '../orders/store.ts';
import type { MockResponse, ResponseBody, StoredOrder } from '../types.ts';
import { bodyExamples, requestBodies } from './admin-bodies.generated.ts';
import { controlRoutes } from './admin-controls.ts';
import { providerStateRoutes } from './provider-states.ts';

export const ADMIN_PREFIX = '/__mock';

export interface AdminDependencies {
  readonly store: OrderStore;
  readonly journal: RequestJournal;
  readonly kit: ResponseKit;
  readonly clock: MockClock;
  readonly traffic: TrafficControls;
  readonly presets: () => readonly MockPreset[];
  readonly passthrough: PassthroughControls;
  /** Resets the whole mock: orders, journal, clock and every extension. */
  readonly reset: () => Promise<void>;
  /** The whole state as JSON, and putting one back (src/core/controls/snapshot.ts). */
  readonly stateBody: () => Promise<ResponseBody>;
  readonly restore: (state: unknown) => Promise<void>;
}

/**
 * The mock-only admin API under /__mock (spec/mock-admin.openapi.yaml): no key needed, so that a test or a
 * person can set up state. `--no-admin` leaves it out.
 */
export function adminApi({
  store,
  journal,
  kit,
  clock,
  reset,
  traffic,
  presets,
  stateBody,
  restore,
  passthrough,
}: AdminDependencies): MockExtension {
  // Built once per change of state, as the public list is, and from the in-memory store without a promise.
  let cached: { revision: number; response: MockResponse } | undefined;
  const ordersResponse = (): MockResponse | Promise<MockResponse> => {
    if (!hasChunkedLists(store)) return ordersFromStore();
    const revision = store.currentRevision();
    if (cached?.revision !== revision) {
      cached = { revision, response: kit.json(200, chunkedBody(store.listChunks('admin'))) };
    }
    return cached.response;
  };
  const ordersFromStore = async () => {
    const revision = await store.revision();
    if (cached?.revision !== revision) {
      const body = { text: `[${(await store.snapshot()).map(adminOrderJson).join(',')}]` };
      cached = { revision, response: kit.json(200, body) };
    }
    return cached.response;
  };
  const orderResponse = (order: StoredOrder, status = 200) =>
    kit.json(status, { text: adminOrderJson(order) });
  const clockResponse = () => kit.json(200, jsonBody(clockState(clock)));

  const router = new Router(
    [
      route('/orders', {
        GET: ordersResponse,
        POST: async (request) => {
          const seed = readJsonBody(request, requestBodies.adminCreateOrder, {
            example: bodyExamples.adminCreateOrder,
          });
          const result = await store.create(parseOrderSeed(seed, clock.now()));
          if (result.outcome === 'id_taken') {
            throw coreError('ORDER_ID_TAKEN', `Order ${result.order.id} already exists.`);
          }
          return orderResponse(result.order, 201);
        },
      }),
      route('/orders/:id/ship', {
        POST: async (_request, { id: rawId }) => {
          const id = parseId(rawId);
          const result =
            id === undefined ? undefined : await store.ship(id, new Date(clock.now()).toISOString());
          if (!result || result.outcome === 'not_found') {
            throw coreError('ORDER_NOT_FOUND', `Order ${truncate(rawId)} does not exist.`);
          }
          if (result.outcome === 'not_pending') {
            throw coreError(
              'ORDER_NOT_PENDING',
              `Order ${result.order.id} is ${result.order.status}; only pending orders can ship.`,
            );
          }
          return orderResponse(result.order);
        },
      }),
      route('/orders/:id/cancel', {
        POST: async (_request, { id: rawId }) => {
          const id = parseId(rawId);
          const result = id === undefined ? undefined : await store.cancel(id);
          if (!result || result.outcome === 'not_found') {
            throw coreError('ORDER_NOT_FOUND', `Order ${truncate(rawId)} does not exist.`);
          }
          if (result.outcome === 'already_shipped') {
            throw coreError('ORDER_ALREADY_SHIPPED', `Order ${result.order.id} has already shipped.`);
          }
          return orderResponse(result.order);
        },
      }),
      route('/reset', {
        POST: async () => {
          await reset();
          return kit.noContent;
        },
      }),
      ...controlRoutes({ journal, kit, traffic, presets, passthrough }),
      route('/state', {
        GET: async () => kit.json(200, await stateBody()),
        PUT: async (request) => {
          // restore() checks the state against the spec's schema as it reads it (one pass over the orders).
          await restore(parseJsonBody(request, { example: bodyExamples.adminPutState }));
          return kit.json(200, await stateBody());
        },
      }),
      ...providerStateRoutes({ store, kit, clock }),
      route('/clock', { GET: async () => clockResponse() }),
      route('/clock/advance', {
        POST: async (request) => {
          const { by } = readJsonBody(request, requestBodies.adminAdvanceClock, {
            example: bodyExamples.adminAdvanceClock,
          });
          advanceClockBy(clock, by);
          return clockResponse();
        },
      }),
      route('/clock/set', {
        POST: async (request) => {
          const { to } = readJsonBody(request, requestBodies.adminSetClock, {
            example: bodyExamples.adminSetClock,
          });
          clock.set(Date.parse(to));
          return clockResponse();
        },
      }),
    ],
    { spec: 'spec/mock-admin.openapi.yaml' },
  );

  return {
    name: 'admin',
    pathPrefix: `${ADMIN_PREFIX}/`,
    routes: router.served(ADMIN_PREFIX),
    // Not async: the order list answers at once; an unknown path throws to the core's one boundary.
    handle: (request) => router.dispatch(request, request.path.slice(ADMIN_PREFIX.length)),
  };
}

/**
 * What answers under /__mock when the admin API is left out (`--no-admin`): a 404 that says it is turned off,
 * before authentication would answer a 401 asking for a key that would not help.
 */
export function adminTurnedOff(): MockExtension {
  const off = coreError(
    'NOT_FOUND',
    'The admin API (/__mock) is turned off: this mock was started with --no-admin (admin: false).',
  );
  return {
    name: 'admin-off',
    pathPrefix: ADMIN_PREFIX,
    handle: (request) =>
      request.path === ADMIN_PREFIX || request.path.startsWith(`${ADMIN_PREFIX}/`)
        ? Promise.reject(off)
        : undefined,
  };
}
