import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { DEV_API_KEY } from '../core/defaults.ts';
import { createMcpServer } from './mcp-server.ts';

/** Where `--mcp` serves the tools, under the admin API and so under the control plane's rules. */
export const MCP_PATH = '/__mock/mcp';

export interface McpEndpointOptions {
  /** The key store_request and run_conformance send to this mock (default: the development key). */
  readonly apiKey?: string;
}

/**
 * The MCP tools over Streamable HTTP, stateless and answering JSON (no session to keep, nothing to stream).
 * The server's request gate has already refused foreign origins and hosts and non-JSON bodies, as for every
 * `/__mock` path. The tools call the mock at the address the request came in on.
 */
export function createMcpEndpoint(options: McpEndpointOptions = {}): RequestListener {
  const apiKey = options.apiKey ?? DEV_API_KEY;
  return (req, res) => {
    const server = createMcpServer({ origin: localOrigin(req), apiKey, embedded: false });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((error: unknown) => internalError(res, error));
  };
}

/** This server as seen from the connection: the tools' requests stay on this machine and this port. */
function localOrigin(req: IncomingMessage): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  const host = address.includes(':') ? `[${address.replace('%', '%25')}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

function internalError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    jsonrpc: '2.0',
    error: { code: -32603, message: `The MCP endpoint failed: ${(error as Error).message}` },
    id: null,
  });
  res
    .writeHead(500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    .end(body);
}
