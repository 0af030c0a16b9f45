import type { Spec } from '../contract/spec.ts';
import { quoted } from '../output/text.ts';
import { Failure, responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { errorBodyProblems, jsonBody } from '../rules/verdicts.ts';
import { cancelAbsent, cancelPending, cancelShipped } from './cancels.ts';
import { listOrders } from './probes.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';
import { onAnswer } from './support.ts';

/** The list's 200 body when it is a JSON array of valid Orders under the spec's own (ISO 8601) reading. */
async function validList(ctx: CheckContext): Promise<unknown[]> {
  const exchange = await listOrders(ctx);
  const response = responseOf(exchange);
  const body = response.status === 200 ? jsonBody(response) : undefined;
  if (!body?.ok || !Array.isArray(body.value)) throw new Skip('no JSON array to read (see orders.list)');
  if ((ctx.spec.validateResponse('listOrders', 200, body.value) ?? []).length > 0)
    throw new Skip('the list is not valid (see orders.list)');
  return body.value;
}

/** `pet_id`, `PetID` and `pet-id` all fold to `petid`: a field renamed by a serializer's naming policy. */
const folded = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** Orders without an id, or with a documented field renamed (also read by the validating proxy). */
export function orderFieldProblems(spec: Spec, orders: readonly unknown[]): string[] {
  const documented = new Map(spec.schemaProperties('Order').map((name) => [folded(name), name]));
  return orders.flatMap((order, index) => {
    const names = Object.keys(order as object);
    const found = names.includes('id') ? [] : [`order [${index}] has no id`];
    for (const name of names) {
      const meant = documented.get(folded(name));
      if (meant !== undefined && meant !== name)
        found.push(`order [${index}] has ${quoted(name)} for ${meant}`);
    }
    return found;
  });
}

export const orderChecks: Check[] = [
  {
    id: 'orders.list',
    severity: 'must',
    title: 'The order list answers 200 with a JSON array of valid Orders',
    reference: 'Spec: GET /store/orders; Resources: Order (shipDate: ISO 8601 date-time)',
    requires: ['apiKey'],
    async run(ctx) {
      const exchange = await listOrders(ctx);
      const response = responseOf(exchange);
      if (response.status !== 200) throw new Failure(`${show(exchange)}, expected 200`);
      const body = jsonBody(response);
      if (!body.ok) throw new Failure(body.reason);
      const problems = ctx.spec.validateResponse('listOrders', 200, body.value) ?? [];
      return verdict(problems, `200 with ${(body.value as unknown[]).length} valid order(s)`);
    },
  },
  {
    id: 'orders.date-time',
    severity: 'should',
    title: "Order dates are RFC 3339 date-times (with an offset), as OpenAPI's format: date-time means",
    reference: 'RFC 3339 §5.6; OpenAPI 3.1 §4.2 (format date-time)',
    requires: ['apiKey'],
    async run(ctx) {
      const orders = await validList(ctx);
      const problems = ctx.spec.validateResponse('listOrders', 200, orders, 'rfc3339') ?? [];
      return verdict(problems, 'every date-time is RFC 3339');
    },
  },
  {
    id: 'orders.fields',
    severity: 'should',
    title: 'Every Order carries its id, and no field is a documented one renamed (pet_id for petId)',
    reference:
      'Spec: Resources: Order (cancelled by id); JSON Schema 2020-12 §10.3.2.1 (property names match exactly)',
    requires: ['apiKey'],
    async run(ctx) {
      const problems = orderFieldProblems(ctx.spec, await validList(ctx));
      return verdict(problems, 'every order has an id and the documented field names');
    },
  },
  {
    id: 'orders.cancel-absent',
    severity: 'must',
    title: 'Cancelling an id absent from the list answers 404',
    reference: 'Spec: DELETE /store/orders/{orderId} (404)',
    requires: ['apiKey'],
    run: onAnswer(cancelAbsent, 404, 'fail', (_, label) => `${label} (id proven absent from the list)`),
  },
  {
    id: 'orders.cancel-pending',
    severity: 'must',
    title: 'Cancelling a pending order answers 204 with no body',
    reference: 'Spec: States and transitions (pending → cancelled)',
    run: onAnswer(cancelPending, 204, 'fail', (response, label) => {
      if (response.bodyBytes > 0) throw new Failure(`${label} with a ${response.bodyBytes}-byte body`);
      return `${label} with no body`;
    }),
    requires: ['pendingOrderId', 'apiKey'],
  },
  {
    id: 'orders.cancel-shipped',
    severity: 'must',
    title: 'Cancelling a shipped order answers 409',
    reference: 'Spec: States and transitions (shipped: unchanged, 409)',
    run: onAnswer(cancelShipped, 409, 'fail', (_, label) => label),
    requires: ['shippedOrderId', 'apiKey'],
  },
  {
    id: 'orders.conflict-body',
    severity: 'should',
    title: 'A 409 body, when present, is an Error with status 409',
    reference: 'RFC 9110 §15.5.10; Spec: Errors',
    run: onAnswer(cancelShipped, 409, 'skip', (response, _, ctx) =>
      response.bodyBytes === 0
        ? '409 without a body (the spec leaves it open)'
        : verdict(errorBodyProblems(ctx.spec, response), '409 with an Error body'),
    ),
    requires: ['shippedOrderId', 'apiKey'],
  },
];
