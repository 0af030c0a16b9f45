import { isDeepStrictEqual } from 'node:util';
import { type ListedOrder, listedOrdersFromJson } from '../contract/raw-json.ts';
import type { Exchange } from '../http/exchange.ts';
import { rule } from '../rules/catalogue.ts';
import { responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { afterCancel, listAfterRefusals, refusals } from './cancels.ts';
import type { Check } from './registry.ts';

const is4xx = (status: number | undefined): boolean => status !== undefined && status >= 400 && status < 500;

/** The order's fields as parsed JSON, or undefined when the list does not hold it. */
function fieldsOf(orders: readonly ListedOrder[] | undefined, id: string): unknown {
  const raw = orders?.find((order) => order.id === id)?.raw;
  return raw === undefined ? undefined : JSON.parse(raw);
}

const ordersOf = (exchange: Exchange): ListedOrder[] | undefined =>
  exchange.response?.status === 200 ? listedOrdersFromJson(exchange.response.body) : undefined;

/** What the spec's state machine requires of the requests with the ids the user gave. */
export const stateChecks: Check[] = [
  {
    ...rule('orders.refused-unchanged'),
    async run(ctx) {
      const before = await ctx.listedOrders();
      const done = await refusals(ctx);
      if (done.length === 0) throw new Skip("none of the run's orders is in the order list");
      const after = ordersOf(await listAfterRefusals(ctx));
      if (!after) throw new Skip('the order list read after the refused requests could not be read');
      // Only orders whose every request was refused are graded: an accepted request is the auth or cancel
      // checks' failure, and the order's state after it tells nothing about the refusals.
      const accepted = new Set(done.filter(({ first }) => !is4xx(first.response?.status)).map((r) => r.id));
      const graded = done.filter(({ id }) => !accepted.has(id));
      if (graded.length === 0)
        throw new Skip(`no request was refused: ${done.map((r) => show(r.first)).join('; ')}`);
      const problems = graded.flatMap(({ id, first, again }) => {
        const found: string[] = [];
        const fields = fieldsOf(after, id);
        if (fields === undefined) found.push(`after ${show(first)}, order ${id} is no longer listed`);
        else if (!isDeepStrictEqual(fields, fieldsOf(before, id)))
          found.push(`after ${show(first)}, order ${id} is listed with other fields`);
        if (again.response?.status !== first.response?.status)
          found.push(`${show(first)}, then ${show(again)} when repeated`);
        return found;
      });
      const own = ctx.orders.bySlot.refusals;
      const alone =
        own === undefined ? ` (no pending order of its own: ${ctx.orders.missing.refusals?.reason})` : '';
      return verdict(
        problems,
        `${graded.length} refused request(s) changed nothing and were refused again alike${alone}`,
      );
    },
    requires: ['orderId', 'apiKey'],
  },
  {
    ...rule('orders.cancel-final'),
    async run(ctx) {
      const { id, cancel, again, list, listed } = await afterCancel(ctx);
      if (responseOf(cancel).status !== 204) throw new Skip(`no 204 to follow: ${show(cancel)}`);
      const status = responseOf(again).status;
      if (status < 400) return verdict([`${show(again)}: the cancelled order can still be cancelled`], '');
      if (listed === undefined) {
        // The list must keep answering after a cancel; only a body too large to read leaves it ungraded.
        if (list.response?.status === 200 && (list.response.truncated || list.response.interrupted))
          throw new Skip(`the list after the cancel could not be read whole: ${show(list)}`);
        const why = list.response?.status === 200 ? ' (not a JSON array)' : ', expected 200';
        return verdict([`after the cancel, ${show(list)}${why}`], '');
      }
      const problems: string[] = [];
      if (status === 404 && listed) problems.push(`${show(again)} (gone), yet order ${id} is still listed`);
      if (status !== 404 && !listed)
        problems.push(`${show(again)} (still there), yet order ${id} left the list`);
      const choice = listed ? 'listed and no longer cancellable' : 'gone';
      return verdict(problems, `${show(again)}; order ${id} is ${choice}, consistently`);
    },
    requires: ['pendingOrderId', 'apiKey'],
  },
];
