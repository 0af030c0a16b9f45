import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { MockClock } from '../core/controls/clock.ts';
import type { JournalSource } from '../core/controls/journal-entry.ts';
import type { PassthroughOptions } from '../core/controls/passthrough.ts';
import type { ExtensionFactory } from '../core/extension.ts';
import { type ApiError, coreError } from '../core/http/errors.ts';
import { pathOf } from '../core/http/text.ts';
import type { MockRequest } from '../core/types.ts';
import type { Dashboard, DomainsSimulationOptions } from '../domains/index.ts';
import { domainsOnFirstUse } from '../domains/on-first-use.ts';
import { platformOf } from '../domains/platform.ts';
import { DOMAINS_DOCUMENT } from '../domains/store.ts';
import type { SecretRedactor } from '../exchange/secrets.ts';
import { createMock, type Forwarding, type Mock, type MockOptions } from '../mock/mock.ts';
import { isControlPagePath, withControlPage } from '../pages/control-server.ts';
import { isDashboardPagePath, withDashboardPage } from '../pages/dashboard-server.ts';
import { isRootUrl, isSpecPath, withLanding } from '../pages/landing.ts';
import { allowedHosts, parseHostField } from './allowed-hosts.ts';
import { bodyLimits } from './body-limit.ts';
import { createListener, type ListenerOptions } from './listener.ts';
import type { PassthroughServing } from './passthrough.ts';
import type { MissRecordingOptions } from './passthrough-record.ts';
import { answerAndClose, boundIgnoredBody, writeRaw } from './raw-answer.ts';
import { bodyTooLarge, createRequestGate, hasBody } from './request-gate.ts';
import { packageVersion } from './version.ts';

const UNBOUNDED = { maxBodyBytes: Number.POSITIVE_INFINITY, maxStateBodyBytes: Number.POSITIVE_INFINITY };

export interface ServerOptions extends MockOptions, ListenerOptions {
  /** Default 4010; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. A name given here is on the Host allow-list. */
  readonly host?: string;
  /**
   * Host names served besides loopback names, IP literals, `host` and the simulation's domains
   * (`--allowed-host`); `['all']` turns the Host check off.
   */
  readonly allowedHosts?: readonly string[];
  /** Serve the domains settings page at `/__dashboard/`; default true unless `domains` is false. */
  readonly dashboardPage?: boolean;
  /**
   * The custom-domains dashboard simulation (`/__dashboard/api`, `/__mock/dashboard`) on the mock's clock;
   * `false` leaves it out. With `loadOnFirstUse` (the CLI's choice), its code loads with the first request that
   * needs it and `simulation` is undefined until then (src/domains/on-first-use.ts); not with a shared state.
   */
  readonly domains?: (DomainsSimulationOptions & { readonly loadOnFirstUse?: boolean }) | false;
  /** Open connections at most (default 2000); more are closed at once. */
  readonly maxConnections?: number;
  /** The MCP tools at `/__mock/mcp` (docs/mcp.md), with the admin API; the MCP SDK is loaded only then. */
  readonly mcp?: boolean;
  /**
   * Partial mocking (docs/passthrough.md): requests the mock does not answer, and the documented operations
   * named, are forwarded to `upstream` (fixed for the server's life; `reload` keeps it), within `timeoutMs`
   * (default 30 s) to connect and get the answer's head. Forwarded bodies stream both ways, beyond
   * `maxBodyBytes` too.
   */
  readonly passthrough?: PassthroughOptions & {
    readonly timeoutMs?: number;
    /**
     * Appends every forwarded exchange, redacted, to this HAR 1.2 file (`--record-misses`), creating it when
     * missing; a path that cannot take it (no such folder, a file that is not a HAR) stops the start.
     */
    readonly recordMisses?: string;
    /** Told once when writing `recordMisses` fails (forwarding goes on); default: a process warning. */
    readonly onRecordError?: (error: Error) => void;
  };
  /** Time to receive a request's headers (default 10 s); then 408. */
  readonly headersTimeoutMs?: number;
  /** Time to receive a whole request (default 30 s); then 408. */
  readonly requestTimeoutMs?: number;
  /** How often those timeouts are checked (default 1 s). */
  readonly connectionsCheckingIntervalMs?: number;
  /**
   * Runs on the mock once built and before it serves (restoring a saved state, say); a rejection stops the
   * start (or the reload) and the mock serving until then keeps serving.
   */
  readonly prepare?: (mock: Mock) => Promise<void>;
}

export interface RunningServer {
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** The API's base URL, e.g. `http://127.0.0.1:4010/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  /** The mock being served (createMock). */
  readonly api: Mock;
  /** The mock's one clock (also at /__mock/clock). */
  readonly clock: MockClock;
  /**
   * The dashboard simulation (its store, resolver, projects), unless `domains: false`; with
   * `domains.loadOnFirstUse`, once a request has loaded it.
   */
  readonly simulation: Dashboard | undefined;
  /** The passthrough upstream (origin and base path), when one was given. */
  readonly passthrough: string | undefined;
  readonly server: Server;
  /**
   * Serves a mock built afresh from `options` on the same port and connections (what `--watch` does): open
   * connections are kept, and the port is never free in between. The server's own limits stay as started.
   * Without `prepare` the new mock serves at once; with it, once it resolves (the promise says when).
   */
  reload(options: ServerOptions): Promise<void>;
  /**
   * Stops accepting connections, lets the answers in flight finish (at most 1.5 s), and closes every
   * connection, keep-alive ones included.
   */
  close(): Promise<void>;
}

/** Headers up to 64 KiB reach the mock (Node's default stops at 16 KiB) so oversized ones get an Error body. */
const MAX_HEADER_BYTES = 64 * 1024;
/** The limits in docs/decisions.md ("Limits of the Node server"). */
export const SERVER_LIMITS = {
  maxConnections: 2000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  connectionsCheckingIntervalMs: 1000,
} as const;

/** One mock behind the server: what `reload` swaps. */
interface Served {
  readonly api: Mock;
  readonly simulation: Dashboard | undefined;
  readonly handle: (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => void;
  /** One line of the request log, its secrets redacted (nothing without `onResponse`). */
  readonly log: (request: MockRequest, status: number, milliseconds?: number, source?: JournalSource) => void;
}

/**
 * Starts the mock on node:http: the composition root builds it (with the domains simulation unless
 * `domains: false`); the request gate refuses what the mock must not see (request-gate.ts); the rest only
 * translates.
 *
 * @example
 * const mock = await startServer({ port: 0, apiKeys: ['test-key'] });
 * await fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization: 'Bearer test-key' } });
 * await mock.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mcp = options.mcp && options.admin !== false ? await import('../mcp/endpoint.ts') : undefined;
  // Assigned before the server listens, so before anything is forwarded (and recorded).
  let served!: Served;
  // undici loads only for passthrough; the upstream is fixed here, once.
  const passthrough = options.passthrough
    ? await (await import('./passthrough.ts')).servePassthrough({
        upstream: options.passthrough.upstream,
        timeoutMs: options.passthrough.timeoutMs,
        record: missRecording(options.passthrough, () => served.api.secrets),
      })
    : undefined;
  served = build(options, await simulationFactory(options), mcp, passthrough);
  await options.prepare?.(served.api);
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      // Checked by the gate, which answers with an Error body (Node's own answer is a bare 400).
      requireHostHeader: false,
      connectionsCheckingInterval:
        options.connectionsCheckingIntervalMs ?? SERVER_LIMITS.connectionsCheckingIntervalMs,
    },
    (req, res) => served.handle(req, res, false),
  );
  // Every header is honoured (the 64 KiB cap bounds them); Node's default drops the 1001st silently.
  server.maxHeadersCount = 0;
  server.maxConnections = options.maxConnections ?? SERVER_LIMITS.maxConnections;
  server.headersTimeout = options.headersTimeoutMs ?? SERVER_LIMITS.headersTimeoutMs;
  server.requestTimeout = options.requestTimeoutMs ?? SERVER_LIMITS.requestTimeoutMs;
  server.on('checkContinue', (req, res) => served.handle(req, res, true));
  server.on('checkExpectation', (req: IncomingMessage) => {
    const error = coreError('EXPECTATION_FAILED', 'The only expectation the mock meets is "100-continue".');
    answerAndClose(req, served.api.reject(error, req.url), options.lingerMs);
    served.log({ method: req.method ?? '-', path: req.url ?? '-', query: '', headers: {} }, 417);
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) =>
    answerClientError(served, error, socket),
  );
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    baseUrl: `${url}${served.api.basePath}`,
    port,
    get api() {
      return served.api;
    },
    get clock() {
      return served.api.clock;
    },
    get simulation() {
      return served.simulation;
    },
    passthrough: passthrough?.upstream,
    server,
    async reload(next) {
      const candidate = build(next, await simulationFactory(next), mcp, passthrough);
      await next.prepare?.(candidate.api);
      served = candidate;
    },
    close: async () => {
      await closeGracefully(server);
      await passthrough?.close();
    },
  };
}

/** The `--record-misses` recording: its file, the mock's secrets of the moment, and where a failed write goes. */
function missRecording(
  options: NonNullable<ServerOptions['passthrough']>,
  secrets: () => SecretRedactor,
): MissRecordingOptions | undefined {
  const file = options.recordMisses;
  if (file === undefined) return undefined;
  return {
    file,
    secrets,
    creator: { name: 'petstore-mock', version: packageVersion() },
    onError:
      options.onRecordError ??
      ((error) => process.emitWarning(`Recording forwarded exchanges in ${file}: ${error.message}`)),
  };
}

/** How long answers in flight may take to finish once the server stops (SIGTERM must end within 2 s). */
const CLOSE_GRACE_MS = 1500;

/**
 * Stops accepting connections, lets the answers in flight finish (at most CLOSE_GRACE_MS: a latency or a
 * dribbled body), then closes every connection. A keep-alive connection is closed as soon as it is idle, so
 * its client is not left waiting for the keep-alive timeout.
 */
function closeGracefully(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    const deadline = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

type SimulationFactory = typeof domainsOnFirstUse | DomainsSimulationFactory;
type DomainsSimulationFactory = typeof import('../domains/extension.ts').domainsSimulation;

/**
 * How the server builds the domains simulation: with the mock, or on its first use when asked and the state is
 * the mock's own (src/domains/on-first-use.ts). Asked again by `reload`: the CLI's first mock, serving while
 * the seed loads, keeps its state in memory; the one it reloads to may share Redis's.
 */
async function simulationFactory(options: ServerOptions): Promise<SimulationFactory | undefined> {
  if (options.domains === false) return undefined;
  const shared = options.state?.documents?.[DOMAINS_DOCUMENT] !== undefined;
  if (options.domains?.loadOnFirstUse === true && !shared) return domainsOnFirstUse;
  return (await import('../domains/extension.ts')).domainsSimulation;
}

/** The mock for `options`, behind the request gate, with the settings page unless left out. */
function build(
  options: ServerOptions,
  simulation: SimulationFactory | undefined,
  mcp?: typeof import('../mcp/endpoint.ts'),
  passthrough?: PassthroughServing,
): Served {
  let domains: ReturnType<ReturnType<SimulationFactory>> | undefined;
  const allowAll = options.allowedHosts?.includes('all') ?? false;
  // How the simulation loads is simulationFactory's choice, made before this build.
  const { loadOnFirstUse: _, ...given } = options.domains || {};
  // The simulation's host routing serves the attached custom domains and, on this server, refuses the rest.
  const domainsOptions = {
    // The simulation's controls (/__mock/dashboard) belong to the admin API: off with it, unless said otherwise.
    controls: options.admin !== false,
    ...given,
    ownHosts: [options.host ?? '127.0.0.1', ...(given.ownHosts ?? []), ...(options.allowedHosts ?? [])],
    refuseUnknownHosts: !allowAll,
  };
  const withDomains: ExtensionFactory[] =
    options.domains === false || simulation === undefined
      ? []
      : [
          (context) => {
            const extension = simulation(domainsOptions)(context);
            // The default state's; each session builds a simulation of its own.
            domains ??= extension;
            return extension;
          },
        ];
  const api = createMock({
    ...options,
    ...(passthrough
      ? { passthrough: { upstream: passthrough.upstream, operations: options.passthrough?.operations } }
      : {}),
    extensions: [...(options.extensions ?? []), ...withDomains],
    health: { version: packageVersion(), ...options.health },
  });
  // The request log never shows a secret, however the client spelled it into the path or the query.
  const onResponse = options.onResponse;
  const log: Served['log'] = (request, status, milliseconds = 0, source) =>
    onResponse?.(api.secrets.redactRequest(request), status, milliseconds, source);
  const listener = createListener(api, onResponse ? { ...options, onResponse: log } : options);
  const withPages = options.dashboardPage === false || !domains ? listener : withDashboardPage(listener);
  // The control page needs the admin API it drives.
  const page = options.admin === false ? withPages : withControlPage(withPages);
  const mcpEndpoint = mcp?.createMcpEndpoint({ apiKey: api.apiKeys[0] as string });
  const limits = bodyLimits(options);
  const { maxBodyBytes } = limits;
  const hosts = {
    allowedHosts: options.allowedHosts,
    ownHosts: domainsOptions.ownHosts,
    platformDomain: domains && platformOf(given.platform, given.dnsPropagationMs).domain,
    serviceNames: ['0.0.0.0', '::', '[::]'].includes(options.host ?? ''),
  };
  const gate = createRequestGate({
    // A forwarded body streams to the upstream whatever its size: the limit is checked once the mock knows
    // it answers the request itself.
    bodyLimits: passthrough ? UNBOUNDED : limits,
    adminCorsOrigins: options.adminCorsOrigins,
    ...hosts,
  });
  // Only a host the mock serves as itself forwards: a custom domain of the simulation (or a name only its
  // host routing can refuse) is the mock's to answer.
  const isAllowed = allowedHosts(hosts);
  const servedAsItself = (req: IncomingMessage) => {
    const field = req.headers.host;
    return field === undefined || isAllowed(parseHostField(field) ?? '') === 'yes';
  };

  const landing = withLanding(listener, {
    basePath: api.basePath,
    version: packageVersion(),
    admin: options.admin !== false,
    dashboard: withPages !== listener,
  });

  const pass = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    if (expectsContinue) res.writeContinue();
    boundIgnoredBody(req, maxBodyBytes);
    const url = req.url ?? '/';
    const root = isRootUrl(url);
    // The Store API's requests go straight on: only `/` and `/__…` paths can name a page.
    if (!root && url.charCodeAt(1) !== 95 /* _ */) return listener(req, res);
    const path = pathOf(url);
    const front =
      mcpEndpoint && path === mcp?.MCP_PATH
        ? mcpEndpoint
        : isDashboardPagePath(path) || isControlPagePath(path)
          ? page
          : (root || isSpecPath(path)) && (req.method === 'GET' || req.method === 'HEAD')
            ? landing
            : undefined;
    if (!front) return listener(req, res);
    // The page's answers reach the request log too.
    if (onResponse) {
      const started = performance.now();
      const request = { method: req.method ?? 'GET', path, query: '', headers: {} };
      res.once('finish', () => log(request, res.statusCode, performance.now() - started));
    }
    front(req, res);
  };
  const refuse = (req: IncomingMessage, res: ServerResponse, error: ApiError) => {
    const path = pathOf(req.url ?? '/');
    const response = api.reject(error, path);
    if (hasBody(req)) answerAndClose(req, response, options.lingerMs);
    else {
      const body = response.body?.text ?? '';
      res
        .writeHead(response.status, {
          ...response.headers,
          'content-length': Buffer.byteLength(body),
          connection: 'close',
        })
        .end(body);
    }
    log({ method: req.method ?? '-', path, query: '', headers: {} }, response.status);
  };

  /** Forwarded, or answered by the mock (which refuses a body over its limit first). */
  const route = (
    req: IncomingMessage,
    res: ServerResponse,
    expectsContinue: boolean,
    request: MockRequest,
    forwarding: Forwarding | undefined,
  ) => {
    if (forwarding === undefined) {
      const tooLarge = bodyTooLarge(req, limits);
      return tooLarge ? refuse(req, res, tooLarge) : pass(req, res, expectsContinue);
    }
    if (expectsContinue) res.writeContinue();
    const reject = (error: ApiError, path: string) => api.reject(error, path);
    (passthrough as PassthroughServing).forward(req, res, request, forwarding, reject, onResponse && log);
  };

  return {
    api,
    get simulation() {
      return domains?.simulation;
    },
    log,
    handle(req, res, expectsContinue) {
      const refusal = gate(req);
      if (refusal !== undefined) return refuse(req, res, refusal);
      if (!passthrough) return pass(req, res, expectsContinue);
      // The mock's own paths (`/__…`) are never forwarded: they skip the question.
      if ((req.url ?? '/').charCodeAt(1) === 95 /* _ */ || !servedAsItself(req)) {
        return route(req, res, expectsContinue, plainRequest(req), undefined);
      }
      const request = plainRequest(req);
      const forwarding = api.forwarding(request);
      if (!(forwarding instanceof Promise)) return route(req, res, expectsContinue, request, forwarding);
      forwarding.then((found) => route(req, res, expectsContinue, request, found));
    },
  };
}

/** The request as the mock reads it, without its body (which a forwarded request keeps for the upstream). */
function plainRequest(req: IncomingMessage): MockRequest {
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  return {
    method: req.method ?? 'GET',
    path: queryStart === -1 ? url : url.slice(0, queryStart),
    query: queryStart === -1 ? '' : url.slice(queryStart + 1),
    headers: req.headers as MockRequest['headers'],
  };
}

/** What a request Node cannot read is answered with (an Error body, as every other answer). */
function clientErrorOf(error: Error & { code?: string }): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return coreError('HEADERS_TOO_LARGE', 'The request headers exceed 64 KiB.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return coreError('REQUEST_TIMEOUT', 'The request did not arrive in time.');
    case 'HPE_INVALID_VERSION':
      return coreError('HTTP_VERSION_NOT_SUPPORTED', 'The mock speaks HTTP/1.1 (and 1.0).');
    default:
      return coreError('MALFORMED_REQUEST', 'The request is not valid HTTP/1.1.');
  }
}

/**
 * A request Node cannot parse never reaches the mock; answer it as the mock answers everything (an Error
 * body with the configured CORS headers) rather than with Node's bare status line, log it, then close.
 */
function answerClientError(
  served: Served,
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Socket,
): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const response = served.api.reject(clientErrorOf(error));
  writeRaw(socket, response);
  // The request line, when there is one, names the request in the log (64 characters at most), its
  // secrets redacted before it is cut, so that no cut leaves a part of one.
  const line = error.rawPacket?.subarray(0, 65_536).toString('latin1').split('\r\n', 1)[0] ?? '';
  const [method = '-', path = '-'] = line.split(' ');
  const shown = served.api.secrets.redact(path).slice(0, 64);
  served.log({ method: method.slice(0, 64), path: shown, query: '', headers: {} }, response.status);
}
