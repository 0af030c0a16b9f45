import { build, type Metafile } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { CLI_BUNDLE } from './bundle-cli.ts';

/** The packages and source files an output loads, following its own chunks: statically, or dynamically too. */
function reached(outputs: Metafile['outputs'], from: string, dynamic: boolean) {
  const packages = new Set<string>();
  const sources = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const source of Object.keys(outputs[file]?.inputs ?? {})) sources.add(source);
    for (const { path, kind, external } of outputs[file]?.imports ?? []) {
      if (kind === 'dynamic-import' && !dynamic) continue;
      if (external) packages.add(path);
      else visit(path);
    }
  };
  visit(from);
  return { packages: [...packages], sources: [...sources], files: seen.size };
}

/** The CLI bundle's outputs, built in memory, and its entry chunk. */
async function bundled() {
  const { metafile } = await build({
    ...CLI_BUNDLE,
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === 'src/cli/cli.ts') as string;
  return { outputs, entry };
}

describe("the CLI bundle's chunks", () => {
  test('keep the MCP server, its SDK, zod and the conformance suite off the start path', async () => {
    const { outputs, entry } = await bundled();
    const isMcp = (name: string) => name.startsWith('@modelcontextprotocol/') || name === 'zod';
    const isMcpSource = (file: string) => file.startsWith('src/mcp/') || file.startsWith('conformance/');

    const start = reached(outputs, entry, false);
    expect(start.packages.filter(isMcp)).toEqual([]);
    expect(start.sources.filter(isMcpSource)).toEqual([]);
    // Not vacuous: `petstore-mock mcp` and --mcp do load them.
    const all = reached(outputs, entry, true);
    expect(all.packages.filter(isMcp)).toEqual(
      expect.arrayContaining([
        '@modelcontextprotocol/sdk/server/mcp.js',
        '@modelcontextprotocol/sdk/server/stdio.js',
      ]),
    );
    expect(all.sources).toEqual(expect.arrayContaining(['src/mcp/stdio.ts', 'conformance/run/runner.ts']));
  });

  test('load no package and none of the Node modules that only an option needs on the start path', async () => {
    const { outputs, entry } = await bundled();
    const start = reached(outputs, entry, false);
    // Packages (faker for --seed, node-redis for --store, write-file-atomic for --state-file, undici for
    // --passthrough, ipaddr.js and tldts for the simulation's records) load when first used.
    expect(start.packages.filter((name) => !name.startsWith('node:'))).toEqual([]);
    const onlyWhenAsked = ['node:cluster', 'node:worker_threads', 'node:crypto', 'node:dns/promises'];
    expect(start.packages.filter((name) => onlyWhenAsked.includes(name))).toEqual([]);
    // Not vacuous: the options that need them do load them.
    const all = reached(outputs, entry, true);
    expect(all.packages).toEqual(
      expect.arrayContaining(['write-file-atomic', 'ipaddr.js', 'tldts', ...onlyWhenAsked]),
    );
  });
});
