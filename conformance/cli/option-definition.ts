import { type CliDefinition, CONFIG_OPTION, type OptionDefinition } from '../../src/config/definition.ts';
import { LIMITS } from '../run/options.ts';

/** Where the reports go: the same options for a run and for the proxy. */
export const REPORT_OPTIONS = {
  reporter: {
    kind: 'string',
    multiple: true,
    value: 'NAME',
    help: 'pretty | json | junit | markdown | html; repeatable (default pretty)',
  },
  output: {
    kind: 'string',
    value: 'DIR',
    help: 'write the file reports to DIR (conformance.json, conformance.junit.xml, conformance.md, conformance.html)',
  },
  'no-step-summary': {
    kind: 'boolean',
    help: 'do not append the Markdown summary to $GITHUB_STEP_SUMMARY (done when it is set)',
  },
} as const satisfies Record<string, OptionDefinition>;

/**
 * Every option of `petstore-conformance`, written once: parseArgs, the environment variables, the config
 * file's "conformance" section (config.schema.json), the option lines of --help and docs/config.md come from
 * here. Groups: `target`, `credential`, `orders`, `options` (USAGE places them).
 */
export const CONFORMANCE_CLI = {
  command: 'petstore-conformance',
  section: 'conformance',
  envPrefix: 'PETSTORE_CONFORMANCE_',
  options: {
    'base-url': {
      kind: 'string',
      value: 'URL',
      group: 'target',
      env: 'PETSTORE_BASE_URL',
      help: 'base URL including /v1 (or PETSTORE_BASE_URL)',
    },
    'api-key': {
      kind: 'string',
      value: 'KEY',
      group: 'credential',
      env: 'PETSTORE_API_KEY',
      help: 'the API key (or PETSTORE_API_KEY, preferred)',
    },
    'api-key-file': {
      kind: 'string',
      value: 'PATH',
      group: 'credential',
      env: 'PETSTORE_API_KEY_FILE',
      help: 'the API key from a file, such as a Docker secret (or PETSTORE_API_KEY_FILE)',
    },
    'token-command': {
      kind: 'string',
      value: '"CMD"',
      group: 'credential',
      help: 'run CMD with the shell: its stdout is the token, or JSON {"access_token", "expires_in"}; run again before the token expires and once after an unexpected 401',
    },
    'oauth-token-url': {
      kind: 'string',
      value: 'URL',
      group: 'credential',
      help: 'get tokens by the OAuth 2.0 client credentials grant, with the --oauth-* options below',
    },
    'oauth-client-id': { kind: 'string', value: 'ID', group: 'credential', help: 'the OAuth client id' },
    'oauth-client-secret-env': {
      kind: 'string',
      value: 'NAME',
      group: 'credential',
      help: 'the OAuth client secret from the environment variable NAME',
    },
    'oauth-client-secret-file': {
      kind: 'string',
      value: 'PATH',
      group: 'credential',
      help: 'the OAuth client secret from a file (it is never taken on the command line)',
    },
    'oauth-scope': {
      kind: 'string',
      value: 'SCOPE',
      group: 'credential',
      help: 'the OAuth scope, sent when given',
    },
    'oauth-audience': {
      kind: 'string',
      value: 'AUDIENCE',
      group: 'credential',
      help: 'the OAuth audience, sent when given',
    },
    'oauth-client-auth': {
      kind: 'string',
      value: 'basic|post',
      group: 'credential',
      help: 'client_secret_basic (default) or client_secret_post',
    },
    setup: {
      kind: 'string',
      value: 'CMD',
      group: 'orders',
      help: 'shell command that makes the orders the run may change and prints them as {"pending": ["9001", ...], "shipped": [...]}; it gets PETSTORE_BASE_URL and PETSTORE_NEEDS (how many of each kind the selected checks consume)',
    },
    teardown: {
      kind: 'string',
      value: 'CMD',
      group: 'orders',
      help: "shell command run after the checks, always, with the setup's output on stdin",
    },
    'state-url': {
      kind: 'string',
      value: 'URL',
      group: 'orders',
      help: 'Pact provider-state URL instead of --setup: POST {"state": "a pending order", ...}',
    },
    'hook-timeout': {
      kind: 'number',
      value: 'SECONDS',
      group: 'orders',
      help: `budget of each hook (default ${LIMITS.hookTimeoutSeconds.fallback}, at most ${LIMITS.hookTimeoutSeconds.max}); a failed hook is exit 2`,
    },
    'pending-order-id': { kind: 'id', value: 'ID', help: 'opt-in: cancel this pending order (204 check)' },
    'shipped-order-id': {
      kind: 'id',
      value: 'ID',
      help: 'opt-in: try to cancel this shipped order (409 check)',
    },
    'pet-id': { kind: 'id', value: 'ID', help: 'pet id for the deprecated GET /pets/{petId} (default 1)' },
    header: {
      kind: 'string',
      multiple: true,
      // Header values hold commas; one header a line in the variable.
      listSeparator: 'line',
      secret: true,
      value: 'NAME:VALUE',
      help: 'sent with every request, repeatable (e.g. X-Mock-Session: ci-42); values of credential-like names (auth, cookie, token, key, secret, signature…) are redacted',
    },
    ...REPORT_OPTIONS,
    'expected-failures': {
      kind: 'string',
      value: 'FILE',
      help: 'known failures (YAML or JSON list of ids, each with an optional reason and operation): reported as expected, not failing the run; one that passes fails it',
    },
    'min-coverage': {
      kind: 'number',
      value: 'PERCENT',
      help: 'fail when fewer documented (operation, status) pairs were seen (0 to 100)',
    },
    'trace-id-prefix': {
      kind: 'string',
      value: 'HEX',
      help: 'start every traceparent trace id with these hex digits (at most 24)',
    },
    har: {
      kind: 'string',
      value: 'FILE',
      help: 'write every exchange of the run to FILE as HAR 1.2 (credentials redacted)',
    },
    timeout: {
      kind: 'integer',
      value: 'MS',
      help: `budget of one request, waits included (default ${LIMITS.timeoutMs.fallback}, at most ${LIMITS.timeoutMs.max})`,
    },
    retries: {
      kind: 'integer',
      value: 'N',
      help: `extra attempts after network errors only, with backoff (default 0, at most ${LIMITS.retries.max})`,
    },
    'max-time': {
      kind: 'number',
      value: 'SECONDS',
      help: `budget of the whole run (default ${LIMITS.maxTimeSeconds.fallback}); checks left are not run, exit 2`,
    },
    'rate-limit': {
      kind: 'number',
      value: 'N',
      help: 'at most N requests per second; a 429 with Retry-After is honoured within --timeout',
    },
    only: { kind: 'string', multiple: true, value: 'ID[,ID]', help: 'run only these checks (repeatable)' },
    skip: { kind: 'string', multiple: true, value: 'ID[,ID]', help: 'skip these checks (repeatable)' },
    strict: { kind: 'boolean', help: 'should failures fail the run too' },
    'fail-on-skip': {
      kind: 'boolean',
      help: 'skipped checks fail the run too (exit 1), so CI notices a check that never runs',
    },
    explore: {
      kind: 'boolean',
      help: 'exploration mode: requests generated from the spec instead of the fixed checks',
    },
    seed: {
      kind: 'integer',
      value: 'N',
      help: "the exploration's seed (default: random, printed at the start)",
    },
    'max-requests': {
      kind: 'integer',
      value: 'N',
      help: 'requests the exploration sends at most, shrinking included (default 500)',
    },
    'allow-writes': {
      kind: 'boolean',
      help: "let exploration's DELETEs reach --pending-order-id / --shipped-order-id",
    },
    config: CONFIG_OPTION,
    list: { kind: 'boolean', commandLineOnly: true, help: 'print the checks and exit' },
    version: { kind: 'boolean', commandLineOnly: true, help: 'print the version' },
    help: { kind: 'boolean', short: 'h', commandLineOnly: true, help: 'print this help' },
  },
} as const satisfies CliDefinition;
