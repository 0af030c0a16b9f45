import { type Check, Failure, Skip } from '../registry.ts';
import { cancelAbsent, cancelPending, cancelShipped, listOrders } from './probes.ts';
import { errorBodyProblems, jsonBody, responseOf, show, verdict } from './support.ts';

export const orderChecks: Check[] = [
  {
    id: 'orders.list',
    severity: 'must',
    title: 'The order list answers 200 with a JSON array of valid Orders',
    reference: 'Spec: GET /store/orders; Resources: Order',
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
    id: 'orders.cancel-absent',
    severity: 'must',
    title: 'Cancelling an id absent from the list answers 404',
    reference: 'Spec: DELETE /store/orders/{orderId} (404)',
    requires: ['apiKey'],
    async run(ctx) {
      const exchange = await cancelAbsent(ctx);
      if (responseOf(exchange).status !== 404) throw new Failure(`${show(exchange)}, expected 404`);
      return `${show(exchange)} (id proven absent from the list)`;
    },
  },
  {
    id: 'orders.cancel-pending',
    severity: 'must',
    title: 'Cancelling a pending order answers 204 with no body',
    reference: 'Spec: States and transitions (pending → cancelled)',
    requires: ['pendingOrderId', 'apiKey'],
    async run(ctx) {
      const exchange = await cancelPending(ctx, ctx.options.pendingOrderId ?? '');
      const response = responseOf(exchange);
      if (response.status !== 204) throw new Failure(`${show(exchange)}, expected 204`);
      if (response.bodyBytes > 0)
        throw new Failure(`${show(exchange)} with a ${response.bodyBytes}-byte body`);
      return `${show(exchange)} with no body`;
    },
  },
  {
    id: 'orders.cancel-shipped',
    severity: 'must',
    title: 'Cancelling a shipped order answers 409',
    reference: 'Spec: States and transitions (shipped: unchanged, 409)',
    requires: ['shippedOrderId', 'apiKey'],
    async run(ctx) {
      const exchange = await cancelShipped(ctx, ctx.options.shippedOrderId ?? '');
      if (responseOf(exchange).status !== 409) throw new Failure(`${show(exchange)}, expected 409`);
      return show(exchange);
    },
  },
  {
    id: 'orders.conflict-body',
    severity: 'should',
    title: 'A 409 body, when present, is an Error with status 409',
    reference: 'RFC 9110 §15.5.10; Spec: Errors',
    requires: ['shippedOrderId', 'apiKey'],
    async run(ctx) {
      const exchange = await cancelShipped(ctx, ctx.options.shippedOrderId ?? '');
      const response = responseOf(exchange);
      if (response.status !== 409) throw new Skip(`no 409 to check: ${show(exchange)}`);
      if (response.bodyBytes === 0) return '409 without a body (the spec leaves it open)';
      return verdict(errorBodyProblems(ctx.spec, response), '409 with an Error body');
    },
  },
];
