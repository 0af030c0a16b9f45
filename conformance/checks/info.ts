import type { Exchange } from '../http/exchange.ts';
import { quoted } from '../output/text.ts';
import { rule } from '../rules/catalogue.ts';
import { responseOf, show } from '../rules/outcome.ts';
import { jsonBody, preview } from '../rules/verdicts.ts';
import { afterCancel, cancelShipped } from './cancels.ts';
import { baseline, malformedIdProbes } from './probes.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';

/** A run that reports an answer as observed: its status and its body's start. */
const observe =
  (probe: (ctx: CheckContext) => Promise<Exchange>): Check['run'] =>
  async (ctx) => {
    const exchange = await probe(ctx);
    const response = responseOf(exchange);
    return `${show(exchange)}, ${response.bodyBytes === 0 ? 'no body' : `body ${preview(response.body, 200)}`}`;
  };

/** Error codes are short words; a longer one is cut. */
const MAX_CODE = 60;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** Observations of what the spec leaves open: reported, never a failure. */
export const observationChecks: Check[] = [
  {
    ...rule('info.second-cancel'),
    run: observe(async (ctx) => (await afterCancel(ctx)).again),
    requires: ['pendingOrderId', 'apiKey'],
  },
  {
    ...rule('info.cancelled-listed'),
    async run(ctx) {
      const { id, cancel, list, listed } = await afterCancel(ctx);
      if (responseOf(cancel).status >= 300) return `not observed: the cancel answered ${show(cancel)}`;
      if (listed === undefined) return `not observed: ${show(list)} is not a readable list`;
      return listed ? `order ${id} stays listed after cancel` : `order ${id} leaves the list`;
    },
    requires: ['pendingOrderId', 'apiKey'],
  },
  {
    ...rule('info.conflict-body'),
    run: observe(cancelShipped),
    requires: ['shippedOrderId', 'apiKey'],
  },
  {
    ...rule('info.malformed-id-status'),
    requires: ['apiKey'],
    async run(ctx) {
      const { sent, notSent } = await malformedIdProbes(ctx);
      return [...sent.map(show), ...notSent].join('; ');
    },
  },
];

/** Observations over every exchange of the run; they run last. */
export const runInfoChecks: Check[] = [
  {
    ...rule('info.error-codes'),
    async run(ctx) {
      await baseline(ctx);
      const codes = new Map<number, Set<string>>();
      for (const exchange of ctx.seen()) {
        const body = exchange.response && jsonBody(exchange.response);
        const code = body?.ok ? (body.value as { code?: unknown } | null)?.code : undefined;
        if (exchange.response && typeof code === 'string') {
          const set = codes.get(exchange.response.status) ?? new Set();
          codes.set(exchange.response.status, set.add(code));
        }
      }
      if (codes.size === 0) return 'no Error code seen';
      return [...codes.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, set]) => `${status}: ${[...set].map((code) => quoted(code, MAX_CODE)).join(', ')}`)
        .join('; ');
    },
  },
  {
    ...rule('info.latency'),
    async run(ctx) {
      const byOperation = new Map<string, number[]>();
      for (const exchange of ctx.seen()) {
        const key = exchange.request.operationId ?? `${exchange.request.method} (no operation)`;
        byOperation.set(key, [...(byOperation.get(key) ?? []), exchange.durationMs]);
      }
      return [...byOperation.entries()]
        .map(
          ([op, ms]) => `${op}: ${ms.length} request(s), median ${median(ms)} ms, max ${Math.max(...ms)} ms`,
        )
        .join('; ');
    },
  },
];
