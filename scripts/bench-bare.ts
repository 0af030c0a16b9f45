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
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

/** Node's arguments that run `scripts/<name>.ts` as ours runs under `server`. */
export function baselineArgs(root: string, name: string, server: 'dist' | 'source'): string[] {
  const source = join('scripts', `${name}.ts`);
  if (server === 'source') return ['--import', 'tsx', source];
  return [bundled(root, name, source)];
}

const built = new Map<string, string>();

function bundled(root: string, name: string, source: string): string {
  const known = built.get(name);
  if (known) return known;
  const folder = join(root, '.bench', 'baselines');
  mkdirSync(folder, { recursive: true });
  const outfile = join(folder, `${name}.mjs`);
  buildSync({
    absWorkingDir: root,
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  built.set(name, outfile);
  return outfile;
}
