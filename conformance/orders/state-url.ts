import { type ExactJson, exactId, JsonNumber, parseExactJson } from '../contract/exact-json.ts';
import type { Redactor } from '../output/redact.ts';
import type { OrderKind, ProvidedOrders } from './slots.ts';
import { HookError, lastLine, type OrderSource } from './source.ts';

/** The provider states the suite asks for, by the kind of order each makes. */
export const PROVIDER_STATES: Readonly<Record<OrderKind, string>> = {
  pending: 'a pending order',
  shipped: 'a shipped order',
};

/** Largest answer read from a state URL. */
const MAX_ANSWER = 64 * 1024;

export interface StateUrlOptions {
  url: string;
  /** Sent with every state change (the run's --header values the URL may see: see stateHeaders). */
  headers: Record<string, string>;
  fetch: typeof fetch;
  timeoutMs: number;
  redact: Redactor;
}

/**
 * Pact's provider-state protocol: `POST URL {"state": "a pending order", "params": {}, "action": "setup"}` per
 * order, answered `{"orderId": "<id>"}` (Pact's provider-state injected values); after the run, the same with
 * `"action": "teardown"` and `"params": {"orderId": "<id>"}` for each. Every order set up is torn down, even
 * when a later setup fails.
 */
export function stateUrlSource(options: StateUrlOptions): OrderSource {
  // --hook-timeout bounds each phase as a whole, as it bounds a command: every setup, then every teardown.
  const phase = () => AbortSignal.timeout(options.timeoutMs);
  const post = async (
    state: string,
    action: 'setup' | 'teardown',
    params: Record<string, string>,
    signal: AbortSignal,
  ) => {
    const what = `the ${action} of "${state}"`;
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(options.url, {
        method: 'POST',
        headers: { ...options.headers, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ state, params, action }),
        redirect: 'manual',
        signal,
      });
      text = (await response.text()).slice(0, MAX_ANSWER);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const cause = timedOut
        ? `no answer within ${options.timeoutMs / 1000} s (--hook-timeout)`
        : (error as Error).message;
      return { problem: `the state URL (--state-url) failed ${what}: ${cause}` };
    }
    if (response.status < 200 || response.status > 299) {
      const said = lastLine(errorMessage(text) ?? text, options.redact);
      const suffix = said ? `: ${said}` : '';
      return { problem: `the state URL (--state-url) answered ${response.status} to ${what}${suffix}` };
    }
    return { text, what };
  };

  const teardown = async (orders: ProvidedOrders): Promise<string | undefined> => {
    const signal = phase();
    const problems: string[] = [];
    for (const kind of ['pending', 'shipped'] as const) {
      for (const orderId of orders[kind]) {
        const answer = await post(PROVIDER_STATES[kind], 'teardown', { orderId }, signal);
        if (answer.problem) problems.push(answer.problem);
      }
    }
    return problems[0];
  };

  return {
    kind: 'state-url',
    async setup(needs) {
      const signal = phase();
      const orders: ProvidedOrders = { pending: [], shipped: [] };
      for (const kind of ['pending', 'shipped'] as const) {
        for (let i = 0; i < needs[kind]; i++) {
          const answer = await post(PROVIDER_STATES[kind], 'setup', {}, signal);
          const id = answer.problem === undefined ? orderIdIn(answer.text) : undefined;
          if (id === undefined) {
            // Whatever was set up before the failure is torn down: the run ends here.
            await teardown(orders);
            throw new HookError(
              answer.problem ??
                `the state URL (--state-url) answered ${answer.what} without {"orderId": "<int64 id>"}`,
            );
          }
          orders[kind].push(id);
        }
      }
      return { orders, secrets: [] };
    },
    teardown: ({ orders }) => teardown(orders),
  };
}

/** The id of `{"orderId": "9001"}` (or 9001), read exactly; undefined for anything else. */
function orderIdIn(text: string | undefined): string | undefined {
  let value: ExactJson;
  try {
    value = parseExactJson(text ?? '');
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof JsonNumber)
    return undefined;
  return exactId(value.orderId);
}

/** An Error body's message (the mock lists the states it knows there), or undefined. */
function errorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body?.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}
