/**
 * How the bench starts a baseline script (scripts/bare-*.ts): the way it starts ours. With `--server dist`
 * (the default) ours is plain JavaScript run by plain `node`, so the baseline is bundled once into plain
 * JavaScript too and run the same way; with `--server source` both run from TypeScript under tsx.
 *
 * Why it matters: run under tsx's loader, the bare server was not the bare server users would write. V8 grew
 * its young generation while tsx started (it collected half as often per request as the same code run by plain
 * `node`: 116 against 224 scavenges per 100,000 lists of 25, `--trace-gc`; ours, from dist/, 215), and all in
 * all it cost 1.14× the bundled one's CPU per list of 25 (medians of 5 alternating pairs, 2026-11-26): the
 * baseline flattered ours (docs/performance.md, "Round 7").
 */
import { join } from 'node:path';
import { CLI_BUNDLE } from './bundle-cli.ts';
import { buildWithStartChunk } from './start-chunk.ts';

/** Node's arguments that run `scripts/<name>.ts` as ours runs under `server`. */
export async function baselineArgs(root: string, name: string, server: 'dist' | 'source'): Promise<string[]> {
  const source = join('scripts', `${name}.ts`);
  if (server === 'source') return ['--import', 'tsx', source];
  return [await bundled(root, name, source)];
}

const built = new Map<string, Promise<string>>();

/** Bundled once per run as the CLI is (its options, its start chunk), as the start-up row's floors are (bench-startup-floor.ts). */
function bundled(root: string, name: string, source: string): Promise<string> {
  let file = built.get(name);
  if (file === undefined) {
    const outdir = join(root, '.bench', 'baselines', name);
    file = buildWithStartChunk({
      ...CLI_BUNDLE,
      entryPoints: { [name]: source },
      // ES modules, which may await at their top level: a request runs the same code in either format.
      outputFormat: 'esm',
      outdir,
      absWorkingDir: root,
      sourcemap: false,
    }).then(() => join(outdir, `${name}.js`));
    built.set(name, file);
  }
  return file;
}
