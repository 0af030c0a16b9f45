import { build, type Metafile } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { CLI_BUNDLE } from './bundle-cli.ts';

type Outputs = Metafile['outputs'];

/** Every package an output imports, following its own chunks: statically only, or dynamic imports too. */
function packagesReached(outputs: Outputs, from: string, dynamic: boolean): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { path, kind, external } of outputs[file]?.imports ?? []) {
      if (kind === 'dynamic-import' && !dynamic) continue;
      if (external) packages.add(path);
      else visit(path);
    }
  };
  visit(from);
  return packages;
}

describe("the CLI bundle's chunks", () => {
  test('keep the MCP SDK, zod and the conformance suite off the start path, in chunks the mcp command loads', async () => {
    const { metafile } = await build({
      ...CLI_BUNDLE,
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const entry = Object.keys(metafile.outputs).find(
      (file) => metafile.outputs[file]?.entryPoint === 'src/cli/cli.ts',
    );
    expect(entry).toBeDefined();
    const isMcp = (name: string) => name.startsWith('@modelcontextprotocol/sdk') || name === 'zod';
    const startPath = packagesReached(metafile.outputs, entry as string, false);
    expect([...startPath].filter(isMcp)).toEqual([]);
    // The conformance suite's YAML parser and its validator (ajv) come with it only.
    expect(startPath.has('yaml')).toBe(false);
    const everything = packagesReached(metafile.outputs, entry as string, true);
    expect([...everything].filter(isMcp)).toContain('@modelcontextprotocol/sdk/server/mcp.js');
  });
});
