import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { type ZodType, z } from 'zod';
import { exchange, type OutgoingRequest } from './exchange.ts';
import { errorResult, jsonResult } from './results.ts';
import type { MockTarget } from './target.ts';
import { type AdminTool, SESSION_FIELD } from './tool-table.ts';
import { adminTools } from './tools.generated.ts';

/** The SDK validates tool input with zod; each table schema is converted once per process. */
const schemas = new Map<string, ZodType>();

function inputSchemaOf(tool: AdminTool): ZodType {
  let schema = schemas.get(tool.name);
  if (!schema) {
    schema = z.fromJSONSchema(tool.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
    schemas.set(tool.name, schema);
  }
  return schema;
}

/** The optional `session` input every tool takes, as the table gives it. */
export function sessionInput(): ZodType<string | undefined> {
  const first = adminTools[0] as AdminTool;
  const properties = first.inputSchema.properties as Record<string, AdminTool['inputSchema']>;
  const session = z.fromJSONSchema(properties[SESSION_FIELD] as Parameters<typeof z.fromJSONSchema>[0]);
  return (session as ZodType<string>).optional();
}

/** What a client may assume of a tool, read from its method: only GETs leave the mock as it was. */
function annotationsOf(tool: AdminTool): ToolAnnotations {
  return {
    title: tool.title,
    readOnlyHint: tool.method === 'GET',
    idempotentHint: tool.method !== 'POST',
    openWorldHint: false,
  };
}

/** Registers one tool per row of the generated table, each calling its operation on the mock. */
export function registerAdminTools(server: McpServer, target: MockTarget): void {
  for (const tool of adminTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: inputSchemaOf(tool),
        annotations: annotationsOf(tool),
      },
      async (args, extra) => {
        const answer = await exchange(
          adminRequest(tool, args as Record<string, unknown>, target),
          extra.signal,
        );
        if ('error' in answer) return errorResult(answer.error);
        const result = {
          status: answer.status,
          body: answer.body,
          ...(answer.note ? { note: answer.note } : {}),
        };
        return jsonResult(result, answer.status >= 400);
      },
    );
  }
}

/**
 * The HTTP request a tool call stands for: path parameters into the path, query parameters into the query,
 * `session` into `X-Mock-Session`, every other field into the JSON body (`{}` when the operation takes one and
 * none is given).
 */
export function adminRequest(
  tool: AdminTool,
  args: Record<string, unknown>,
  target: MockTarget,
): OutgoingRequest {
  const path = tool.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
  const query = new URLSearchParams();
  for (const name of tool.queryParameters) {
    if (args[name] !== undefined) query.set(name, String(args[name]));
  }
  const taken = new Set([...tool.pathParameters, ...tool.queryParameters, SESSION_FIELD]);
  const body = Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
  const session = args[SESSION_FIELD];
  const search = query.size > 0 ? `?${query}` : '';
  return {
    url: `${target.origin}${path}${search}`,
    method: tool.method,
    headers: {
      accept: 'application/json',
      ...(typeof session === 'string' ? { 'x-mock-session': session } : {}),
      ...(tool.jsonBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(tool.jsonBody ? { body: JSON.stringify(body) } : {}),
  };
}
