import type { MockClock } from '../controls/clock.ts';
import { advanceClockBy, clockState } from '../controls/clock-admin.ts';
import type { RequestJournal } from '../controls/journal.ts';
import type { PassthroughControls } from '../controls/passthrough.ts';
import type { MockPreset } from '../controls/presets.ts';
import { parseStateBody } from '../controls/state-text.ts';
import type { TrafficControls } from '../controls/traffic.ts';
import type { MockExtension, ServedRoute } from '../extension.ts';
import { ADMIN_PREFIX } from '../http/control-planes.ts';
import { coreError } from '../http/errors.ts';
import { readJsonBody } from '../http/json-body.ts';
import { chunkedBody, jsonBody, type ResponseKit } from '../http/responses.ts';
import { type Route, Router, routeWith } from '../http/router.ts';
import { truncate } from '../http/text.ts';
import { parseId } from '../orders/ids.ts';
import { parseOrderSeed } from '../orders/order-input.ts';
import { adminOrderJson } from '../orders/order-json.ts';
import { hasChunkedLists, type OrderStore } from '../orders/store.ts';
import type { MockResponse, ResponseBody, StoredOrder } from '../types.ts';
import { bodyExamples, requestBodies } from './admin-bodies.generated.ts';
import { controlRoutes } from './admin-controls.ts';
import { providerStateRoutes } from './provider-states.ts';

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
 * person can set up state. `--no-admin` leaves it out. Its router is built once per process and answers for
 * the state it is given: every session of every mock shares it, and a session holds only its dependencies.
 */
export function adminApi(dependencies: AdminDependencies): MockExtension {
  const { router, routes } = sharedAdmin();
  return {
    name: 'admin',
    pathPrefix: `${ADMIN_PREFIX}/`,
    routes,
    // Not async: the order list answers at once; an unknown path throws to the core's one boundary.
    handle: (request) => router.dispatch(request, dependencies),
  };
}

let shared: { router: Router<AdminDependencies>; routes: readonly ServedRoute[] } | undefined;

function sharedAdmin() {
  if (shared === undefined) {
    const router = new Router<AdminDependencies>(adminRoutes(), {
      spec: 'spec/mock-admin.openapi.yaml',
      mount: ADMIN_PREFIX,
    });
    shared = { router, routes: router.served() };
  }
  return shared;
}

const adminRoute = routeWith<AdminDependencies>();

/**
 * The admin order list by store: built once per change of state, as the public list is, and from the
 * in-memory store without a promise. Kept beside the store (a session's lives as long as its store does).
 */
const listCache = new WeakMap<OrderStore, { revision: number; kit: ResponseKit; response: MockResponse }>();

function ordersResponse({ store, kit }: AdminDependencies): MockResponse | Promise<MockResponse> {
  if (!hasChunkedLists(store)) return ordersFromStore(store, kit);
  const revision = store.currentRevision();
  const cached = listCache.get(store);
  if (cached?.revision === revision && cached.kit === kit) return cached.response;
  const response = kit.json(200, chunkedBody(store.listChunks('admin')));
  listCache.set(store, { revision, kit, response });
  return response;
}

async function ordersFromStore(store: OrderStore, kit: ResponseKit): Promise<MockResponse> {
  const revision = await store.revision();
  const cached = listCache.get(store);
  if (cached?.revision === revision && cached.kit === kit) return cached.response;
  const body = { text: `[${(await store.snapshot()).map(adminOrderJson).join(',')}]` };
  const response = kit.json(200, body);
  listCache.set(store, { revision, kit, response });
  return response;
}

const orderResponse = (kit: ResponseKit, order: StoredOrder, status = 200) =>
  kit.json(status, { text: adminOrderJson(order) });
const clockResponse = ({ kit, clock }: AdminDependencies) => kit.json(200, jsonBody(clockState(clock)));

function adminRoutes(): Route<AdminDependencies>[] {
  return [
    adminRoute('/orders', {
      GET: (_request, _params, admin) => ordersResponse(admin),
      POST: async (request, _params, { store, kit, clock }) => {
        const seed = readJsonBody(request, requestBodies.adminCreateOrder, {
          example: bodyExamples.adminCreateOrder,
        });
        const result = await store.create(parseOrderSeed(seed, clock.now()));
        if (result.outcome === 'id_taken') {
          throw coreError('ORDER_ID_TAKEN', `Order ${result.order.id} already exists.`);
        }
        return orderResponse(kit, result.order, 201);
      },
    }),
    adminRoute('/orders/:id/ship', {
      POST: async (_request, { id: rawId }, { store, kit, clock }) => {
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
        return orderResponse(kit, result.order);
      },
    }),
    adminRoute('/orders/:id/cancel', {
      POST: async (_request, { id: rawId }, { store, kit }) => {
        const id = parseId(rawId);
        const result = id === undefined ? undefined : await store.cancel(id);
        if (!result || result.outcome === 'not_found') {
          throw coreError('ORDER_NOT_FOUND', `Order ${truncate(rawId)} does not exist.`);
        }
        if (result.outcome === 'already_shipped') {
          throw coreError('ORDER_ALREADY_SHIPPED', `Order ${result.order.id} has already shipped.`);
        }
        return orderResponse(kit, result.order);
      },
    }),
    adminRoute('/reset', {
      POST: async (_request, _params, { reset, kit }) => {
        await reset();
        return kit.noContent;
      },
    }),
    ...controlRoutes(),
    adminRoute('/state', {
      GET: async (_request, _params, { kit, stateBody }) => kit.json(200, await stateBody()),
      PUT: async (request, _params, { kit, stateBody, restore }) => {
        // restore() checks the state against the spec's schema as it reads it (one pass over the orders).
        await restore(parseStateBody(request, { example: bodyExamples.adminPutState }));
        return kit.json(200, await stateBody());
      },
    }),
    ...providerStateRoutes(),
    adminRoute('/clock', { GET: async (_request, _params, admin) => clockResponse(admin) }),
    adminRoute('/clock/advance', {
      POST: async (request, _params, admin) => {
        const { by } = readJsonBody(request, requestBodies.adminAdvanceClock, {
          example: bodyExamples.adminAdvanceClock,
        });
        advanceClockBy(admin.clock, by);
        return clockResponse(admin);
      },
    }),
    adminRoute('/clock/set', {
      POST: async (request, _params, admin) => {
        const { to } = readJsonBody(request, requestBodies.adminSetClock, {
          example: bodyExamples.adminSetClock,
        });
        admin.clock.set(Date.parse(to));
        return clockResponse(admin);
      },
    }),
  ];
}
