import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAdminTools } from './admin-tools.ts';
import { registerRunConformance } from './run-conformance.ts';
import { registerStoreRequest } from './store-request.ts';
import { type MockTarget, storeBaseUrl } from './target.ts';

/** Where a client reads which mock the tools drive (its base URL matters most with `--embedded`). */
export const TARGET_RESOURCE = 'petstore-mock://target';

/**
 * The MCP server over the mock at `target`: a tool per admin and dashboard operation (the generated table),
 * store_request, run_conformance, and the target as a resource. The same server runs on stdio
 * (`petstore-mock mcp`) and at `/__mock/mcp` (`--mcp`).
 */
export function createMcpServer(target: MockTarget): McpServer {
  const baseUrl = storeBaseUrl(target);
  const server = new McpServer(
    { name: 'petstore-mock', title: 'Petstore mock', version: packageVersion() },
    {
      instructions: `Drives the stateful Petstore Store API mock at ${baseUrl}${target.embedded ? ' (started by this server)' : ''}. Set it up with the admin tools (orders, scenarios, faults, latency, clock, sessions, custom domains), send Store API requests with store_request, read what an app sent with list_requests, and grade any deployment with run_conformance. Every tool takes an optional session (X-Mock-Session) to work on a state of its own.`,
    },
  );
  registerAdminTools(server, target);
  registerStoreRequest(server, target);
  registerRunConformance(server, target);
  server.registerResource(
    'target',
    TARGET_RESOURCE,
    { title: 'The mock these tools drive', mimeType: 'application/json' },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({
            baseUrl,
            admin: `${target.origin}/__mock`,
            controlPage: `${target.origin}/__mock/`,
            embedded: target.embedded,
          }),
        },
      ],
    }),
  );
  return server;
}

function packageVersion(): string {
  // The package refers to itself by name (package.json is exported), from src/ and dist/ alike.
  return (createRequire(import.meta.url)('petstore-mock/package.json') as { version: string }).version;
}
