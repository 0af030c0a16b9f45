import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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
    [...readFileSync(new URL(file, src), 'utf8').matchAll(/(?:from|import) '([^']+)'/g)].map((match) => {
      const target = match[1] as string;
      return `${file}: ${target.startsWith('.') ? new URL(target, new URL(file, src)).href : target}`;
    }),
  );
}

const outside = (imports: string[], allowed: string[]) =>
  imports.filter((line) => !allowed.some((prefix) => line.split(': ')[1]?.startsWith(prefix)));

describe('the framework-free layers', () => {
  it('src/core imports only its own files and the committed fixtures', () => {
    const imports = importsOf('core/');
    expect(imports.length).toBeGreaterThan(30);
    expect(outside(imports, [inside('core/'), new URL('../fixtures/', src).href])).toEqual([]);
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

  it('the composition root imports only src/core and its own files', () => {
    const imports = importsOf('mock/');
    expect(imports.length).toBeGreaterThan(0);
    expect(outside(imports, [inside('core/'), inside('mock/')])).toEqual([]);
  });
});
