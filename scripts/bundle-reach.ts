import type { Metafile } from 'esbuild';

/**
 * What a bundle's outputs load, read from esbuild's metafile: from the given outputs, their own chunks followed
 * through static imports (and through `import()` too, with `dynamic`). The outputs reached, the source files
 * in them and the packages they import (external imports, `node:` modules included). The bundle tests check a
 * start path with it, and the bench counts what an app loads with the MSW handlers.
 */
export function reached(outputs: Metafile['outputs'], from: string | readonly string[], dynamic: boolean) {
  const packages = new Set<string>();
  const sources = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const source of Object.keys(outputs[file]?.inputs ?? {})) sources.add(source);
    for (const { path, kind, external } of outputs[file]?.imports ?? []) {
      if (kind === 'dynamic-import' && !dynamic) continue;
      if (external) packages.add(path);
      else visit(path);
    }
  };
  for (const file of typeof from === 'string' ? [from] : from) visit(file);
  return { packages: [...packages], sources: [...sources], files };
}
