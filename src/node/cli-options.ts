import { parseArgs } from 'node:util';
import { maxPropagationMs, parseDuration } from '../domains/index.ts';
import { parseDnsServer } from './dns-resolver.ts';

export interface CliOptions {
  readonly port: number;
  readonly host: string;
  readonly apiKeys: readonly string[];
  /** Generate orders at start-up instead of loading fixtures. */
  readonly generate?: { readonly seed: number; readonly count: number };
  readonly fixturesFile?: string;
  readonly corsOrigin: string;
  readonly petsSunset?: string;
  readonly admin: boolean;
  readonly logFormat: 'pretty' | 'json';
  readonly quiet: boolean;
  /** The dashboard simulation's clock: real time, or manual (moved by POST /__mock/dashboard/clock/advance). */
  readonly clock: 'system' | 'manual';
  /** Verify custom domains against this DNS server (ADDRESS:PORT) instead of the simulated provider. */
  readonly dnsServer?: string;
  /** Default propagation delay of the simulated DNS provider, in ms. */
  readonly dnsPropagationMs: number;
}

export type ParsedCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'serve'; readonly options: CliOptions };

/** A mistake in the command line: the CLI prints its message on one line and exits with code 2. */
export class UsageError extends Error {}

export const USAGE = `Usage: petstore-mock [serve] [options]

Serves a stateful mock of the Petstore Store API at http://HOST:PORT/v1.

Options:
  --port N              port to listen on (default 4010; 0 picks a free one)
  --host HOST           address to bind (default 127.0.0.1)
  --api-key KEY         accepted bearer key; repeat for several (default: petstore-dev-key)
  --seed N              generate orders from this seed instead of fixtures/orders.json (default seed 7)
  --orders M            how many orders to generate (default 25)
  --fixtures FILE       load orders from FILE: an array of orders, or {"orders": [...], "pets": [...]}
  --cors-origin ORIGIN  Access-Control-Allow-Origin (default *)
  --pets-sunset DATE    when GET /pets/{petId} starts answering 410 (default 2027-07-01T00:00:00Z)
  --no-admin            do not serve the /__mock admin API
  --log-format FORMAT   pretty or json (default pretty)
  --quiet               no request log
  --clock MODE          dashboard clock: system (default) or manual (advance: POST /__mock/dashboard/clock/advance)
  --dns-server ADDR:PORT  verify custom domains with real DNS at this server instead of the simulated provider
  --dns-propagation D   propagation delay of the simulated DNS provider, e.g. 90s, 5m, 48h (default 5m, max 48h)
  -h, --help            show this help`;

/** Parses argv (without node and the script). Throws UsageError on anything it does not understand. */
export function parseCli(argv: readonly string[]): ParsedCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [command, ...rest] = positionals;
  if ((command !== undefined && command !== 'serve') || rest.length > 0) {
    throw new UsageError(`Unknown command "${positionals.join(' ')}"; the only command is "serve".`);
  }
  const logFormat = values['log-format'];
  if (logFormat !== 'pretty' && logFormat !== 'json') {
    throw new UsageError(`--log-format must be pretty or json, not "${logFormat}".`);
  }
  if (values['pets-sunset'] !== undefined && Number.isNaN(Date.parse(values['pets-sunset']))) {
    throw new UsageError(
      `--pets-sunset must be a date such as 2027-07-01T00:00:00Z, not "${values['pets-sunset']}".`,
    );
  }
  const clock = values.clock;
  if (clock !== 'system' && clock !== 'manual') {
    throw new UsageError(`--clock must be system or manual, not "${clock}".`);
  }
  const dnsPropagationMs = parseDuration(values['dns-propagation']);
  if (dnsPropagationMs === undefined || dnsPropagationMs > maxPropagationMs) {
    throw new UsageError(
      `--dns-propagation must be a duration up to 48h such as 5m, not "${values['dns-propagation']}".`,
    );
  }
  if (values.fixtures !== undefined && (values.seed !== undefined || values.orders !== undefined)) {
    throw new UsageError('Use either --fixtures or --seed/--orders, not both.');
  }
  const generate =
    values.seed === undefined && values.orders === undefined
      ? undefined
      : {
          seed: integer('--seed', values.seed ?? '7', 0),
          count: integer('--orders', values.orders ?? '25', 0),
        };
  return {
    kind: 'serve',
    options: {
      port: integer('--port', values.port, 0, 65_535),
      host: values.host,
      apiKeys: values['api-key'] ?? [],
      ...(generate ? { generate } : {}),
      ...(values.fixtures === undefined ? {} : { fixturesFile: values.fixtures }),
      corsOrigin: values['cors-origin'],
      ...(values['pets-sunset'] === undefined ? {} : { petsSunset: values['pets-sunset'] }),
      admin: !values['no-admin'],
      logFormat,
      quiet: values.quiet,
      clock,
      ...(values['dns-server'] === undefined ? {} : { dnsServer: dnsServerOption(values['dns-server']) }),
      dnsPropagationMs,
    },
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'api-key': { type: 'string', multiple: true },
      seed: { type: 'string' },
      orders: { type: 'string' },
      fixtures: { type: 'string' },
      'cors-origin': { type: 'string', default: '*' },
      'pets-sunset': { type: 'string' },
      'no-admin': { type: 'boolean', default: false },
      'log-format': { type: 'string', default: 'pretty' },
      quiet: { type: 'boolean', default: false },
      clock: { type: 'string', default: 'system' },
      'dns-server': { type: 'string' },
      'dns-propagation': { type: 'string', default: '5m' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

function integer(name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

function dnsServerOption(text: string): string {
  try {
    return parseDnsServer(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
