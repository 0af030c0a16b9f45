import type { Redactor } from '../output/redact.ts';
import { secretValues } from '../run/extra-headers.ts';
import type { ResolvedOptions } from '../run/options.ts';
import { commandSource } from './setup-command.ts';
import type { OrderSource } from './source.ts';
import { stateUrlSource } from './state-url.ts';

/** The run's source of orders from its options, or undefined when it was given none (the safe mode). */
export function orderSourceOf(options: ResolvedOptions, redact: Redactor): OrderSource | undefined {
  const timeoutMs = options.hookTimeoutSeconds * 1000;
  if (options.setup !== undefined) {
    return commandSource({
      setup: options.setup,
      ...(options.teardown === undefined ? {} : { teardown: options.teardown }),
      env: options.env,
      baseUrl: options.baseUrl,
      timeoutMs,
      redact,
    });
  }
  if (options.stateUrl !== undefined) {
    const headers = stateHeaders(options.baseUrl, options.stateUrl, options.headers);
    return stateUrlSource({ url: options.stateUrl, headers, fetch: options.fetch, timeoutMs, redact });
  }
  const { pendingOrderId: pending, shippedOrderId: shipped } = options;
  if (pending === undefined && shipped === undefined) return undefined;
  return {
    kind: 'given',
    setup: async () => ({
      orders: {
        pending: pending === undefined ? [] : [pending],
        shipped: shipped === undefined ? [] : [shipped],
      },
      secrets: [],
    }),
    teardown: async () => undefined,
  };
}

/**
 * The --header values a state URL gets: all of them on the base URL's origin (an `X-Mock-Session` puts the
 * orders in the run's session); elsewhere only those that are no credential, which stay with the deployment.
 */
export function stateHeaders(
  baseUrl: string,
  stateUrl: string,
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  if (new URL(baseUrl).origin === new URL(stateUrl).origin) return { ...headers };
  const secrets = new Set(secretValues(headers));
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => !secrets.has(value)));
}
