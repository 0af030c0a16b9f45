import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The import circles among the TypeScript files below `rootDir`: each circle as the files it runs through,
 * relative to `rootDir`, in import order from its alphabetically first file. Every import counts (`import type`
 * and re-exports too: a circle through a type still ties two modules together); imports of files outside
 * `rootDir` and of packages are not followed, so pointing it at `src/` finds the circles of `src/` alone.
 *
 * @example
 * expect(findImportCycles(new URL('../', import.meta.url))).toEqual([]);
 */
export function findImportCycles(rootDir: string | URL): string[][] {
  const root = typeof rootDir === 'string' ? resolve(rootDir) : fileURLToPath(rootDir);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => join(root, file))
    .filter((file) => statSync(file).isFile());
  const known = new Set(files);
  const imports = new Map(files.map((file) => [file, importsOf(file, known)]));
  return stronglyConnected(files, imports).map((component) =>
    cycleThrough(component, imports).map((file) => relative(root, file).replaceAll('\\', '/')),
  );
}

/** The files below the root that `file` imports, in source order. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name.replace(/\.js$/, '.ts')))
    .map((target) => (known.has(target) ? target : `${target}.ts`))
    .filter((target) => known.has(target));
}

/** Tarjan's algorithm: the groups of files that reach each other, each with more than one file or a self-import. */
function stronglyConnected(files: readonly string[], imports: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    lowest.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of imports.get(file) ?? []) {
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(next) ?? 0));
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || imports.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return groups.sort((a, b) => first(a).localeCompare(first(b)));
}

const first = (group: readonly string[]): string => [...group].sort()[0] ?? '';

/** One circle inside a strongly connected group, from its first file back to it, for a message one can follow. */
function cycleThrough(group: readonly string[], imports: ReadonlyMap<string, string[]>): string[] {
  const members = new Set(group);
  const start = first(group);
  const path: string[] = [start];
  const seen = new Set<string>([start]);
  const walk = (file: string): boolean => {
    for (const next of imports.get(file) ?? []) {
      if (next === start) return true;
      if (!members.has(next) || seen.has(next)) continue;
      seen.add(next);
      path.push(next);
      if (walk(next)) return true;
      path.pop();
    }
    return false;
  };
  walk(start);
  return [...path, start];
}
