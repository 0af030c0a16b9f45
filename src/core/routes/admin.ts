import { ApiError } from '../errors.ts';
import type { MockExtension } from '../extension.ts';
import { parseId } from '../ids.ts';
import type { RequestJournal } from '../journal.ts';
import { parseOrderSeed } from '../order-input.ts';
import { jsonBody, type ResponseKit } from '../responses.ts';
import { Router, truncate } from '../router.ts';
import type { OrderStore } from '../store.ts';
import type { Clock, MockRequest, StoredOrder } from '../types.ts';
import { orderJson } from './orders.ts';

export const ADMIN_PREFIX = '/__mock';

export interface AdminDependencies {
  readonly store: OrderStore;
  readonly journal: RequestJournal;
  readonly kit: ResponseKit;
  readonly clock: Clock;
  /** Resets the whole mock: orders, journal and every extension. */
  readonly reset: () => Promise<void>;
}

/**
 * The mock-only admin API under /__mock (spec/mock-admin.openapi.yaml): no key needed, so that a test or a
 * person can set up state. `--no-admin` leaves it out.
 */
export function adminApi({ store, journal, kit, clock, reset }: AdminDependencies): MockExtension {
  const ordersResponse = (orders: readonly StoredOrder[], status = 200) =>
    kit.json(status, { text: `[${orders.map(adminOrderJson).join(',')}]` });
  const orderResponse = (order: StoredOrder, status = 200) =>
    kit.json(status, { text: adminOrderJson(order) });

  const router = new Router([
    {
      path: '/orders',
      methods: {
        GET: async () => ordersResponse(await store.snapshot()),
        POST: async (request) => {
          const result = await store.create(parseOrderSeed(parseJsonBody(request), clock.now()));
          if (result.outcome === 'id_taken') {
            throw new ApiError(409, 'ORDER_ID_TAKEN', `Order ${result.order.id} already exists.`);
          }
          return orderResponse(result.order, 201);
        },
      },
    },
    {
      path: '/orders/:id/ship',
      methods: {
        POST: async (_request, rawId) => {
          const id = parseId(rawId);
          const result =
            id === undefined ? undefined : await store.ship(id, new Date(clock.now()).toISOString());
          if (!result || result.outcome === 'not_found') {
            throw new ApiError(404, 'ORDER_NOT_FOUND', `Order ${truncate(rawId)} does not exist.`);
          }
          if (result.outcome === 'not_pending') {
            throw new ApiError(
              409,
              'ORDER_NOT_PENDING',
              `Order ${result.order.id} is ${result.order.status}; only pending orders can ship.`,
            );
          }
          return orderResponse(result.order);
        },
      },
    },
    {
      path: '/reset',
      methods: {
        POST: async () => {
          await reset();
          return kit.noContent;
        },
      },
    },
    {
      path: '/requests',
      methods: {
        GET: async () => kit.json(200, jsonBody(journal.entries())),
        DELETE: async () => {
          journal.clear();
          return kit.noContent;
        },
      },
    },
  ]);

  return {
    name: 'admin',
    pathPrefix: `${ADMIN_PREFIX}/`,
    async handle(request) {
      if (!request.path.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
      return router.dispatch(request, request.path.slice(ADMIN_PREFIX.length));
    },
  };
}

/** The admin view of an order: the public fields plus the internal status. */
function adminOrderJson(order: StoredOrder): string {
  return `${orderJson(order).slice(0, -1)},"status":"${order.status}"}`;
}

function parseJsonBody(request: MockRequest): unknown {
  try {
    return JSON.parse(request.body ?? '');
  } catch {
    throw new ApiError(
      400,
      'INVALID_REQUEST',
      'The request body must be JSON, for example {"status":"shipped"}.',
    );
  }
}
