import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Global setup of the slow legs: packs the package once, as `npm publish` would (running `prepare`, so dist/
 * is rebuilt from the sources), and hands the tarball's path to every slow test through `inject('tarball')`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    tarball: string;
    packedFiles: string[];
  }
}

export const root = new URL('../..', import.meta.url).pathname;

export default function packOnce(project: TestProject): () => void {
  const work = mkdtempSync(join(tmpdir(), 'petstore-pack-'));
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [packed] = JSON.parse(output) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error(`npm pack printed no package: ${output}`);
  project.provide('tarball', join(work, packed.filename));
  project.provide(
    'packedFiles',
    packed.files.map((file) => file.path),
  );
  return () => rmSync(work, { recursive: true, force: true });
}
