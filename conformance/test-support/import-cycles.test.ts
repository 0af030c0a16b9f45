import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A folder holding the given files (path → text), removed after the test. */
async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'import-cycles-'));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('finding import circles', () => {
  it('names a circle that runs through a type-only import, in import order', async () => {
    const root = await tree({
      'a/one.ts': "import { two } from '../b/two.ts';\nexport const one = two;\n",
      'b/two.ts': "import type { Three } from './three.ts';\nexport const two: Three = 2;\n",
      'b/three.ts': "import { one } from '../a/one.ts';\nexport type Three = typeof one;\n",
    });
    expect(findImportCycles(root)).toEqual([['a/one.ts', 'b/two.ts', 'b/three.ts', 'a/one.ts']]);
  });

  it('follows re-exports and .js specifiers, and finds a file that imports itself', async () => {
    const root = await tree({
      'index.ts': "export * from './lib.js';\n",
      'lib.ts': "export { x } from './index.ts';\n",
      'self.ts': "import './self.ts';\n",
    });
    expect(findImportCycles(root)).toEqual([
      ['index.ts', 'lib.ts', 'index.ts'],
      ['self.ts', 'self.ts'],
    ]);
  });

  it('finds none in a tree that only imports downwards, packages and files outside it', async () => {
    const root = await tree({
      'top.ts': "import { low } from './low.ts';\nimport { parse } from 'yaml';\nexport { low, parse };\n",
      'low.ts': "import { outside } from '../outside.ts';\nexport const low = outside;\n",
    });
    expect(findImportCycles(root)).toEqual([]);
  });
});
