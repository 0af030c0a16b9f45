import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, test } from 'vitest';
import { adminTools } from './tools.generated.ts';

type Paths = Record<string, Record<string, { operationId?: string; deprecated?: boolean }>>;
const readPaths = (file: string): Paths =>
  (load(readFileSync(new URL(`../../spec/${file}`, import.meta.url), 'utf8')) as { paths: Paths }).paths;

/**
 * `METHOD path operationId` for every operation of a spec that is not deprecated (a former path kept
 * answering is no tool of its own), read here and not by the generator.
 */
function operations(file: string): string[] {
  return Object.entries(readPaths(file)).flatMap(([path, item]) =>
    ['get', 'put', 'post', 'delete', 'patch']
      .filter((method) => item[method] && !item[method]?.deprecated)
      .map((method) => `${method.toUpperCase()} ${path} ${item[method]?.operationId}`),
  );
}

const toolOperation = (tool: (typeof adminTools)[number]) =>
  `${tool.method} ${tool.path} ${tool.operationId}`;

describe('the MCP tool table', () => {
  test('every operation of spec/mock-admin.openapi.yaml has a tool', () => {
    const covered = new Set(
      adminTools.filter((tool) => tool.spec === 'mock-admin.openapi.yaml').map(toolOperation),
    );
    expect(operations('mock-admin.openapi.yaml').filter((operation) => !covered.has(operation))).toEqual([]);
  });

  test('every tool names an operation of its spec, by method, path and operationId', () => {
    const known = new Set([
      ...operations('mock-admin.openapi.yaml').map((operation) => `mock-admin.openapi.yaml ${operation}`),
      ...operations('dashboard.openapi.yaml').map((operation) => `dashboard.openapi.yaml ${operation}`),
    ]);
    expect(
      adminTools.filter((tool) => !known.has(`${tool.spec} ${toolOperation(tool)}`)).map((t) => t.name),
    ).toEqual([]);
  });

  test('the custom-domains state is readable: every GET of the dashboard API has a tool', () => {
    const reads = operations('dashboard.openapi.yaml').filter((operation) =>
      operation.startsWith('GET /__dashboard/'),
    );
    const covered = new Set(adminTools.map(toolOperation));
    expect(reads.length).toBeGreaterThan(5);
    expect(reads.filter((operation) => !covered.has(operation))).toEqual([]);
  });

  test("each tool's inputs are its path and query parameters, its body's fields and session, nothing else", () => {
    const shipOrder = adminTools.find((tool) => tool.name === 'ship_order');
    expect(shipOrder?.inputSchema).toMatchObject({ required: ['orderId'], additionalProperties: false });
    const addFault = adminTools.find((tool) => tool.name === 'add_fault');
    expect(Object.keys(addFault?.inputSchema.properties as object)).toEqual([
      'method',
      'path',
      'fault',
      'status',
      'delay',
      'nth',
      'probability',
      'seed',
      'session',
    ]);
    for (const tool of adminTools) {
      expect(tool.name, tool.name).toMatch(/^[a-z][a-z_]{2,63}$/);
      expect(tool.inputSchema.properties, tool.name).toHaveProperty('session');
    }
  });
});
