import { type CliDefinition, CONFIG_OPTION } from '../config/definition.ts';
import { MAX_ORDERS } from '../core/defaults.ts';
import { DEFAULT_KEY_PREFIX } from '../redis/settings.ts';

/**
 * Every option of `petstore-mock [serve]`, written once: parseArgs, the environment variables, the config
 * file's "mock" section (config.schema.json), the option lines of --help and docs/config.md come from here.
 */
export const MOCK_CLI = {
  command: 'petstore-mock',
  section: 'mock',
  envPrefix: 'PETSTORE_',
  options: {
    port: {
      kind: 'integer',
      value: 'N',
      default: '4010',
      env: 'PORT',
      help: 'port to listen on (default 4010; 0 picks a free one)',
    },
    host: {
      kind: 'string',
      value: 'HOST',
      default: '127.0.0.1',
      env: 'HOST',
      help: 'address to bind (default 127.0.0.1)',
    },
    'api-key': {
      kind: 'string',
      multiple: true,
      secret: true,
      value: 'KEY',
      help: 'accepted bearer key (RFC 6750 token); repeat for several (default: petstore-dev-key)',
    },
    'oauth-client': {
      kind: 'string',
      multiple: true,
      secret: true,
      listSeparator: 'comma-or-space',
      env: 'PETSTORE_OAUTH_CLIENTS',
      value: 'ID:SECRET',
      help: 'serve POST /oauth/token (OAuth 2.0 client credentials) for this client; its tokens are accepted beside the keys (repeatable; spec/oauth.openapi.yaml)',
    },
    'token-ttl': {
      kind: 'string',
      value: 'D',
      help: "how long a token is accepted, on the mock's clock: 60s, 1h (default 1h)",
    },
    seed: {
      kind: 'integer',
      value: 'N',
      help: 'generate orders from this seed instead of fixtures/orders.json (default seed 7)',
    },
    orders: {
      kind: 'integer',
      value: 'M',
      help: `how many orders to generate (default 25, at most ${MAX_ORDERS})`,
    },
    fixtures: {
      kind: 'string',
      value: 'FILE',
      help: 'load orders from FILE: an array of orders, or {"orders": [...], "pets": [...]} (JSON Schema: petstore-mock/fixtures.schema.json)',
    },
    watch: {
      kind: 'boolean',
      default: false,
      help: 'reload --fixtures when FILE changes (a bad file keeps the current orders)',
    },
    'state-file': {
      kind: 'string',
      value: 'PATH',
      help: 'restore the state saved in PATH at start (orders, clock, rules, domains; see GET /__mock/state), and save it there after every change, atomically',
    },
    'cors-origin': {
      kind: 'string',
      multiple: true,
      value: 'ORIGIN',
      help: 'an origin the Store API allows, reflected with credentials (default *: any); repeat for several, e.g. --cors-origin http://localhost:5173',
    },
    'no-cors': { kind: 'boolean', default: false, help: 'no CORS headers on the Store API' },
    latency: {
      kind: 'string',
      value: 'D',
      help: 'delay every Store API answer: 300ms, or a range 100ms-800ms (uniform)',
    },
    'allowed-host': {
      kind: 'string',
      multiple: true,
      value: 'NAME',
      help: 'also serve requests for this Host name (repeatable; all: no Host check); localhost, *.localhost, IP literals and --host are always served',
    },
    'admin-cors-origin': {
      kind: 'string',
      multiple: true,
      value: 'ORIGIN',
      help: 'let this page call /__mock and /__dashboard cross-origin (repeatable; default none)',
    },
    'pets-sunset': {
      kind: 'string',
      value: 'DATE',
      help: 'when GET /pets/{petId} starts answering 410 (default 2027-07-01T00:00:00Z)',
    },
    'no-admin': { kind: 'boolean', default: false, help: 'do not serve the /__mock admin API' },
    mcp: {
      kind: 'boolean',
      default: false,
      help: 'also serve the admin API as MCP tools at /__mock/mcp (Streamable HTTP; docs/mcp.md)',
    },
    'log-format': {
      kind: 'string',
      value: 'FORMAT',
      default: 'pretty',
      help: 'pretty or json (default pretty)',
    },
    quiet: { kind: 'boolean', default: false, help: 'no request log' },
    clock: {
      kind: 'string',
      value: 'MODE',
      default: 'system',
      help: "the mock's clock: system (default) or manual (advance: POST /__mock/clock/advance)",
    },
    'dns-server': {
      kind: 'string',
      value: 'ADDR:PORT',
      help: 'verify custom domains with real DNS at this server instead of the simulated provider',
    },
    'dns-propagation': {
      kind: 'string',
      value: 'D',
      default: '5m',
      help: 'propagation delay of the simulated DNS provider, e.g. 90s, 5m, 48h (default 5m, max 48h)',
    },
    'max-sessions': {
      kind: 'integer',
      value: 'N',
      default: '100',
      help: 'live X-Mock-Session sessions at most; a new one beyond is refused with 429 (default 100)',
    },
    'session-ttl': {
      kind: 'string',
      value: 'D',
      default: '30m',
      help: 'a session unused this long is dropped and starts again from the seed (default 30m)',
    },
    passthrough: {
      kind: 'string',
      value: 'URL',
      help: "forward what the mock does not answer to this backend, path joined onto URL's (partial mocking; per operation: PUT /__mock/passthrough; docs/passthrough.md)",
    },
    'passthrough-timeout': {
      kind: 'string',
      value: 'D',
      default: '30s',
      help: "time to connect and get the upstream's answer, and between its body's chunks, before a 504 or a cut body (default 30s)",
    },
    'record-misses': {
      kind: 'string',
      value: 'FILE',
      help: "append every forwarded exchange to FILE, a HAR 1.2 (credentials and the mock's keys redacted) to grade (petstore-conformance grade --har) or to write fixtures from",
    },
    store: {
      kind: 'string',
      value: 'URL',
      // A Redis URL may carry its password.
      secret: true,
      help: 'share the state in Redis, e.g. redis://127.0.0.1:6379/0 (default: in memory)',
    },
    'key-prefix': {
      kind: 'string',
      value: 'PREFIX',
      default: DEFAULT_KEY_PREFIX,
      help: `Redis key prefix; mocks with the same --store and prefix share one state (default ${DEFAULT_KEY_PREFIX})`,
    },
    workers: {
      kind: 'integer',
      value: 'N',
      default: '1',
      help: 'N processes serving one port (node:cluster); needs --store (default 1)',
    },
    config: CONFIG_OPTION,
    version: { kind: 'boolean', commandLineOnly: true, help: 'print the version' },
    help: { kind: 'boolean', short: 'h', commandLineOnly: true, help: 'show this help' },
  },
} as const satisfies CliDefinition;
