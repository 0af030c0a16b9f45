/**
 * Bundles the suite's CLI (conformance/cli.ts) into dist/conformance-cli/, as scripts/bundle-cli.ts does for the
 * mock's: a run starts from a handful of files instead of about a hundred small modules of dist/conformance,
 * each of which Node's ES module loader reads and links on its own. What only a command or an option needs
 * (the validating proxy and its forwarding client, `grade`, --explore's generator, --har's writer, the OAuth
 * client) stays in chunks of its own; scripts/bundle-conformance-cli.test.ts checks the path of a run. The
 * library's entry point (dist/conformance/index.js) is unchanged.
 *
 * Usage: tsx scripts/bundle-conformance-cli.ts   (part of `npm run build`)
 */
import { CLI_BUNDLE, packagesExternalBut } from './bundle-cli.ts';
import { buildWithStartChunk, type StartChunkOptions } from './start-chunk.ts';

export const CONFORMANCE_CLI_BUNDLE = {
  ...CLI_BUNDLE,
  entryPoints: { cli: 'conformance/cli.ts' },
  // Every package from node_modules: a run's path loads none of those the mock's CLI carries.
  plugins: [packagesExternalBut()],
  // Left ES modules: a run's requests take a second or more, so its start weighs less than the mock's, which
  // frontend teams and test suites start again and again (the mock's went CommonJS for its compile cache).
  outputFormat: 'esm',
  outdir: 'dist/conformance-cli',
} satisfies StartChunkOptions;

if (import.meta.url === `file://${process.argv[1]}`) await buildWithStartChunk(CONFORMANCE_CLI_BUNDLE);
