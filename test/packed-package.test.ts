import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'petstore-pack-'));
const consumer = join(work, 'consumer');
const installed = join(consumer, 'node_modules', 'petstore-mock');
const run = (file: string, args: string[], cwd = consumer) =>
  execFileSync(file, args, { cwd, encoding: 'utf8' });

/**
 * Packs the package as npm would publish it (running `prepare`, so dist/ is fresh), unpacks it into a
 * consumer project and uses it the way a user would: by its export paths and its bin.
 */
beforeAll(() => {
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root)) as {
    filename: string;
  }[];
  mkdirSync(installed, { recursive: true });
  run('tar', ['-xzf', join(work, packed?.filename ?? ''), '-C', installed, '--strip-components=1']);
  // The package's dependencies (and msw, its peer) come from this checkout's node_modules.
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '.bin' && name !== 'petstore-mock') {
      symlinkSync(join(root, 'node_modules', name), join(consumer, 'node_modules', name));
    }
  }
  writeFileSync(join(consumer, 'package.json'), '{"type":"module","private":true}');
}, 120_000);

describe('the packed package', () => {
  test('works through every export path', () => {
    writeFileSync(
      join(consumer, 'use.mjs'),
      `import { createMockApi } from 'petstore-mock';
import { startServer } from 'petstore-mock/node';
import { createHandlers } from 'petstore-mock/msw';
import { generateOrders } from 'petstore-mock/fixtures';
const api = createMockApi({ orders: generateOrders({ seed: 1, count: 3 }) });
const mock = await startServer({ port: 0, apiKeys: ['k'] });
const response = await fetch(mock.baseUrl + '/store/orders', { headers: { authorization: 'Bearer k' } });
await mock.close();
console.log(JSON.stringify({ operations: api.operations.length, status: response.status,
  handlers: createHandlers().handlers.length >= 3 }));`,
    );
    expect(JSON.parse(run('node', ['use.mjs']))).toEqual({ operations: 3, status: 200, handlers: true });
  });

  test('ships types that a strict TypeScript project accepts', () => {
    writeFileSync(
      join(consumer, 'use.ts'),
      `import { createMockApi, type MockResponse } from 'petstore-mock';
import { startServer, type RunningServer } from 'petstore-mock/node';
import { createHandlers, type MockController } from 'petstore-mock/msw';
const api = createMockApi({ apiKeys: ['k'] });
export const answer: Promise<MockResponse> = api.handle({ method: 'GET', path: '/v1/store/orders', query: '', headers: {} });
export const server: Promise<RunningServer> = startServer({ port: 0 });
export const controller: MockController = createHandlers({ baseUrl: 'http://x.test/v1' }).controller;
// Had any type resolved to \`any\`, these directives would be unused, and that is an error.
// @ts-expect-error basePath is a string
export const basePath: number = api.basePath;
// @ts-expect-error the store is an object
export const store: number = controller.store;
`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['use.ts'],
      }),
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(() => run('node', [tsc, '-p', '.'])).not.toThrow();
  });

  test('runs the petstore-mock bin', () => {
    expect(run('node', [join(installed, 'bin', 'petstore-mock.js'), '--help'])).toMatch(
      /^Usage: petstore-mock/,
    );
  });
});
