import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Consumer, RunResult } from './consumer.ts';

/** The installed package's export paths, as a user names them: JavaScript modules, and plain files. */
export function exportNames(installed: string): { modules: string[]; files: string[] } {
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  const entries = Object.entries(manifest.exports as Record<string, unknown>);
  const named = (keep: (target: unknown) => boolean) =>
    entries.filter(([, target]) => keep(target)).map(([key]) => `petstore-mock${key.slice(1)}`);
  return {
    modules: named((target) => typeof target === 'object'),
    files: named((t) => typeof t === 'string'),
  };
}

/** Imports every module export with `import`, then with `require` (Node's require(esm)); each must export something. */
export async function loadEveryModule(
  consumer: Consumer,
  node: string,
  names: string[],
): Promise<RunResult[]> {
  const list = JSON.stringify(names);
  const check = "if (Object.keys(module).length === 0) throw new Error(name + ' exports nothing');";
  consumer.write(
    'import-all.mjs',
    `for (const name of ${list}) { const module = await import(name); ${check} }`,
  );
  consumer.write('require-all.cjs', `for (const name of ${list}) { const module = require(name); ${check} }`);
  return [await consumer.run(node, ['import-all.mjs']), await consumer.run(node, ['require-all.cjs'])];
}
