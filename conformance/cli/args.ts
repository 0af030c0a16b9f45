import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import type { OAuthSettings } from '../http/oauth-token.ts';
import type { CredentialOptions } from '../run/credentials.ts';
import { parseHeaders } from '../run/extra-headers.ts';
import { type ConformanceOptions, LIMITS } from '../run/options.ts';
import { UsageError } from '../run/usage-error.ts';

export type ReporterName = 'pretty' | 'json' | 'junit' | 'markdown' | 'html';
export const REPORTERS: ReporterName[] = ['pretty', 'json', 'junit', 'markdown', 'html'];

export type Command =
  | { kind: 'help' }
  | { kind: 'version'; version: string }
  | { kind: 'list' }
  | {
      kind: 'run';
      options: ConformanceOptions;
      reporters: ReporterName[];
      output?: string;
      /** Append the Markdown summary to $GITHUB_STEP_SUMMARY when it is set (off: --no-step-summary). */
      stepSummary: boolean;
      /** Write every exchange of the run to this file as HAR 1.2 (--har). */
      har?: string;
    };

export const USAGE = `Usage: petstore-conformance --base-url URL [credential] [options]
       petstore-conformance proxy --upstream URL [options]   (grades your own traffic: proxy --help)
       petstore-conformance grade --har FILE [--base-url URL]   (grades a browser's HAR: grade --help)

Grades a deployment of the Petstore Store API against spec/openapi.yaml.
Without orders the run is safe: it sends only reads, unauthenticated requests and DELETEs of ids proven
absent from the full order list. With orders it changes only those (and ids proven absent).

  --base-url URL          base URL including /v1 (or PETSTORE_BASE_URL)

Credential (one of them; each is redacted from every output, with every token fetched):
  --api-key KEY           the API key (or PETSTORE_API_KEY, preferred)
  --api-key-file PATH     the API key from a file, such as a Docker secret (or PETSTORE_API_KEY_FILE)
  --token-command "CMD"   run CMD with the shell: its stdout is the token, or JSON {"access_token", "expires_in"};
                          run again before the token expires and once after an unexpected 401
  --oauth-token-url URL   get tokens by the OAuth 2.0 client credentials grant, with:
    --oauth-client-id ID
    --oauth-client-secret-env NAME   the client secret from the variable NAME, or
    --oauth-client-secret-file PATH  from a file (never on the command line)
    --oauth-scope SCOPE, --oauth-audience AUDIENCE   sent when given
    --oauth-client-auth basic|post   client_secret_basic (default) or client_secret_post
A token command or endpoint that fails, or answers no usable token, ends the run with one line and exit 2.

Orders for the state-changing checks (see docs/conformance.md, "Running against staging"):
  --setup CMD             shell command that makes the orders the run may change and prints them as
                          {"pending": ["9001", ...], "shipped": [...]}; it gets PETSTORE_BASE_URL and
                          PETSTORE_NEEDS (how many of each kind the selected checks consume)
  --teardown CMD          shell command run after the checks, always, with the setup's output on stdin
  --state-url URL         Pact provider-state URL instead of --setup: POST {"state": "a pending order", ...}
  --hook-timeout SECONDS  budget of each hook (default ${LIMITS.hookTimeoutSeconds.fallback}, at most ${LIMITS.hookTimeoutSeconds.max}); a failed hook is exit 2

Options:
  --pending-order-id ID   opt-in: cancel this pending order (204 check)
  --shipped-order-id ID   opt-in: try to cancel this shipped order (409 check)
  --pet-id ID             pet id for the deprecated GET /pets/{petId} (default 1)
  --header NAME:VALUE     sent with every request, repeatable (e.g. X-Mock-Session: ci-42); values of
                          credential-like names (auth, cookie, token, key, secret, signature…) are redacted
  --reporter NAME         pretty | json | junit | markdown | html; repeatable (default pretty)
  --output DIR            write the file reports to DIR (conformance.json, conformance.junit.xml,
                          conformance.md, conformance.html)
  --no-step-summary       do not append the Markdown summary to $GITHUB_STEP_SUMMARY (done when it is set)
  --expected-failures FILE  known failures (YAML or JSON list of ids, each with an optional reason and
                          operation): reported as expected, not failing the run; one that passes fails it
  --min-coverage PERCENT  fail when fewer documented (operation, status) pairs were seen (0 to 100)
  --trace-id-prefix HEX   start every traceparent trace id with these hex digits (at most 24)
  --har FILE              write every exchange of the run to FILE as HAR 1.2 (credentials redacted)
  --timeout MS            budget of one request, waits included (default ${LIMITS.timeoutMs.fallback}, at most ${LIMITS.timeoutMs.max})
  --retries N             extra attempts after network errors only, with backoff (default 0, at most ${LIMITS.retries.max})
  --max-time SECONDS      budget of the whole run (default ${LIMITS.maxTimeSeconds.fallback}); checks left are not run, exit 2
  --rate-limit N          at most N requests per second; a 429 with Retry-After is honoured within --timeout
  --only ID[,ID]          run only these checks (repeatable)
  --skip ID[,ID]          skip these checks (repeatable)
  --strict                should failures fail the run too
  --fail-on-skip          skipped checks fail the run too (exit 1), so CI notices a check that never runs
  --explore               exploration mode: requests generated from the spec instead of the fixed checks
  --seed N                the exploration's seed (default: random, printed at the start)
  --max-requests N        requests the exploration sends at most, shrinking included (default 500)
  --allow-writes          let exploration's DELETEs reach --pending-order-id / --shipped-order-id
  --list                  print the checks and exit
  --version               print the version
  -h, --help              print this help

Exit codes: 0 no must check failed (with --strict: no should check either; with --fail-on-skip: none was
skipped); 1 one did, a check was skipped under --fail-on-skip, an expected failure is stale, or coverage is
below --min-coverage; 2 usage error (an unknown id in --expected-failures included), a hook that failed, a
target that cannot be reached or is not this API, or --max-time ran out; 130 / 143 stopped by SIGINT /
SIGTERM (after the teardown ran).`;

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed))
    throw new UsageError(`--${name} must be a number, got "${value}"`);
  return parsed;
}

const ids = (values: string[] | undefined): string[] =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** Turns argv and the environment into a command; throws a UsageError for anything malformed. */
export function parseCli(argv: string[], env: Record<string, string | undefined>): Command {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  if (values.list) return { kind: 'list' };
  if (values.version) {
    // The package refers to itself by name (its package.json is exported), from conformance/ and dist/ alike.
    const { version } = createRequire(import.meta.url)('petstore-mock/package.json') as { version: string };
    return { kind: 'version', version };
  }
  const baseUrl = values['base-url'] ?? env.PETSTORE_BASE_URL;
  if (!baseUrl) throw new UsageError('--base-url (or PETSTORE_BASE_URL) is required');
  const reporters = reporterNames(values.reporter);
  const toStdout = reporters.filter((r) => r === 'pretty' || !values.output);
  if (new Set(toStdout).size > 1) {
    throw new UsageError(
      'only one report can go to the console: pass --output DIR for the file reports (json, junit, markdown, html)',
    );
  }
  return {
    kind: 'run',
    reporters: [...new Set(reporters)],
    output: values.output,
    stepSummary: !values['no-step-summary'],
    ...(values.har === undefined ? {} : { har: values.har }),
    options: {
      baseUrl,
      ...credentialOptions(values, env),
      pendingOrderId: values['pending-order-id'],
      shippedOrderId: values['shipped-order-id'],
      petId: values['pet-id'],
      headers: parseHeaders(values.header),
      timeoutMs: number('timeout', values.timeout),
      retries: number('retries', values.retries),
      maxTimeSeconds: number('max-time', values['max-time']),
      rateLimit: number('rate-limit', values['rate-limit']),
      only: ids(values.only),
      skip: ids(values.skip),
      strict: values.strict ?? false,
      failOnSkip: values['fail-on-skip'] ?? false,
      ...(values.setup === undefined ? {} : { setup: values.setup }),
      ...(values.teardown === undefined ? {} : { teardown: values.teardown }),
      ...(values['state-url'] === undefined ? {} : { stateUrl: values['state-url'] }),
      hookTimeoutSeconds: number('hook-timeout', values['hook-timeout']),
      ...exploreOptions(values),
      ...(values['expected-failures'] === undefined ? {} : { expectedFailures: values['expected-failures'] }),
      ...(values['min-coverage'] === undefined
        ? {}
        : { minCoverage: number('min-coverage', values['min-coverage']) }),
      ...(values['trace-id-prefix'] === undefined ? {} : { traceIdPrefix: values['trace-id-prefix'] }),
    },
  };
}

/** The --reporter names given (default pretty); an unknown one is a usage error listing them. */
export function reporterNames(given: readonly string[] | undefined): ReporterName[] {
  return (given ?? ['pretty']).map((name) => {
    if (!REPORTERS.includes(name as ReporterName))
      throw new UsageError(`unknown reporter "${name}" (${REPORTERS.join(', ')})`);
    return name as ReporterName;
  });
}

/**
 * The credential's source: the flags given (two of them is resolveCredential's usage error), else the
 * environment (PETSTORE_API_KEY or PETSTORE_API_KEY_FILE, not both). The client secret is read here, from the
 * variable or the file named, never taken as a value.
 */
function credentialOptions(
  values: ReturnType<typeof parse>['values'],
  env: Record<string, string | undefined>,
): CredentialOptions {
  const oauthCompanions = OAUTH_COMPANIONS.filter((name) => values[name] !== undefined);
  const tokenUrl = values['oauth-token-url'];
  if (tokenUrl === undefined && oauthCompanions.length > 0) {
    throw new UsageError(`--${oauthCompanions[0]} needs --oauth-token-url`);
  }
  const flags = {
    ...(values['api-key'] !== undefined ? { apiKey: values['api-key'] } : {}),
    ...(values['api-key-file'] !== undefined ? { apiKeyFile: values['api-key-file'] } : {}),
    ...(values['token-command'] !== undefined ? { tokenCommand: values['token-command'] } : {}),
    ...(tokenUrl !== undefined ? { oauth: oauthSettings(tokenUrl, values, env) } : {}),
  };
  if (Object.keys(flags).length > 0) return flags;
  if (env.PETSTORE_API_KEY && env.PETSTORE_API_KEY_FILE) {
    throw new UsageError('PETSTORE_API_KEY and PETSTORE_API_KEY_FILE are both set: keep one');
  }
  if (env.PETSTORE_API_KEY) return { apiKey: env.PETSTORE_API_KEY };
  return env.PETSTORE_API_KEY_FILE ? { apiKeyFile: env.PETSTORE_API_KEY_FILE } : {};
}

const OAUTH_COMPANIONS = [
  'oauth-client-id',
  'oauth-client-secret-env',
  'oauth-client-secret-file',
  'oauth-scope',
  'oauth-audience',
  'oauth-client-auth',
] as const;

function oauthSettings(
  tokenUrl: string,
  values: ReturnType<typeof parse>['values'],
  env: Record<string, string | undefined>,
): OAuthSettings {
  const fromEnv = values['oauth-client-secret-env'];
  const fromFile = values['oauth-client-secret-file'];
  if (fromEnv !== undefined && fromFile !== undefined) {
    throw new UsageError(
      'give the client secret once: --oauth-client-secret-env or --oauth-client-secret-file',
    );
  }
  let clientSecret = '';
  if (fromEnv !== undefined) {
    clientSecret = env[fromEnv] ?? '';
    if (clientSecret === '') {
      throw new UsageError(
        `--oauth-client-secret-env names ${JSON.stringify(fromEnv.slice(0, 64))}, which is not set`,
      );
    }
  } else if (fromFile !== undefined) {
    try {
      clientSecret = readFileSync(fromFile, 'utf8').replace(/\s+$/, '');
    } catch (error) {
      throw new UsageError(
        `--oauth-client-secret-file ${fromFile} cannot be read (${(error as { code?: string }).code ?? error})`,
      );
    }
    if (clientSecret === '') throw new UsageError(`--oauth-client-secret-file ${fromFile} is empty`);
  }
  const clientAuth = values['oauth-client-auth'];
  if (clientAuth !== undefined && clientAuth !== 'basic' && clientAuth !== 'post') {
    throw new UsageError('--oauth-client-auth must be basic or post');
  }
  return {
    tokenUrl,
    clientId: values['oauth-client-id'] ?? '',
    clientSecret,
    ...(values['oauth-scope'] !== undefined ? { scope: values['oauth-scope'] } : {}),
    ...(values['oauth-audience'] !== undefined ? { audience: values['oauth-audience'] } : {}),
    ...(clientAuth !== undefined ? { clientAuth } : {}),
  };
}

/** --explore and its companions; a companion without --explore is a usage error. */
function exploreOptions(values: ReturnType<typeof parse>['values']): Pick<ConformanceOptions, 'explore'> {
  const companions = (['seed', 'max-requests', 'allow-writes'] as const).filter(
    (n) => values[n] !== undefined,
  );
  if (!values.explore) {
    if (companions.length > 0) throw new UsageError(`--${companions[0]} needs --explore`);
    return {};
  }
  const seed = number('seed', values.seed);
  const maxRequests = number('max-requests', values['max-requests']);
  return {
    explore: {
      ...(seed === undefined ? {} : { seed }),
      ...(maxRequests === undefined ? {} : { maxRequests }),
      allowWrites: values['allow-writes'] ?? false,
    },
  };
}

const parse = (args: string[]) =>
  parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'api-key-file': { type: 'string' },
      'token-command': { type: 'string' },
      'oauth-token-url': { type: 'string' },
      'oauth-client-id': { type: 'string' },
      'oauth-client-secret-env': { type: 'string' },
      'oauth-client-secret-file': { type: 'string' },
      'oauth-scope': { type: 'string' },
      'oauth-audience': { type: 'string' },
      'oauth-client-auth': { type: 'string' },
      'pending-order-id': { type: 'string' },
      'shipped-order-id': { type: 'string' },
      'pet-id': { type: 'string' },
      header: { type: 'string', multiple: true },
      reporter: { type: 'string', multiple: true },
      output: { type: 'string' },
      har: { type: 'string' },
      timeout: { type: 'string' },
      retries: { type: 'string' },
      'max-time': { type: 'string' },
      'rate-limit': { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      strict: { type: 'boolean' },
      'fail-on-skip': { type: 'boolean' },
      setup: { type: 'string' },
      teardown: { type: 'string' },
      'state-url': { type: 'string' },
      'hook-timeout': { type: 'string' },
      explore: { type: 'boolean' },
      seed: { type: 'string' },
      'max-requests': { type: 'string' },
      'allow-writes': { type: 'boolean' },
      'no-step-summary': { type: 'boolean' },
      'expected-failures': { type: 'string' },
      'min-coverage': { type: 'string' },
      'trace-id-prefix': { type: 'string' },
      list: { type: 'boolean' },
      version: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
