import { listContainsId, orderIdsFromJson } from '../contract/raw-json.ts';
import { listsOrders } from '../rules/answers.ts';
import { rule } from '../rules/catalogue.ts';
import { Failure, responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { errorBodyProblems, jsonBody, orderFieldProblems, orderListProblems } from '../rules/verdicts.ts';
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

export const orderChecks: Check[] = [
  {
    ...rule('orders.list'),
    requires: ['apiKey'],
    async run(ctx) {
      const exchange = await listOrders(ctx);
      const answer = {
        operation: ctx.spec.operation('listOrders'),
        path: '/store/orders',
        response: responseOf(exchange),
      };
      if (!listsOrders(ctx.spec, answer)) throw new Failure(`${show(exchange)}, expected 200`);
      const body = jsonBody(answer.response);
      const count = body.ok && Array.isArray(body.value) ? body.value.length : 0;
      const problems = orderListProblems(ctx.spec, answer);
      // A shipped order cannot be cancelled, so it never legitimately leaves the list.
      const shipped = ctx.orders.bySlot.conflict;
      const ids = orderIdsFromJson(answer.response.body);
      // Orders listed without ids (orders.fields names that) do not tell which order is missing.
      if (shipped !== undefined && ids && (ids.length > 0 || count === 0) && !listContainsId(ids, shipped))
        problems.push(`the shipped order ${shipped} is not listed: not all orders, or a wrong id`);
      return verdict(problems, `200 with ${count} valid order(s)`);
    },
  },
  {
    ...rule('orders.date-time'),
    requires: ['apiKey'],
    async run(ctx) {
      const orders = await validList(ctx);
      const problems = ctx.spec.validateResponse('listOrders', 200, orders, 'rfc3339') ?? [];
      return verdict(problems, 'every date-time is RFC 3339');
    },
  },
  {
    ...rule('orders.fields'),
    requires: ['apiKey'],
    async run(ctx) {
      const problems = orderFieldProblems(ctx.spec, await validList(ctx));
      return verdict(problems, 'every order has an id and the documented field names');
    },
  },
  {
    ...rule('orders.cancel-absent'),
    requires: ['apiKey'],
    run: onAnswer(cancelAbsent, 404, 'fail', (_, label) => `${label} (id proven absent from the list)`),
  },
  {
    ...rule('orders.cancel-pending'),
    run: onAnswer(cancelPending, 204, 'fail', (response, label) => {
      if (response.bodyBytes > 0) throw new Failure(`${label} with a ${response.bodyBytes}-byte body`);
      // Bytes behind the 204's head are a body the framing hides: the next answer on the connection breaks.
      if ((response.bytesAfter ?? 0) > 0)
        throw new Failure(`${label} followed by ${response.bytesAfter} byte(s) on the connection`);
      return `${label} with no body`;
    }),
    requires: ['pendingOrderId', 'apiKey'],
  },
  {
    ...rule('orders.cancel-shipped'),
    run: onAnswer(cancelShipped, 409, 'fail', (_, label) => label),
    requires: ['shippedOrderId', 'apiKey'],
  },
  {
    ...rule('orders.conflict-body'),
    run: onAnswer(cancelShipped, 409, 'skip', (response, _, ctx) =>
      response.bodyBytes === 0
        ? '409 without a body (the spec leaves it open)'
        : verdict(errorBodyProblems(ctx.spec, response), '409 with an Error body'),
    ),
    requires: ['shippedOrderId', 'apiKey'],
  },
];
