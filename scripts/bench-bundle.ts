import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

/**
 * What an app adds to its browser bundle by importing the handlers (msw itself aside), minified and gzipped:
 * what loads with the import, and what loads on first use besides (the admin API's code: bundlers split at
 * `import()`, as Vite, webpack and Rollup do).
 */
export interface BundleSize {
  readonly entry: string;
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
  readonly lazyMinifiedBytes: number;
  readonly lazyGzipBytes: number;
  /** The source files in what loads with the import (relative to the repository). */
  readonly loadedSources: readonly string[];
}

const ENTRIES = {
  'petstore-mock/msw': `export { createHandlers } from './src/msw/index.ts';`,
  'petstore-mock/msw + domainsSimulation': `export { createHandlers } from './src/msw/index.ts';
export { domainsSimulation } from './src/domains/index.ts';`,
} as const;

const OUT = '/bench-bundle';

export async function mswBundleSizes(root: string): Promise<BundleSize[]> {
  const sizes: BundleSize[] = [];
  for (const [entry, contents] of Object.entries(ENTRIES)) {
    const result = await build({
      stdin: { contents, resolveDir: root, loader: 'ts' },
      bundle: true,
      minify: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      external: ['msw', 'msw/*'],
      logLevel: 'silent',
      splitting: true,
      outdir: OUT,
      metafile: true,
    });
    const initial = loadedAtOnce(result.metafile);
    const size = {
      entry,
      minifiedBytes: 0,
      gzipBytes: 0,
      lazyMinifiedBytes: 0,
      lazyGzipBytes: 0,
      loadedSources: sourcesOf(result.metafile, initial),
    };
    for (const file of result.outputFiles) {
      const gzip = gzipSync(file.contents).length;
      if (initial.has(basename(file.path))) {
        size.minifiedBytes += file.contents.length;
        size.gzipBytes += gzip;
      } else {
        size.lazyMinifiedBytes += file.contents.length;
        size.lazyGzipBytes += gzip;
      }
    }
    sizes.push(size);
  }
  return sizes;
}

/** The entry's output and the chunks it imports statically (their file names): what loads with the import. */
function loadedAtOnce(metafile: Metafile): Set<string> {
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(basename(path))) return;
    loaded.add(basename(path));
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  // Chunks loaded by import() are entry points too; the app's import is the one from stdin.
  for (const [path, output] of Object.entries(metafile.outputs))
    if (output.entryPoint === '<stdin>') visit(path);
  return loaded;
}

function sourcesOf(metafile: Metafile, outputs: ReadonlySet<string>): string[] {
  return Object.entries(metafile.outputs)
    .filter(([path]) => outputs.has(basename(path)))
    .flatMap(([, output]) => Object.keys(output.inputs));
}

/** One line per entry, for the bench's output. */
export function bundleLines(sizes: readonly BundleSize[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return sizes
    .map(
      (size) =>
        `${size.entry}: ${kb(size.minifiedBytes)} minified, ${kb(size.gzipBytes)} gzip; on first use of the admin API ${kb(size.lazyGzipBytes)} gzip more`,
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${bundleLines(await mswBundleSizes(new URL('..', import.meta.url).pathname))}\n`);
}
