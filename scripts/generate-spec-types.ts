import openapiTS, { astToString } from 'openapi-typescript';

/**
 * TypeScript types generated from the specs (the single source of truth) with openapi-typescript.
 * `npm run generate` writes them; scripts/generated-files.test.ts fails when a committed file is stale.
 * - The Store API's: `Order` and `Error` as users import them (src/core/api-types.ts names them).
 * - The token endpoint's: its answers' bodies (src/core/routes/oauth-token.ts, `satisfies`).
 * - The dashboard API's: the page's JSDoc and the server's presenters (src/domains/present.ts, `satisfies`).
 *   It sits beside the spec rather than in src/, where its generated repetition would read as duplicated code.
 */
export const specTypes = [
  { spec: 'spec/openapi.yaml', out: 'src/core/api-types.generated.ts', usedBy: 'src/core/api-types.ts' },
  {
    spec: 'spec/dashboard.openapi.yaml',
    out: 'spec/dashboard-api.generated.ts',
    usedBy: 'the settings page (JSDoc) and src/domains/present.ts',
  },
  {
    spec: 'spec/mock-admin.openapi.yaml',
    out: 'spec/mock-admin-api.generated.ts',
    usedBy: 'the control page (JSDoc)',
  },
  {
    spec: 'spec/oauth.openapi.yaml',
    out: 'src/core/routes/oauth-types.generated.ts',
    usedBy: 'src/core/routes/oauth-token.ts',
  },
] as const;

export type SpecTypes = (typeof specTypes)[number];

const root = new URL('../', import.meta.url);

export async function generateSpecTypes({ spec, usedBy }: SpecTypes): Promise<string> {
  const ast = await openapiTS(new URL(spec, root), {
    immutable: true,
    exportType: false,
  });
  const banner = `/**
 * GENERATED from ${spec} by scripts/generate-spec-types.ts (\`npm run generate\`).
 * Do not edit: change the spec and regenerate. Used by ${usedBy}.
 */

`;
  return banner + astToString(ast);
}
