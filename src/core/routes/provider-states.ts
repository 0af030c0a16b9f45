import type { MockClock } from '../controls/clock.ts';
import { coreError } from '../http/errors.ts';
import { readJsonBody } from '../http/json-body.ts';
import { jsonBody, type ResponseKit } from '../http/responses.ts';
import { type Route, routeWith } from '../http/router.ts';
import { truncate } from '../http/text.ts';
import { parseId } from '../orders/ids.ts';
import { parseOrderSeed } from '../orders/order-input.ts';
import type { OrderStore } from '../orders/store.ts';
import type { OrderStatus } from '../types.ts';
import { bodyExamples, requestBodies } from './admin-bodies.generated.ts';

/** The provider states the mock knows, by the status of the order each makes. */
const STATES: Readonly<Record<string, OrderStatus>> = {
  'a pending order': 'pending',
  'a shipped order': 'shipped',
};

const known = Object.keys(STATES)
  .map((state) => `"${state}"`)
  .join(', ');

export interface ProviderStateDependencies {
  readonly store: OrderStore;
  readonly kit: ResponseKit;
  readonly clock: MockClock;
}

const route = routeWith<ProviderStateDependencies>();

/**
 * `POST /__mock/provider-states`: Pact's provider-state protocol (spec/mock-admin.openapi.yaml), so that the
 * conformance suite's `--state-url` or a Pact verifier gets the orders it needs from the mock, through the store
 * (and so in the session the request names).
 */
export function providerStateRoutes(): Route<ProviderStateDependencies>[] {
  return [
    route('/provider-states', {
      POST: async (request, _params, { store, kit, clock }) => {
        const change = readJsonBody(request, requestBodies.adminProviderState, {
          example: bodyExamples.adminProviderState,
        });
        const status = Object.hasOwn(STATES, change.state) ? STATES[change.state] : undefined;
        if (status === undefined) {
          throw coreError(
            'UNKNOWN_PROVIDER_STATE',
            `There is no provider state "${truncate(change.state)}"; the known ones are ${known}.`,
          );
        }
        const orderId = change.params?.orderId;
        if (change.action === 'teardown') {
          // A verifier that does not send the injected id back has nothing to withdraw: a reset cleans up.
          if (orderId === undefined) return kit.noContent;
          const id = parseId(String(orderId));
          const result = id === undefined ? undefined : await store.withdraw(id);
          if (!result || result.outcome === 'not_found')
            throw coreError('ORDER_NOT_FOUND', `Order ${truncate(String(orderId))} does not exist.`);
          return kit.noContent;
        }
        const seed = parseOrderSeed(
          { status, ...(orderId === undefined ? {} : { id: orderId }) },
          clock.now(),
        );
        const created = await store.create(seed);
        if (created.outcome === 'id_taken')
          throw coreError('ORDER_ID_TAKEN', `Order ${created.order.id} already exists.`);
        return kit.json(200, jsonBody({ orderId: created.order.id }));
      },
    }),
  ];
}
