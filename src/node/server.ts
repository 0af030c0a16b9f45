import { createServer, type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { coreError } from '../core/errors.ts';
import type { ExtensionFactory } from '../core/extension.ts';
import type { MockClock } from '../core/index.ts';
import {
  type Dashboard,
  type DomainsDashboard,
  type DomainsDashboardOptions,
  domainsSimulation,
} from '../domains/index.ts';
import { createMock, type Mock, type MockOptions } from '../mock.ts';
import { withControlPage } from './control-page.ts';
import { withDashboardPage } from './dashboard-page.ts';
import { createListener, type ListenerOptions } from './listener.ts';

export interface ServerOptions extends MockOptions, ListenerOptions {
  /** Default 4010; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Serve the domains settings page at `/__dashboard/`; default true unless `domains` is false. */
  readonly dashboardPage?: boolean;
  /**
   * The custom-domains dashboard simulation (`/__dashboard/api`, `/__mock/dashboard`) on the mock's clock;
   * `false` leaves it out.
   */
  readonly domains?: Omit<DomainsDashboardOptions, 'clock'> | false;
  /** Wraps the built mock, e.g. to share its state across replicas (src/node/redis). */
  readonly share?: (mock: Mock) => Mock;
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
  /** The dashboard simulation (its store, resolver, projects), unless `domains: false`. */
  readonly simulation: Dashboard | undefined;
  readonly server: Server;
  /** Stops listening and closes open connections, keep-alive ones included. */
  close(): Promise<void>;
}

/** Headers up to 64 KiB reach the mock (Node's default stops at 16 KiB) so oversized ones get an Error body. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Starts the mock on node:http: the composition root builds it (with the domains simulation unless
 * `domains: false`); this only translates.
 *
 * @example
 * const mock = await startServer({ port: 0, apiKeys: ['test-key'] });
 * await fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization: 'Bearer test-key' } });
 * await mock.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  let domains: DomainsDashboard | undefined;
  const withDomains: ExtensionFactory[] =
    options.domains === false
      ? []
      : [(context) => (domains = domainsSimulation(options.domains || {})(context))];
  const built = createMock({ ...options, extensions: [...(options.extensions ?? []), ...withDomains] });
  const api = options.share ? options.share(built) : built;
  const listener = createListener(api, options);
  const withPages = options.dashboardPage === false || !domains ? listener : withDashboardPage(listener);
  // The control page needs the admin API it drives.
  const withControls = options.admin === false ? withPages : withControlPage(withPages);
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, withControls);
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) =>
    answerClientError(api, error, socket),
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
    baseUrl: `${url}${api.basePath}`,
    port,
    api,
    clock: api.clock,
    simulation: domains?.simulation,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A request Node cannot parse never reaches the mock; answer it as the mock answers everything (an Error
 * body with the configured CORS headers) rather than with Node's bare status line, then close.
 */
function answerClientError(api: Mock, error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const response = api.reject(
    error.code === 'HPE_HEADER_OVERFLOW'
      ? coreError('HEADERS_TOO_LARGE', 'The request headers exceed 64 KiB.')
      : coreError('MALFORMED_REQUEST', 'The request is not valid HTTP/1.1.'),
  );
  const body = response.body?.text ?? '';
  const head = Object.entries(response.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n` +
      `${head.join('')}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
