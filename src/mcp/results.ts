import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A tool's answer as JSON text (for clients that read text) and as structured content (for those that don't). */
export function jsonResult(value: Record<string, unknown>, isError = false): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
    structuredContent: value,
    ...(isError ? { isError: true } : {}),
  };
}

/** A tool that could not do its job: one sentence on why. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
