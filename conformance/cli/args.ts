import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { parseArgsOptions } from '../../src/config/definition.ts';
import type { ConfigFile } from '../../src/config/file.ts';
import { optionLines, settingsLines } from '../../src/config/help.ts';
import { type Origin, resolveSettings, type Settings } from '../../src/config/resolve.ts';
import type { OAuthSettings } from '../http/oauth-token.ts';
import type { CredentialOptions } from '../run/credentials.ts';
import { parseHeaders } from '../run/extra-headers.ts';
import type { ConformanceOptions } from '../run/options.ts';
import { UsageError } from '../run/usage-error.ts';
import { CONFORMANCE_CLI } from './option-definition.ts';

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

${optionLines(CONFORMANCE_CLI, 'target', 26)}

Credential (one of them; each is redacted from every output, with every token fetched):
${optionLines(CONFORMANCE_CLI, 'credential', 26)}
A token command or endpoint that fails, or answers no usable token, ends the run with one line and exit 2.

Orders for the state-changing checks (see docs/conformance.md, "Running against staging"):
${optionLines(CONFORMANCE_CLI, 'orders', 26)}

Options:
${optionLines(CONFORMANCE_CLI, 'options', 26)}

${settingsLines(CONFORMANCE_CLI, 26)}

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

/**
 * Turns argv, the environment and the config file's "conformance" section into a command (CONFORMANCE_CLI:
 * a flag wins over its variable, which wins over the file); throws a UsageError for anything malformed.
 */
export function parseCli(
  argv: string[],
  env: Record<string, string | undefined>,
  file?: ConfigFile,
): Command {
  let flags: ReturnType<typeof parse>['values'];
  try {
    flags = parse(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (flags.help) return { kind: 'help' };
  if (flags.list) return { kind: 'list' };
  if (flags.version) {
    // The package refers to itself by name (its package.json is exported), from conformance/ and dist/ alike.
    const { version } = createRequire(import.meta.url)('petstore-mock/package.json') as { version: string };
    return { kind: 'version', version };
  }
  const settings = resolveSettings(CONFORMANCE_CLI, flags, env, file);
  const values = settings.values;
  const baseUrl = values['base-url'];
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
      ...credentialOptions(settings, env),
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
 * The credential's source, taken from the highest level that gives one: the flags (two of them is
 * resolveCredential's usage error), else the environment (PETSTORE_API_KEY or PETSTORE_API_KEY_FILE, not
 * both), else the config file; so a key in the environment does not clash with a --token-command. The client
 * secret is read here, from the variable or the file named, never taken as a value.
 */
function credentialOptions(
  settings: Settings<typeof CONFORMANCE_CLI>,
  env: Record<string, string | undefined>,
): CredentialOptions {
  const { values, origins } = settings;
  const oauthCompanions = OAUTH_COMPANIONS.filter((name) => values[name] !== undefined);
  const level = LEVELS.find((origin) => CREDENTIALS.some((name) => origins[name] === origin));
  const at = (name: (typeof CREDENTIALS)[number]) => (origins[name] === level ? values[name] : undefined);
  const tokenUrl = at('oauth-token-url');
  if (values['oauth-token-url'] === undefined && oauthCompanions.length > 0) {
    throw new UsageError(`--${oauthCompanions[0]} needs --oauth-token-url`);
  }
  if (level === 'environment' && at('api-key') !== undefined && at('api-key-file') !== undefined) {
    throw new UsageError('PETSTORE_API_KEY and PETSTORE_API_KEY_FILE are both set: keep one');
  }
  return {
    ...(at('api-key') !== undefined ? { apiKey: at('api-key') } : {}),
    ...(at('api-key-file') !== undefined ? { apiKeyFile: at('api-key-file') } : {}),
    ...(at('token-command') !== undefined ? { tokenCommand: at('token-command') } : {}),
    ...(tokenUrl !== undefined ? { oauth: oauthSettings(tokenUrl, values, env) } : {}),
  };
}

const CREDENTIALS = ['api-key', 'api-key-file', 'token-command', 'oauth-token-url'] as const;
const LEVELS: readonly Origin[] = ['flag', 'environment', 'file'];

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
  values: Settings<typeof CONFORMANCE_CLI>['values'],
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
function exploreOptions(
  values: Settings<typeof CONFORMANCE_CLI>['values'],
): Pick<ConformanceOptions, 'explore'> {
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
  parseArgs({ args, strict: true, allowPositionals: false, options: parseArgsOptions(CONFORMANCE_CLI) });
