import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * Generates the dashboard API's TypeScript types from spec/dashboard.openapi.yaml (the single source of truth):
 * the page's JSDoc and the server's presenters both use them. `npm run types` writes the file;
 * src/domains/api-types.test.ts fails when the committed file is stale. It sits beside the spec rather than in
 * src/, where its generated repetition would read as duplicated code; biome leaves `*.generated.ts` alone.
 */
export const specUrl = new URL('../spec/dashboard.openapi.yaml', import.meta.url);
export const typesUrl = new URL('../spec/dashboard-api.generated.ts', import.meta.url);

const banner = `/**
 * GENERATED from spec/dashboard.openapi.yaml by scripts/generate-dashboard-types.ts (\`npm run types\`).
 * Do not edit: change the spec and regenerate. The page imports these types through JSDoc; the server's
 * presenters (src/domains/present.ts) are checked against them with \`satisfies\`.
 */

`;

export async function generateDashboardTypes(): Promise<string> {
  const ast = await openapiTS(await readFile(specUrl, 'utf8'), { immutable: true, exportType: false });
  return banner + astToString(ast);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(typesUrl, await generateDashboardTypes());
  console.log(`wrote ${typesUrl.pathname}`);
}
