import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('findImportCycles', () => {
  it('finds a circle that runs through a type-only import, across folders', () => {
    const dir = tree({
      'a/clock.ts': "import { truncate } from '../b/router.ts';\n",
      'b/router.ts': "import type { Route } from '../extension.ts';\n",
      'extension.ts': "import type { Clock } from './a/clock.ts';\nexport { x } from 'some-package';\n",
    });
    expect(findImportCycles(dir)).toEqual([['a/clock.ts', 'b/router.ts', 'extension.ts', 'a/clock.ts']]);
  });

  it('finds re-exports, dynamic imports and a file that imports itself; a tree without circles has none', () => {
    const dir = tree({
      'one.ts': "export * from './two.ts';\n",
      'two.ts': "const later = () => import('./one.ts');\n",
      'self.js': "import './self.js';\n",
      'leaf.ts': "import { readFileSync } from 'node:fs';\nimport './one.ts';\n",
    });
    expect(findImportCycles(dir)).toEqual([
      ['one.ts', 'two.ts', 'one.ts'],
      ['self.js', 'self.js'],
    ]);
    expect(findImportCycles(tree({ 'a.ts': "import './b.ts';\n", 'b.ts': '' }))).toEqual([]);
  });
});
