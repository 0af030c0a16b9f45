import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { lint, loadConfig } from '@redocly/openapi-core';
import { load } from 'js-yaml';
import { afterAll, describe, expect, test } from 'vitest';
import { createMockApi } from '../core/api.ts';
import { MAX_WILDCARDS } from '../core/controls/path-pattern.ts';
import { SESSION_JOURNALS_BYTES } from '../core/controls/sessions.ts';
import { MAX_FAULT_RULES } from '../core/controls/traffic.ts';
import { createMock } from './mock.ts';

const specDir = new URL('../../spec/', import.meta.url);
const specFiles = readdirSync(specDir).filter((file) => file.endsWith('.yaml'));
const readSpec = (file: string) => load(readFileSync(new URL(file, specDir), 'utf8')) as SpecDocument;
const storeSpec = readSpec('openapi.yaml');
const adminSpec = readSpec('mock-admin.openapi.yaml');
const oauthSpec = readSpec('oauth.openapi.yaml');

interface Described {
  readonly description: string;
}

/** What these tests read of a spec (the admin spec's bounds, the Store API's servers and security). */
interface SpecDocument {
  readonly info: Described & { readonly version: string };
  readonly servers: readonly { readonly url: string }[];
  readonly security: unknown;
  readonly components: {
    readonly securitySchemes: Record<string, unknown>;
    readonly schemas: { readonly MatchedPath: Described; readonly Session: { readonly properties: object } };
    readonly parameters: { readonly JournalPath: Described };
  };
  readonly paths: Record<string, { readonly post: Described }>;
}

/** `METHOD /path/{}` for every operation of a spec, parameter names left out. */
function specOperations(spec: { paths: Record<string, object> }): string[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`),
  );
}

describe('spec/', () => {
  test.each(specFiles)('%s passes the Redocly recommended lint rules', async (file) => {
    const config = await loadConfig({ configPath: new URL('../../redocly.yaml', import.meta.url).pathname });
    // redocly.yaml names per-file rule changes under `apis`, keyed by the file name without extensions.
    const alias = file.replace(/\.openapi\.yaml$|\.yaml$/, '');
    const problems = await lint({ ref: new URL(file, specDir).pathname, config: config.forAlias(alias) });
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    ).toEqual([]);
  });

  test('the mock serves exactly the operations of spec/openapi.yaml', () => {
    const served = createMockApi().operations.map(
      ({ method, path }) => `${method} ${path.replace(/\{\w+\}/, '{}')}`,
    );
    expect(served.sort()).toEqual(specOperations(storeSpec).sort());
  });

  test('the admin API serves exactly the operations of spec/mock-admin.openapi.yaml', () => {
    // /__mock/dashboard belongs to the dashboard's spec (src/domains/spec.test.ts); /__health is answered in
    // front of every route (health.test.ts).
    const served = createMock()
      .routes.filter(({ path }) => path.startsWith('/__mock/') && !path.startsWith('/__mock/dashboard'))
      .map(({ method, path }) => `${method} ${path.replace(/:\w+/g, '{}')}`);
    expect([...served, 'GET /__health'].sort()).toEqual(specOperations(adminSpec).sort());
  });

  test('states the bounds the admin API enforces, as the code has them', () => {
    const wildcards = `at most ${MAX_WILDCARDS} of them`;
    expect(adminSpec.components.schemas.MatchedPath.description.replace(/\s+/g, ' ')).toContain(wildcards);
    expect(adminSpec.components.parameters.JournalPath.description.replace(/\s+/g, ' ')).toContain(wildcards);
    const faults = adminSpec.paths['/__mock/faults']?.post.description.replace(/\s+/g, ' ');
    expect(faults).toContain(`At most ${MAX_FAULT_RULES} rules`);
    const journals = `share one bound of ${SESSION_JOURNALS_BYTES / 1024 / 1024} MiB`;
    expect(adminSpec.info.description.replace(/\s+/g, ' ')).toContain(journals);
  });

  test('docs/sessions.md names exactly the fields GET /__mock/sessions answers', () => {
    const docs = readFileSync(new URL('../../docs/sessions.md', import.meta.url), 'utf8');
    const named = /__mock\/sessions +# ([\w, ]+)$/m.exec(docs)?.[1]?.split(/, */);
    expect(named).toEqual(Object.keys(adminSpec.components.schemas.Session.properties));
  });

  test('the token endpoint serves exactly the operations of spec/oauth.openapi.yaml', () => {
    const served = createMock({ oauthClients: [{ clientId: 'ci', clientSecret: 's3cret' }] })
      .routes.filter(({ path }) => path.startsWith('/oauth/'))
      .map(({ method, path }) => `${method} ${path}`);
    expect(served).toEqual(specOperations(oauthSpec));
    expect(createMock().routes.filter(({ path }) => path.startsWith('/oauth/'))).toEqual([]);
  });

  test('declares the /v1 prefix on every server and bearer security for every operation', () => {
    expect(storeSpec.info.version).toBe('1.0.0');
    for (const server of storeSpec.servers) expect(server.url).toMatch(/\/v1$/);
    expect(storeSpec.security).toEqual([{ bearerAuth: [] }]);
    expect(storeSpec.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('Prism', () => {
  let prism: ChildProcess | undefined;
  afterAll(() => {
    prism?.kill('SIGKILL');
  });

  test('loads spec/openapi.yaml and answers GET /store/orders (without the /v1 prefix)', async () => {
    const port = await freePort();
    const bin = new URL('../../node_modules/.bin/prism', import.meta.url).pathname;
    prism = spawn(
      bin,
      ['mock', new URL('openapi.yaml', specDir).pathname, '-h', '127.0.0.1', '-p', String(port)],
      {
        stdio: 'ignore',
      },
    );
    const url = `http://127.0.0.1:${port}/store/orders`;
    const response = await poll(() => fetch(url, { headers: { authorization: 'Bearer any' } }), 25_000);
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    expect((await fetch(url)).status).toBe(401);
  }, 40_000);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function poll<T>(attempt: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
