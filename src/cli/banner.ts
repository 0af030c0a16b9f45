import { formatDuration } from '../core/controls/duration.ts';
import { DEV_API_KEY } from '../core/defaults.ts';
import type { RunningServer } from '../node/server.ts';
import { printableStoreUrl } from '../redis/settings.ts';
import type { CliOptions } from './options.ts';

/** With --workers: set to `1` in the environment of the worker that prints the banner (src/cli/workers.ts). */
export const BANNER_WORKER = 'PETSTORE_BANNER_WORKER';

/**
 * What the CLI says once listening: the JSON event's fields and the readable lines. Keys never appear in the
 * JSON log (it ends up in log stores): only how many there are. The readable banner shows the development key
 * (it is public) but not the keys given with --api-key or PETSTORE_API_KEY.
 */
export function listening(mock: RunningServer, options: CliOptions) {
  const devKey = options.apiKeys.length === 0;
  const key = devKey ? DEV_API_KEY : '<your key>';
  const keys = mock.api.apiKeys.length;
  const keyNote = devKey
    ? `${DEV_API_KEY} (the development key; choose your own with --api-key or PETSTORE_API_KEY)`
    : `${keys === 1 ? 'the key' : `the ${keys} keys`} you gave (not printed)`;
  const clients = options.oauthClients.length;
  const fields = {
    baseUrl: mock.baseUrl,
    apiKeyCount: keys,
    devKey,
    admin: options.admin,
    ...(mock.passthrough ? { passthrough: mock.passthrough } : {}),
    ...(options.recordMisses ? { recordMisses: options.recordMisses } : {}),
    ...(clients > 0 ? { oauthClientCount: clients, tokenTtl: formatDuration(options.tokenTtlMs) } : {}),
  };
  const lines = [
    `Petstore mock listening on ${mock.baseUrl}`,
    ...(options.quiet
      ? []
      : [
          `  API key: ${keyNote}`,
          `  Try:     curl -H "Authorization: Bearer ${key}" ${mock.baseUrl}/store/orders`,
          ...(clients > 0
            ? [
                `  OAuth:   POST ${mock.url}/oauth/token (client credentials; ${clients === 1 ? 'the client' : `${clients} clients`} you gave, secrets not printed; tokens live ${formatDuration(options.tokenTtlMs)} on the mock's clock)`,
              ]
            : []),
          ...(options.admin
            ? [
                `  Admin:   ${mock.url}/__mock/orders (no key needed)`,
                `  Control: ${mock.url}/__mock/ (orders, requests, faults, latency, presets, clock)`,
                ...(options.mcp ? [`  MCP:     ${mock.url}/__mock/mcp (Streamable HTTP; docs/mcp.md)`] : []),
              ]
            : []),
          `  Domains: ${mock.url}/__dashboard/api/projects (clock ${options.clock}, DNS ${options.dnsServer ?? 'simulated'})`,
          ...(options.passthrough
            ? [
                `  Forward: ${mock.passthrough ?? options.passthrough} (what the mock does not answer; ${options.admin ? `${mock.url}/__mock/passthrough` : 'no admin API to toggle operations'})`,
              ]
            : []),
          ...(options.recordMisses
            ? [`  Record:  forwarded exchanges appended to ${options.recordMisses} (HAR)`]
            : []),
          ...(options.store
            ? [
                `  Store:   ${printableStoreUrl(options.store)}, key prefix ${options.keyPrefix}, ${options.workers} worker(s)`,
              ]
            : []),
          // The CLI always serves the settings page (the simulation behind it loads with its first API request).
          `  Page:    ${mock.url}/__dashboard/ (Project settings > Domains)`,
          ...(options.watch ? [`  Watch:   reloading ${options.fixturesFile} when it changes`] : []),
          ...(options.stateFile ? [`  State:   kept in ${options.stateFile} (GET /__mock/state)`] : []),
          ...(isWildcard(options.host)
            ? [
                "  Hosts:   localhost, IP addresses and this machine's name; allow other names with --allowed-host NAME",
              ]
            : []),
          '  Stop:    Ctrl+C',
        ]),
  ];
  return { fields, lines };
}

/** Bound to every address: people reach it by the machine's names, which the Host check refuses unless allowed. */
function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}
