import { describe, expect, test, vi } from 'vitest';
import { start } from '../test-support/cli-run.ts';

/** The SDK modules the MCP server loads, as they are imported. */
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('@modelcontextprotocol/sdk/server/mcp.js', async (original) => {
  loaded.push('@modelcontextprotocol/sdk/server/mcp.js');
  return original();
});
vi.mock('@modelcontextprotocol/sdk/server/streamableHttp.js', async (original) => {
  loaded.push('@modelcontextprotocol/sdk/server/streamableHttp.js');
  return original();
});

describe('the MCP SDK on the start-up path', () => {
  // In this order: a module, once imported, stays loaded.
  test('is not loaded by petstore-mock serving without --mcp', async () => {
    const mock = await start('--quiet');
    expect((await fetch(`${mock.url}/__mock/orders`)).status).toBe(200);
    expect(loaded).toEqual([]);
  });

  test('is loaded by --mcp', async () => {
    await start('--quiet', '--mcp');
    expect(loaded.sort()).toEqual([
      '@modelcontextprotocol/sdk/server/mcp.js',
      '@modelcontextprotocol/sdk/server/streamableHttp.js',
    ]);
  });
});
