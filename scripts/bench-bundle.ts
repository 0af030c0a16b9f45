import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { reached } from './bundle-reach.ts';

/**
 * What an app adds to its browser bundle by importing the handlers (msw itself aside), minified and gzipped:
 * what loads with the import, and what loads on first use of a control plane besides (the admin API, the
 * state document, the OAuth token endpoint: bundlers split at `import()`, as Vite, webpack and Rollup do).
 */
export interface BundleSize {
  readonly entry: string;
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
  readonly lazyMinifiedBytes: number;
  readonly lazyGzipBytes: number;
  /** The source files in what loads with the import (relative to the repository). */
  readonly loadedSources: readonly string[];
  /** How many files load with the import (each is fetched and gzipped on its own). */
  readonly loadedFiles: number;
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
    const { outputs } = result.metafile;
    // Chunks loaded by import() are entry points too; the app's import is the one from stdin.
    const entryOutput = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === '<stdin>') ?? '';
    const loaded = reached(outputs, entryOutput, false);
    const initial = new Set([...loaded.files].map((path) => basename(path)));
    const size = {
      entry,
      minifiedBytes: 0,
      gzipBytes: 0,
      lazyMinifiedBytes: 0,
      lazyGzipBytes: 0,
      loadedSources: loaded.sources,
      loadedFiles: loaded.files.size,
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

/** One line per entry, for the bench's output. */
export function bundleLines(sizes: readonly BundleSize[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return sizes
    .map(
      (size) =>
        `${size.entry}: ${kb(size.minifiedBytes)} minified, ${kb(size.gzipBytes)} gzip; on first use of a control plane ${kb(size.lazyGzipBytes)} gzip more`,
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${bundleLines(await mswBundleSizes(new URL('..', import.meta.url).pathname))}\n`);
}
