import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { builtinsThroughGetBuiltinModule } from './builtin-imports.ts';

const rendered = (code: string) => {
  const hook = builtinsThroughGetBuiltinModule().renderChunk as (code: string) => { code: string } | null;
  return hook(code)?.code ?? code;
};

describe("a bundle's imports of Node's modules", () => {
  test('become lookups through process.getBuiltinModule, one line each, whatever the import clause', () => {
    const code = [
      'import { readFile, stat as statOf } from "node:fs/promises";',
      'import cluster from "node:cluster";',
      'import * as path from "node:path";',
      'import events, { once } from "node:events";',
      'import { default as os, hostname } from "node:os";',
      'import "node:http";',
      'import { shared } from "./cli-start-abc.js";',
      'const text = \'import { x } from "node:fs";\';',
    ].join('\n');
    expect(rendered(code).split('\n')).toEqual([
      'const { readFile, stat: statOf } = process.getBuiltinModule("node:fs/promises");',
      'const cluster = process.getBuiltinModule("node:cluster");',
      'const path = process.getBuiltinModule("node:path");',
      'const events = process.getBuiltinModule("node:events"), { once } = process.getBuiltinModule("node:events");',
      'const os = process.getBuiltinModule("node:os"), { hostname } = process.getBuiltinModule("node:os");',
      'process.getBuiltinModule("node:http");',
      'import { shared } from "./cli-start-abc.js";',
      'const text = \'import { x } from "node:fs";\';',
    ]);
  });

  test('bind what the imports bound, as a module Node runs', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'builtin-imports-'));
    try {
      const file = join(folder, 'module.mjs');
      await writeFile(
        file,
        rendered(
          [
            'import { join as joined } from "node:path";',
            'import cluster from "node:cluster";',
            'import * as util from "node:util";',
            'export const seen = [joined("a", "b"), typeof cluster.fork, typeof util.parseArgs];',
          ].join('\n'),
        ),
      );
      const { seen } = await import(pathToFileURL(file).href);
      expect(seen).toEqual([join('a', 'b'), 'function', 'function']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
