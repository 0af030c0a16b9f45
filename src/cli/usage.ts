import { MAX_ORDERS } from '../core/defaults.ts';
import { DEFAULT_KEY_PREFIX } from '../redis/settings.ts';

/** The text of `petstore-mock --help`. */
export const USAGE = `Usage: petstore-mock [serve] [options]
       petstore-mock health [--url URL]
       petstore-mock mcp [--url URL | --embedded]   (an MCP server on stdio for coding agents: mcp --help)

Serves a stateful mock of the Petstore Store API at http://HOST:PORT/v1. \`health\` asks a running mock's
/__health and exits 0 when it is ready, 1 when not (petstore-mock health --help).

Options:
  --port N              port to listen on (default 4010; 0 picks a free one)
  --host HOST           address to bind (default 127.0.0.1)
  --api-key KEY         accepted bearer key (RFC 6750 token); repeat for several (default: petstore-dev-key)
  --oauth-client ID:SECRET  serve POST /oauth/token (OAuth 2.0 client credentials) for this client; its tokens
                        are accepted beside the keys (repeatable; spec/oauth.openapi.yaml)
  --token-ttl D         how long a token is accepted, on the mock's clock: 60s, 1h (default 1h)
  --seed N              generate orders from this seed instead of fixtures/orders.json (default seed 7)
  --orders M            how many orders to generate (default 25, at most ${MAX_ORDERS})
  --fixtures FILE       load orders from FILE: an array of orders, or {"orders": [...], "pets": [...]}
                        (JSON Schema: petstore-mock/fixtures.schema.json)
  --watch               reload --fixtures when FILE changes (a bad file keeps the current orders)
  --state-file PATH     restore the state saved in PATH at start (orders, clock, rules, domains; see
                        GET /__mock/state), and save it there after every change, atomically
  --cors-origin ORIGIN  an origin the Store API allows, reflected with credentials (default *: any);
                        repeat for several, e.g. --cors-origin http://localhost:5173
  --no-cors             no CORS headers on the Store API
  --latency D           delay every Store API answer: 300ms, or a range 100ms-800ms (uniform)
  --allowed-host NAME   also serve requests for this Host name (repeatable; all: no Host check); localhost,
                        *.localhost, IP literals and --host are always served
  --admin-cors-origin ORIGIN  let this page call /__mock and /__dashboard cross-origin (repeatable; default none)
  --pets-sunset DATE    when GET /pets/{petId} starts answering 410 (default 2027-07-01T00:00:00Z)
  --no-admin            do not serve the /__mock admin API
  --mcp                 also serve the admin API as MCP tools at /__mock/mcp (Streamable HTTP; docs/mcp.md)
  --log-format FORMAT   pretty or json (default pretty)
  --quiet               no request log
  --clock MODE          the mock's clock: system (default) or manual (advance: POST /__mock/clock/advance)
  --dns-server ADDR:PORT  verify custom domains with real DNS at this server instead of the simulated provider
  --dns-propagation D   propagation delay of the simulated DNS provider, e.g. 90s, 5m, 48h (default 5m, max 48h)
  --max-sessions N      live X-Mock-Session sessions at most; a new one beyond is refused with 429 (default 100)
  --session-ttl D       a session unused this long is dropped and starts again from the seed (default 30m)
  --passthrough URL     forward what the mock does not answer to this backend, path joined onto URL's
                        (partial mocking; per operation: PUT /__mock/passthrough; docs/passthrough.md)
  --passthrough-timeout D  time to connect and get the upstream's answer, and between its body's chunks,
                        before a 504 or a cut body (default 30s)
  --record-misses FILE  append every forwarded exchange to FILE, a HAR 1.2 (credentials and the mock's keys
                        redacted) to grade (petstore-conformance grade --har) or to write fixtures from
  --store URL           share the state in Redis, e.g. redis://127.0.0.1:6379/0 (default: in memory)
  --key-prefix PREFIX   Redis key prefix; mocks with the same --store and prefix share one state
                        (default ${DEFAULT_KEY_PREFIX})
  --workers N           N processes serving one port (node:cluster); needs --store (default 1)
  --version             print the version
  -h, --help            show this help

Environment (an option given on the command line wins):
  PORT                  as --port
  HOST                  as --host
  PETSTORE_API_KEY      as one --api-key
  PETSTORE_OAUTH_CLIENTS  as --oauth-client, clients separated by commas or spaces (ci:s3cret,web:pw)
  PETSTORE_STORE        as --store
  PETSTORE_PASSTHROUGH  as --passthrough
  PETSTORE_RECORD_MISSES  as --record-misses

Exit codes: 0 stopped by Ctrl+C or SIGTERM (answers in flight finish first); 2 a bad option, fixture file, state file or --record-misses file, a port in use, or Redis unreachable.`;
