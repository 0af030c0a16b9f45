import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './mcp-server.ts';
import { type MockTarget, mockOrigin, storeBaseUrl } from './target.ts';

export interface StdioOptions {
  /** The mock's base URL or origin (`--url`, or the embedded mock's). */
  readonly url: string;
  readonly apiKey: string;
  readonly embedded: boolean;
}

/** What the command gives the server: where to say things, and when to stop. */
export interface StdioIo {
  stderr(text: string): void;
  readonly stop: AbortSignal;
}

/**
 * The MCP server on stdin/stdout until the client closes stdin, the transport closes or `io.stop` aborts;
 * resolves to the exit code. Stdout carries the protocol only; what a person should read goes to stderr.
 */
export async function serveStdio(
  options: StdioOptions,
  io: StdioIo,
  stdio: { readonly stdin: Readable; readonly stdout: Writable },
): Promise<number> {
  const target: MockTarget = {
    origin: mockOrigin(options.url),
    apiKey: options.apiKey,
    embedded: options.embedded,
  };
  const server = createMcpServer(target);
  const transport = new StdioServerTransport(stdio.stdin, stdio.stdout);
  const closed = new AbortController();
  transport.onclose = () => closed.abort();
  const clientLeft = () => closed.abort();
  stdio.stdin.once('end', clientLeft);
  await server.connect(transport);
  io.stderr(`petstore-mock MCP server on stdio, driving the mock at ${storeBaseUrl(target)}\n`);
  await Promise.race([
    io.stop.aborted ? undefined : once(io.stop, 'abort'),
    closed.signal.aborted ? undefined : once(closed.signal, 'abort'),
  ]);
  stdio.stdin.off('end', clientLeft);
  await server.close();
  return 0;
}
