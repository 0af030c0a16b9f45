import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(ts|js|mjs)$/;
/** `import … from './x.ts'`, `export … from './x.ts'`, `import './x.ts'` and `import('./x.ts')`; type-only imports count. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The import circles among the source files under `dir` (tests and generated files included), each as the
 * files of one circle relative to `dir`, starting at the alphabetically first and ending back at it. Only
 * relative imports are followed; a circle that runs through a type is still a circle (the files cannot be
 * read, moved or tested one without the other).
 */
export function findImportCycles(dir: string): string[][] {
  const root = resolve(dir);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => join(root, file));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => resolve(dirname(file), match[1] as string))
      .filter((target) => known.has(target));
    edges.set(file, [...new Set(targets)].sort());
  }
  return stronglyConnected(files.sort(), edges)
    .filter((group) => group.length > 1 || edges.get(group[0] as string)?.includes(group[0] as string))
    .map((group) => circleThrough(group, edges).map((file) => relative(root, file)))
    .sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** Tarjan's algorithm: the groups of files that all reach each other. */
function stronglyConnected(nodes: readonly string[], edges: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    groups.push(group.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

/** One circle inside a group, from its first file back to it (the shortest, by breadth-first search). */
function circleThrough(group: readonly string[], edges: ReadonlyMap<string, string[]>): string[] {
  const start = group[0] as string;
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at] as string;
    for (const next of edges.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...group];
}
