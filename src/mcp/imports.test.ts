import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const folder = new URL('./', import.meta.url);

test("src/mcp imports only itself, the conformance suite's public entry, the SDK, zod and ipaddr.js", () => {
  // Nothing of the serve path (it shares no chunk with it), and the suite only as a user of the package would.
  const allowed = [
    /^\.\/[\w.-]+\.ts$/,
    /^\.\.\/\.\.\/conformance\/index\.ts$/,
    /^@modelcontextprotocol\/sdk\//,
    /^zod$/,
  ];
  const files = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const imports = files.flatMap((file) =>
    [
      ...readFileSync(new URL(file, folder), 'utf8').matchAll(/^(?:import|export)[^;]*? from '([^']+)'/gm),
    ].map((match) => `${file}: ${match[1]}`),
  );
  expect(imports.length).toBeGreaterThan(20);
  const foreign = imports.filter((line) => {
    const target = line.split(': ')[1] as string;
    return (
      !target.startsWith('node:') && target !== 'ipaddr.js' && !allowed.some((rule) => rule.test(target))
    );
  });
  expect(foreign).toEqual([]);
});
