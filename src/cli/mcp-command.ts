import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { DEV_API_KEY } from '../core/defaults.ts';
import { type RunningServer, startServer } from '../node/server.ts';
import { apiKey, UsageError } from './checks.ts';
import type { Io } from './main.ts';
import type { Environment } from './options.ts';
import { oneLine } from './text.ts';

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

const DEFAULT_URL = 'http://127.0.0.1:4010/v1';

/**
 * `petstore-mock mcp`: reads its options and starts the embedded mock here, where the serve path's modules
 * already are; the MCP server and its SDK (src/mcp/stdio.ts) are loaded only now, so no chunk of the serve
 * path is shared with them.
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
  const key = options.apiKey ?? DEV_API_KEY;
  const { serveStdio } = await import('../mcp/stdio.ts');
  const mock = options.embedded ? await startEmbedded(options.apiKey, io) : undefined;
  try {
    return await serveStdio(
      { url: mock?.baseUrl ?? options.url, apiKey: key, embedded: mock !== undefined },
      io,
      stdio,
    );
  } finally {
    await mock?.close();
  }
}

interface McpOptions {
  readonly url: string;
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
  const key = values['api-key'] ?? (env.PETSTORE_API_KEY || undefined);
  return {
    url: values.url ?? (env.PETSTORE_MOCK_URL || DEFAULT_URL),
    embedded: values.embedded ?? false,
    ...(key === undefined
      ? {}
      : { apiKey: apiKey(values['api-key'] ? '--api-key' : 'PETSTORE_API_KEY', key) }),
  };
}

/** A mock of this process on a free loopback port, with no request log (stdout is the protocol's). */
function startEmbedded(key: string | undefined, io: Io): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    apiKeys: key === undefined ? [] : [key],
    onUnexpectedError: (error, request) =>
      io.stderr(`Unexpected error on ${request.method} ${request.path}: ${String(error)}\n`),
  });
}
