import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createMockApi, type MockApi, type MockApiOptions } from '../core/index.ts';
import {
  createDomainsDashboard,
  type DomainsDashboard,
  type DomainsDashboardOptions,
} from '../domains/index.ts';
import { withDashboardPage } from './dashboard-page.ts';
import { createListener, type ListenerOptions } from './listener.ts';

export interface ServerOptions extends MockApiOptions, ListenerOptions {
  /** Default 4010; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Serve the domains settings page at `/__dashboard/`; default true unless `domains` is false. */
  readonly dashboardPage?: boolean;
  /** The custom-domains dashboard simulation (`/__dashboard/api`, `/__mock/dashboard`); `false` leaves it out. */
  readonly domains?: DomainsDashboardOptions | false;
}

export interface RunningServer {
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** The API's base URL, e.g. `http://127.0.0.1:4010/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  readonly api: MockApi;
  /** The dashboard simulation (its clock, store and resolver), unless `domains: false`. */
  readonly domains: DomainsDashboard | undefined;
  readonly server: Server;
  /** Stops listening and closes open connections, keep-alive ones included. */
  close(): Promise<void>;
}

/** Headers up to 64 KiB reach the mock (Node's default stops at 16 KiB) so oversized ones get an Error body. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Starts the mock on node:http.
 *
 * @example
 * const mock = await startServer({ port: 0, apiKeys: ['test-key'] });
 * await fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization: 'Bearer test-key' } });
 * await mock.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const domains = options.domains === false ? undefined : createDomainsDashboard(options.domains);
  const extensions = [...(options.extensions ?? []), ...(domains ? [domains] : [])];
  const api = createMockApi({ ...options, extensions });
  const listener = createListener(api, options);
  const server = createServer(
    { maxHeaderSize: MAX_HEADER_BYTES },
    options.dashboardPage === false || !domains ? listener : withDashboardPage(listener),
  );
  server.on('clientError', answerClientError);
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
    domains,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A request Node cannot parse never reaches the mock; answer it with an Error body rather than Node's bare
 * status line, then close the connection.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers exceed 64 KiB.']
      : [400, 'Bad Request', 'MALFORMED_REQUEST', 'The request is not valid HTTP/1.1.'];
  const body = JSON.stringify({ code, message, status });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `access-control-allow-origin: *\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
