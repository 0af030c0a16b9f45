import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../scripts/import-cycles.ts';

/**
 * src/core and src/domains must run under MSW in a browser: no node:*, no msw, no package at all (their
 * tsconfig.json files have no Node types), and nothing from a layer above (core below domains below the
 * adapters). The composition root (src/mock) imports only the core, so that an entry point that passes it
 * no extension never loads the domains simulation.
 */
const src = new URL('./', import.meta.url);
const inside = (folder: string) => new URL(folder, src).href;

/** Each import of the files under `folder`, as `file: resolved URL` (a package or node:* stays as written). */
function importsOf(folder: string): string[] {
  const files = readdirSync(new URL(folder, src), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'))
    .map((file) => `${folder}${file}`);
  return files.flatMap((file) =>
    [...readFileSync(new URL(file, src), 'utf8').matchAll(/(?:from|import)\(? ?'([^']+)'/g)].map((match) => {
      const target = match[1] as string;
      return `${file}: ${target.startsWith('.') ? new URL(target, new URL(file, src)).href : target}`;
    }),
  );
}

/** The exchange record and its HAR rendering, which run anywhere (not the HAR file writer, which is Node's). */
const frameworkFreeExchange = (line: string): boolean => {
  const target = line.split(': ')[1] ?? '';
  return target.startsWith(inside('exchange/')) && target !== inside('exchange/har-file.ts');
};

const outside = (imports: string[], allowed: string[]) =>
  imports.filter((line) => !allowed.some((prefix) => line.split(': ')[1]?.startsWith(prefix)));

describe('the framework-free layers', () => {
  it('src/core imports only its own files, the committed fixtures and the framework-free exchange record', () => {
    const imports = importsOf('core/');
    expect(imports.length).toBeGreaterThan(30);
    // The HAR 1.2 types (types only, no code) beside the exchange record.
    const foreign = outside(imports, [inside('core/'), new URL('../fixtures/', src).href, 'har-format']);
    expect(foreign.filter((line) => !frameworkFreeExchange(line))).toEqual([]);
  });

  it('src/exchange is data only: its HAR file writer alone touches the file system', () => {
    const imports = importsOf('exchange/');
    expect(imports.length).toBeGreaterThan(5);
    // Types of HAR 1.2 (no code); the file writer (and its tail appender) is the one part on Node only.
    const foreign = outside(imports, [inside('exchange/'), 'har-format']);
    const writer = ['exchange/har-file.ts: ', 'exchange/har-tail.ts: '];
    expect(foreign.every((line) => writer.some((file) => line.startsWith(file)))).toBe(true);
    expect([...new Set(foreign.map((line) => line.split(': ')[1]))].sort()).toEqual([
      'node:crypto',
      'node:fs/promises',
      'node:path',
      'write-file-atomic',
    ]);
  });

  it('src/domains imports only its own files, src/core, the generated API types and two browser-safe packages', () => {
    const imports = importsOf('domains/');
    expect(imports.length).toBeGreaterThan(20);
    // tldts (the Public Suffix List) and ipaddr.js run in browsers and have no dependencies of their own;
    // the generated API types are types only.
    const packages = ['tldts', 'ipaddr.js', new URL('../spec/dashboard-api.generated.ts', src).href];
    const foreign = outside(imports, [inside('domains/'), inside('core/')]);
    expect(foreign.filter((line) => !packages.includes(line.split(': ')[1] ?? ''))).toEqual([]);
  });

  it('src/node is the node:http adapter alone: no CLI, Redis or page code, only the fronts it mounts', () => {
    const imports = importsOf('node/');
    expect(imports.length).toBeGreaterThan(20);
    const foreign = outside(imports, [
      inside('node/'),
      inside('core/'),
      inside('mock/'),
      inside('domains/'),
      inside('pages/control-server.ts'),
      inside('pages/dashboard-server.ts'),
      inside('pages/landing.ts'),
      // Loaded only with `mcp: true`.
      inside('mcp/endpoint.ts'),
      // The forwarding path shared with the validating proxy (loaded only with `passthrough`) and the Host rules.
      inside('forward/'),
      // The one exchange record and HAR writer, for `passthrough.recordMisses`.
      inside('exchange/'),
    ]);
    // Node's own modules only: no package (node-redis, msw) and nothing from src/cli, src/redis or a page.
    expect(foreign.filter((line) => !line.split(': ')[1]?.startsWith('node:'))).toEqual([]);
    const files = readdirSync(new URL('node/', src), { encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    // Reading argv or the environment, exiting or printing is the CLI's job.
    const cliWork = files.filter((file) =>
      /process\.(argv|env|exit|stdout|stderr)/.test(readFileSync(new URL(`node/${file}`, src), 'utf8')),
    );
    expect(cliWork).toEqual([]);
  });

  it('the composition root (the mock, its state port and the memory state) imports only src/core', () => {
    const imports = importsOf('mock/');
    expect(imports.length).toBeGreaterThan(0);
    expect(outside(imports, [inside('core/'), inside('mock/')])).toEqual([]);
  });
});

describe('the forwarding path shared by the mock and the validating proxy', () => {
  it('src/forward is transport only: node:* and undici, nothing of the mock, the suite or a front', () => {
    const imports = importsOf('forward/');
    expect(imports.length).toBeGreaterThan(3);
    const foreign = outside(imports, [inside('forward/'), 'node:', 'undici']);
    expect(foreign).toEqual([]);
  });
});

describe('the settings reader shared by every command line', () => {
  it('src/config reads files and the environment only: node:* and js-yaml, nothing of the mock, the suite or a front', () => {
    const imports = importsOf('config/');
    expect(imports.length).toBeGreaterThan(3);
    expect(outside(imports, [inside('config/'), 'node:', 'js-yaml'])).toEqual([]);
  });
});

describe('one concept, one place', () => {
  it('X-Mock-Session is read by the composition root alone', () => {
    const readers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) => /\.(ts|js)$/.test(file) && !file.endsWith('.test.ts') && !file.includes('test-support'),
      )
      .filter((file) =>
        /headers(\[SESSION_HEADER\]|\[['"]x-mock-session['"]\]|\.get\(['"]x-mock-session)/i.test(
          readFileSync(new URL(file, src), 'utf8'),
        ),
      );
    expect(readers).toEqual(['mock/mock.ts']);
  });
});

describe('the import graph of src/', () => {
  it('has no circle: every file can be read, moved and tested with only what it imports', () => {
    expect(findImportCycles(fileURLToPath(src))).toEqual([]);
  });
});

describe("CONTRIBUTING.md's layout section", () => {
  it('names every folder of the repository, one line each, and no folder that is not there', () => {
    const root = new URL('../', src);
    // The folders git sees (tracked, or new and not ignored): an empty folder left behind by a move is none.
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: fileURLToPath(root),
      encoding: 'utf8',
    }).split('\n');
    const folders = [
      ...new Set(
        files.flatMap((file) => {
          const parts = file.split('/').slice(0, -1);
          return parts.map((_, index) => `${parts.slice(0, index + 1).join('/')}/`);
        }),
      ),
    ]
      .filter((folder) => !/(^|\/)\.(?!ci\/)[^/]+\//.test(folder))
      .sort();
    const contributing = readFileSync(new URL('CONTRIBUTING.md', root), 'utf8');
    const layout = contributing.slice(contributing.indexOf('## Layout'));
    const block = layout.slice(
      layout.indexOf('```\n') + 4,
      layout.indexOf('\n```', layout.indexOf('```\n') + 4),
    );
    const listed = block.split('\n').map((line) => line.split(/\s+/)[0] as string);
    expect([...listed].sort()).toEqual(folders);
  });
});
