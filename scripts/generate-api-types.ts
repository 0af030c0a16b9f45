import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * Generates the Store API's TypeScript types from spec/openapi.yaml (the single source of truth), so that
 * `Order` and `Error` as users import them are the spec's. `npm run types` writes the file;
 * src/core/api-types.test.ts fails when the committed file is stale.
 */
export const specUrl = new URL('../spec/openapi.yaml', import.meta.url);
export const typesUrl = new URL('../src/core/api-types.generated.ts', import.meta.url);

const banner = `/**
 * GENERATED from spec/openapi.yaml by scripts/generate-api-types.ts (\`npm run types\`).
 * Do not edit: change the spec and regenerate. src/core/api-types.ts names the schemas users import.
 */

`;

export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(await readFile(specUrl, 'utf8'), { immutable: true, exportType: false });
  return banner + astToString(ast);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(typesUrl, await generateApiTypes());
  console.log(`wrote ${typesUrl.pathname}`);
}
