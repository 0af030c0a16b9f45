import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { sessionInput } from './admin-tools.ts';
import { exchange } from './exchange.ts';
import { errorResult, jsonResult } from './results.ts';
import { type MockTarget, storeBaseUrl } from './target.ts';
import { storeBasePath, storeOperations } from './tools.generated.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const operations = storeOperations
  .map(({ method, path, summary }) => `${method} ${path} (${summary.replace(/\.$/, '')})`)
  .join('; ');

/**
 * `store_request`: one Store API request to the mock, with its key, answered with the status, headers and body
 * the app would see, faults and latency included. It reaches the mock only: the path is below its base URL.
 */
export function registerStoreRequest(server: McpServer, target: MockTarget): void {
  server.registerTool(
    'store_request',
    {
      title: 'Send one Store API request',
      description: `Sends one request to the mock's Store API at ${storeBaseUrl(target)} with its API key (Authorization: Bearer …) and returns the status, headers and body, as the app under development would see them: faults, latency and forced answers included. The Store API: ${operations}. The request is journalled (list_requests).`,
      inputSchema: {
        method: z.enum(METHODS).default('GET'),
        path: z
          .string()
          .max(2048)
          .regex(/^\/(?!\/)/, 'starts with one /')
          .describe(
            `Below the base URL, e.g. /store/orders or /store/orders/3 (a leading ${storeBasePath} is accepted too).`,
          ),
        headers: z
          .record(z.string(), z.string())
          .optional()
          .describe(
            'Extra request headers, e.g. {"Prefer": "code=409"} or {"Origin": "http://localhost:5173"}. An Authorization header here replaces the key.',
          ),
        withKey: z
          .boolean()
          .default(true)
          .describe('Send the key; false shows what a request without credentials gets.'),
        session: sessionInput(),
      },
      annotations: { title: 'Send one Store API request', openWorldHint: false },
    },
    async ({ method, path, headers, withKey, session }, extra) => {
      const below =
        path === storeBasePath || path.startsWith(`${storeBasePath}/`)
          ? path.slice(storeBasePath.length)
          : path;
      const url = `${storeBaseUrl(target)}${below}`;
      const request = { method, url };
      const sent = new Headers();
      if (withKey) sent.set('authorization', `Bearer ${target.apiKey}`);
      if (session !== undefined) sent.set('x-mock-session', session);
      try {
        for (const [name, value] of Object.entries(headers ?? {})) sent.set(name, value);
      } catch (error) {
        return errorResult(`headers: ${(error as Error).message}`);
      }
      const answer = await exchange({ url, method, headers: sent }, extra.signal);
      return jsonResult({ request, ...answer });
    },
  );
}
