import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './mcp-server.ts';

/** Where `--mcp` serves the tools, under the admin API and so under the control plane's rules. */
export const MCP_PATH = '/__mock/mcp';

export interface McpEndpointOptions {
  /** The key store_request and run_conformance send to this mock. */
  readonly apiKey: string;
}

/**
 * The MCP tools over Streamable HTTP, stateless and answering JSON (no session to keep, nothing to stream).
 * The server's request gate has already refused foreign origins and hosts and non-JSON bodies, as for every
 * `/__mock` path. The tools call the mock at the address the request came in on.
 */
export function createMcpEndpoint({ apiKey }: McpEndpointOptions): RequestListener {
  // Whatever fails answers a JSON-RPC error: the process and its other connections go on.
  return (req, res) => void serve(req, res, apiKey).catch((error: unknown) => internalError(res, error));
}

async function serve(req: IncomingMessage, res: ServerResponse, apiKey: string): Promise<void> {
  // Stateless: no event stream to open (GET) and no MCP session to end (DELETE).
  if (req.method !== 'POST') {
    return sendRpcError(res, 405, -32000, 'Only POST: this MCP endpoint is stateless.');
  }
  const server = createMcpServer({ origin: localOrigin(req), apiKey, embedded: false });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

/** This server as seen from the connection: the tools' requests stay on this machine and this port. */
function localOrigin(req: IncomingMessage): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  const host = address.includes(':') ? `[${address.replace('%', '%25')}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

function internalError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) res.destroy();
  else sendRpcError(res, 500, -32603, `The MCP endpoint failed: ${(error as Error).message}`);
}

/** A JSON-RPC error, as the SDK's transport answers what it refuses. */
function sendRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...(status === 405 ? { allow: 'POST' } : {}),
    })
    .end(body);
}
