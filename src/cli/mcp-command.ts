import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { apiKey, UsageError } from '../cli/checks.ts';
import type { Io } from '../cli/main.ts';
import type { Environment } from '../cli/options.ts';
import { oneLine, quote } from '../cli/text.ts';
import { DEV_API_KEY } from '../core/defaults.ts';
import { type RunningServer, startServer } from '../node/server.ts';
import { createMcpServer } from './mcp-server.ts';
import { type MockTarget, mockOrigin, storeBaseUrl } from './target.ts';

export const MCP_USAGE = `Usage: petstore-mock mcp [--url URL | --embedded] [--api-key KEY]

An MCP server on stdio for coding agents: tools for the mock's admin API (orders, scenarios, faults, latency,
clock, journal, sessions, custom domains), store_request and run_conformance (docs/mcp.md).

Options:
  --url URL       the running mock to drive (default http://127.0.0.1:4010/v1; or PETSTORE_MOCK_URL)
  --embedded      start a mock in this process on a free loopback port instead (its URL: the
                  petstore-mock://target resource)
  --api-key KEY   the Store API key the mock accepts, sent by store_request and run_conformance to the mock
                  only (or PETSTORE_API_KEY; default petstore-dev-key)
  -h, --help      show this help

Exit codes: 0 the client closed the connection, or Ctrl+C/SIGTERM; 2 a bad option.`;

interface McpOptions {
  readonly url?: string;
  readonly embedded: boolean;
  readonly apiKey?: string;
}

function parseMcpArgs(argv: readonly string[], env: Environment): McpOptions | 'help' {
  let values: { url?: string; embedded?: boolean; 'api-key'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        embedded: { type: 'boolean' },
        'api-key': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${oneLine((error as Error).message).slice(0, 200)} (see petstore-mock mcp --help)`);
  }
  if (values.help) return 'help';
  if (values.embedded && values.url !== undefined) {
    throw new UsageError('Use either --url (a running mock) or --embedded (a mock started here), not both.');
  }
  const url = values.url ?? (values.embedded ? undefined : env.PETSTORE_MOCK_URL || undefined);
  const key = values['api-key'] ?? (env.PETSTORE_API_KEY || undefined);
  return {
    embedded: values.embedded ?? false,
    ...(url === undefined ? {} : { url }),
    ...(key === undefined
      ? {}
      : { apiKey: apiKey(values['api-key'] ? '--api-key' : 'PETSTORE_API_KEY', key) }),
  };
}

/**
 * `petstore-mock mcp`: the MCP server on stdin/stdout until the client closes stdin or a signal stops it.
 * Stdout carries the protocol only; what a person should read goes to stderr.
 */
export async function mcpCommand(
  argv: readonly string[],
  env: Environment,
  io: Io,
  stdio: { readonly stdin: Readable; readonly stdout: Writable } = process,
): Promise<number> {
  const options = parseMcpArgs(argv, env);
  if (options === 'help') {
    io.stdout(`${MCP_USAGE}\n`);
    return 0;
  }
  let origin: string;
  try {
    origin = mockOrigin(options.url ?? 'http://127.0.0.1:4010');
  } catch (error) {
    throw new UsageError(`${(error as Error).message} Not ${quote(options.url ?? '')}.`);
  }
  const mock = options.embedded ? await startEmbedded(options, io) : undefined;
  const target: MockTarget = {
    origin: mock?.url ?? origin,
    apiKey: options.apiKey ?? DEV_API_KEY,
    embedded: mock !== undefined,
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
  await mock?.close();
  return 0;
}

/** A mock of this process on a free loopback port, with no request log (stdout is the protocol's). */
function startEmbedded(options: McpOptions, io: Io): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    apiKeys: options.apiKey === undefined ? [] : [options.apiKey],
    onUnexpectedError: (error, request) =>
      io.stderr(`Unexpected error on ${request.method} ${request.path}: ${String(error)}\n`),
  });
}
