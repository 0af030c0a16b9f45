import { parseArgs } from 'node:util';
import { parseArgsOptions } from '../config/definition.ts';
import type { ConfigFile } from '../config/file.ts';
import { resolveSettings, type Settings } from '../config/resolve.ts';
import { parseDuration } from '../core/controls/duration.ts';
import { parseLatency } from '../core/controls/latency.ts';
import { MAX_SESSION_TTL_MS } from '../core/controls/sessions.ts';
import { quote } from '../core/http/text.ts';
import type { OAuthClient } from '../core/routes/oauth-token.ts';
import { maxPropagationMs } from '../domains/platform.ts';
import { parseUpstreamUrl } from '../forward/upstream-url.ts';
import { parseDnsServer } from '../node/dns-server.ts';
import {
  adminCorsOrigin,
  allowedHost,
  apiKey,
  corsOrigin,
  integer,
  orderCount,
  UsageError,
} from './checks.ts';
import { oauthOptions } from './oauth-options.ts';
import { MOCK_CLI } from './option-definition.ts';
import { oneLine } from './text.ts';

export { UsageError } from './checks.ts';
export { usage } from './usage.ts';

export interface CliOptions {
  readonly port: number;
  readonly host: string;
  /** Keys from --api-key, else PETSTORE_API_KEY; empty means the development key. */
  readonly apiKeys: readonly string[];
  /** Clients of POST /oauth/token (--oauth-client, else PETSTORE_OAUTH_CLIENTS); none: no token endpoint. */
  readonly oauthClients: readonly OAuthClient[];
  /** How long an issued token is accepted, on the mock's clock (--token-ttl). */
  readonly tokenTtlMs: number;
  /** Generate orders at start-up instead of loading fixtures. */
  readonly generate?: { readonly seed: number; readonly count: number };
  readonly fixturesFile?: string;
  /** Reload the fixtures file when it changes. */
  readonly watch: boolean;
  /** The origins the Store API allows (`*` for any); `--cors-origin` repeated. */
  readonly corsOrigin: readonly string[];
  /** CORS headers on the Store API (`--no-cors` turns them off). */
  readonly cors: boolean;
  /** Added to every Store API answer: `300ms` or a range `100ms-800ms`. */
  readonly latency?: string;
  /** Host names served besides loopback names, IP literals and --host (`all`: no Host check). */
  readonly allowedHosts: readonly string[];
  /** Origins whose pages may call /__mock and /__dashboard. */
  readonly adminCorsOrigins: readonly string[];
  readonly petsSunset?: string;
  readonly admin: boolean;
  /** The MCP tools at /__mock/mcp (--mcp). */
  readonly mcp: boolean;
  readonly logFormat: 'pretty' | 'json';
  readonly quiet: boolean;
  /** The mock's one clock: real time, or manual (moved by POST /__mock/clock/advance). */
  readonly clock: 'system' | 'manual';
  /** Verify custom domains against this DNS server (ADDRESS:PORT) instead of the simulated provider. */
  readonly dnsServer?: string;
  /** Default propagation delay of the simulated DNS provider, in ms. */
  readonly dnsPropagationMs: number;
  /** Bounds of the sessions picked by X-Mock-Session. */
  readonly sessions: { readonly maxSessions: number; readonly ttlMs: number };
  // Several replicas (docs/replicas.md).
  /** A shared store, `redis://HOST:PORT/DB`; without it each process keeps its state in memory. */
  readonly store?: string;
  readonly keyPrefix: string;
  /** Processes serving one port (node:cluster); more than one needs `store`. */
  readonly workers: number;
  /** Load the state from this file at start (when it exists) and keep it there after every change. */
  readonly stateFile?: string;
  /** Forward what the mock does not answer to this upstream (docs/passthrough.md). */
  readonly passthrough?: string;
  /** Time to connect to the upstream and get its answer's head, and between body chunks, in ms. */
  readonly passthroughTimeoutMs: number;
  /** Append every forwarded exchange, redacted, to this HAR file. */
  readonly recordMisses?: string;
}

export type ParsedCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'serve'; readonly options: CliOptions };

export type Environment = Readonly<Record<string, string | undefined>>;
type MockSettings = Settings<typeof MOCK_CLI>;

/**
 * Parses argv (without node and the script), the environment (PORT, HOST, PETSTORE_API_KEY, …; MOCK_CLI) and
 * the config file's "mock" section: an option wins over the environment, which wins over the file, then the
 * defaults. Throws UsageError (or ConfigError) on anything it does not understand.
 */
export function parseCli(argv: readonly string[], env: Environment = {}, file?: ConfigFile): ParsedCommand {
  const { values: flags, positionals } = parse(argv);
  if (flags.help) return { kind: 'help' };
  if (flags.version) return { kind: 'version' };
  const settings = resolveSettings(MOCK_CLI, flags, env, file);
  const { values, label } = settings;
  const [command, ...rest] = positionals;
  if ((command !== undefined && command !== 'serve') || rest.length > 0) {
    throw new UsageError(
      `Unknown command ${quote(positionals.join(' '))}; the commands are "serve", "health" and "mcp".`,
    );
  }
  const logFormat = values['log-format'];
  if (logFormat !== 'pretty' && logFormat !== 'json') {
    throw new UsageError(`${label('log-format')} must be pretty or json, not ${quote(logFormat)}.`);
  }
  const sunset = values['pets-sunset'];
  if (sunset !== undefined && Number.isNaN(Date.parse(sunset))) {
    throw new UsageError(
      `${label('pets-sunset')} must be a date such as 2027-07-01T00:00:00Z, not ${quote(sunset)}.`,
    );
  }
  const clock = values.clock;
  if (clock !== 'system' && clock !== 'manual') {
    throw new UsageError(`${label('clock')} must be system or manual, not ${quote(clock)}.`);
  }
  const dnsPropagationMs = parseDuration(values['dns-propagation']);
  if (dnsPropagationMs === undefined || dnsPropagationMs > maxPropagationMs) {
    throw new UsageError(
      `${label('dns-propagation')} must be a duration up to 48h such as 5m, not ${quote(values['dns-propagation'])}.`,
    );
  }
  const sessionTtlMs = parseDuration(values['session-ttl']);
  if (sessionTtlMs === undefined || sessionTtlMs < 1000 || sessionTtlMs > MAX_SESSION_TTL_MS) {
    throw new UsageError(
      `${label('session-ttl')} must be a duration from 1s to 365d such as 30m or 2h, not ${quote(values['session-ttl'])}.`,
    );
  }
  if (values.fixtures !== undefined && (values.seed !== undefined || values.orders !== undefined)) {
    throw new UsageError('Use either --fixtures or --seed/--orders, not both.');
  }
  const latency = values.latency;
  if (latency !== undefined && parseLatency(latency) === undefined) {
    throw new UsageError(
      `${label('latency')} must be a delay such as 300ms or a range such as 100ms-800ms (at most 60s), not ${quote(latency)}.`,
    );
  }
  if (values.watch && values.fixtures === undefined) throw new UsageError('--watch needs --fixtures FILE.');
  const stateFile = values['state-file'];
  if (stateFile !== undefined && (stateFile === '' || values.store)) {
    throw new UsageError(
      stateFile === ''
        ? '--state-file needs a file path.'
        : '--state-file keeps the state of one process; with --store the state lives in Redis already.',
    );
  }
  if (values.mcp && values['no-admin'])
    throw new UsageError('--mcp serves the admin API as tools: drop --no-admin.');
  const generate =
    values.seed === undefined && values.orders === undefined
      ? undefined
      : { seed: integer(label('seed'), values.seed ?? '7', 0), count: orderCount(values.orders ?? '25') };
  const passthrough = values.passthrough;
  if (passthrough !== undefined) {
    const problem = parseUpstreamUrl(passthrough);
    // Names the problem only: the URL may hold something the user did not mean to print.
    if (typeof problem === 'string') throw new UsageError(`--passthrough ${problem}.`);
  }
  const passthroughTimeoutMs = parseDuration(values['passthrough-timeout']);
  if (passthroughTimeoutMs === undefined || passthroughTimeoutMs < 1 || passthroughTimeoutMs > 3_600_000) {
    throw new UsageError(
      `${label('passthrough-timeout')} must be a duration up to 1h such as 10s or 500ms, not ${quote(values['passthrough-timeout'])}.`,
    );
  }
  const replicas = replicaOptions(values, label);
  const recordMisses = recordMissesOption(values, passthrough, replicas.workers);
  return {
    kind: 'serve',
    options: {
      ...replicas,
      port: integer(label('port'), values.port, 0, 65_535),
      host: values.host,
      apiKeys: (values['api-key'] ?? []).map((key) => apiKey(label('api-key'), key)),
      ...oauthOptions(values['oauth-client'], label('oauth-client'), values['token-ttl']),
      ...(generate ? { generate } : {}),
      ...(values.fixtures === undefined ? {} : { fixturesFile: values.fixtures }),
      ...(stateFile === undefined ? {} : { stateFile }),
      watch: values.watch,
      corsOrigin: (values['cors-origin'] ?? ['*']).map(corsOrigin),
      cors: !values['no-cors'],
      ...(latency === undefined ? {} : { latency }),
      allowedHosts: (values['allowed-host'] ?? []).map(allowedHost),
      adminCorsOrigins: (values['admin-cors-origin'] ?? []).map(adminCorsOrigin),
      ...(sunset === undefined ? {} : { petsSunset: sunset }),
      admin: !values['no-admin'],
      mcp: values.mcp,
      logFormat,
      quiet: values.quiet,
      clock,
      ...(values['dns-server'] === undefined ? {} : { dnsServer: dnsServerOption(values['dns-server']) }),
      dnsPropagationMs,
      sessions: {
        maxSessions: integer(label('max-sessions'), values['max-sessions'], 0, 100_000),
        ttlMs: sessionTtlMs,
      },
      ...(passthrough === undefined ? {} : { passthrough }),
      passthroughTimeoutMs,
      ...(recordMisses === undefined ? {} : { recordMisses }),
    },
  };
}

const OPTIONS = parseArgsOptions(MOCK_CLI);

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    const unknown = /^Unknown option '([^']*)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown !== undefined) {
      throw new UsageError(`Unknown option ${quote(unknown)}; see petstore-mock --help.`);
    }
    throw new UsageError(`${oneLine(message).slice(0, 200)} (see petstore-mock --help)`);
  }
}

/**
 * parseArgs reads `--port -1` as an option without a value and prints a cut-off "ambiguous" message; a value
 * that looks like a negative number is the option's value, so that the option's own check explains the range.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const option = OPTIONS[arg.slice(2) as keyof typeof OPTIONS];
    if (arg.startsWith('--') && option?.type === 'string' && next !== undefined && /^-[\d.]/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else args.push(arg);
  }
  return args;
}

function dnsServerOption(text: string): string {
  try {
    return parseDnsServer(text);
  } catch {
    // Its own message echoes the whole input; this one caps it.
    throw new UsageError(
      `--dns-server must be ADDRESS:PORT, such as 127.0.0.1:5353 or [::1]:53, not ${quote(text)}.`,
    );
  }
}

/** --record-misses FILE (or PETSTORE_RECORD_MISSES): what --passthrough forwards, kept by one process. */
function recordMissesOption(
  values: MockSettings['values'],
  passthrough: string | undefined,
  workers: number,
): string | undefined {
  const file = values['record-misses'];
  if (file === undefined) return undefined;
  if (file === '') throw new UsageError('--record-misses needs a file path, such as misses.har.');
  if (passthrough === undefined) {
    throw new UsageError('--record-misses records what --passthrough forwards: add --passthrough URL.');
  }
  // Each process would rewrite the file with only its own exchanges.
  if (workers > 1)
    throw new UsageError(`--record-misses is written by one process, not by --workers ${workers}.`);
  return file;
}

/** --store (or PETSTORE_STORE), --key-prefix and --workers (docs/replicas.md). */
function replicaOptions(
  values: MockSettings['values'],
  label: MockSettings['label'],
): Pick<CliOptions, 'store' | 'keyPrefix' | 'workers'> {
  const store = values.store;
  if (store !== undefined && store !== 'memory' && !/^rediss?:\/\/[^/\s]+(\/\d+)?\/?$/.test(store)) {
    // Not quoted: a Redis URL may carry a password.
    throw new UsageError(
      `${label('store')} must be memory or redis://HOST:PORT/DB (the value given is not shown).`,
    );
  }
  const keyPrefix = values['key-prefix'];
  if (!/^[\w.:-]{1,100}$/.test(keyPrefix)) {
    throw new UsageError(
      `${label('key-prefix')} must be 1 to 100 letters, digits, or . : _ -, not ${quote(keyPrefix)}.`,
    );
  }
  const workers = integer(label('workers'), values.workers, 1, 64);
  const shared = store !== undefined && store !== 'memory';
  if (workers > 1 && !shared) {
    throw new UsageError(
      `--workers ${workers} needs a shared store: add --store redis://HOST:PORT/DB (each worker would keep its own orders).`,
    );
  }
  if (shared && values.watch) {
    throw new UsageError(
      "--watch reloads one process's orders; with --store, change them with the admin API.",
    );
  }
  return { ...(shared ? { store } : {}), keyPrefix, workers };
}
