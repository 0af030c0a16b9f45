import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** What an app adds to its browser bundle by importing the handlers, minified and gzipped (msw itself aside). */
export interface BundleSize {
  readonly entry: string;
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
}

const ENTRIES = {
  'petstore-mock/msw': `export { createHandlers } from './src/msw/index.ts';`,
  'petstore-mock/msw + domainsSimulation': `export { createHandlers } from './src/msw/index.ts';
export { domainsSimulation } from './src/domains/index.ts';`,
} as const;

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
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    sizes.push({ entry, minifiedBytes: code.length, gzipBytes: gzipSync(code).length });
  }
  return sizes;
}

/** One line per entry, for the bench's output and docs/msw.md. */
export function bundleLines(sizes: readonly BundleSize[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return sizes
    .map((size) => `${size.entry}: ${kb(size.minifiedBytes)} minified, ${kb(size.gzipBytes)} gzip`)
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${bundleLines(await mswBundleSizes(new URL('..', import.meta.url).pathname))}\n`);
}
