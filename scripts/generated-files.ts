/**
 * Every generated file the repository commits, with the text its generator makes now: the request-body
 * validators, the operations table, the admin API's and the dashboard's route lists, the suite's copy of the
 * Store API document, the types and the MCP tool table (from the specs), the fixture file schema and its
 * validator, the config file's schema and option tables (from the commands' option definitions), and the seed
 * data. `npm run generate` (scripts/generate.ts) writes them; scripts/generated-files.test.ts fails while one
 * is stale. Nothing is generated at build time, so the package ships what was reviewed.
 */
import { readFile } from 'node:fs/promises';
import { generateOrders } from '../src/seed/generate.ts';
import { generatePets } from '../src/seed/generate-pets.ts';
import {
  CONFIG_DOCS_OUT,
  CONFIG_SCHEMA_OUT,
  configDocs,
  configSchemaText,
  readConfigDocs,
} from './config-files.ts';
import { fixturesSchema, schemaText, validatorModule } from './fixtures-schema.ts';
import { ADMIN_ROUTES_OUT, generateAdminRoutes } from './generate-admin-routes.ts';
import { DASHBOARD_ROUTES_OUT, generateDashboardRoutes } from './generate-dashboard-routes.ts';
import {
  generateDocs as generateMcpDocs,
  generateToolsModule as generateMcpTools,
  DOCS_OUT as MCP_DOCS_OUT,
  TOOLS_OUT as MCP_TOOLS_OUT,
  readDocs as readMcpDocs,
} from './generate-mcp-tools.ts';
import { generateOperations, OPERATIONS_OUT } from './generate-operations.ts';
import { generateRequestBodies, targets as requestBodyTargets } from './generate-request-bodies.ts';
import { generateSpecDocument, SPEC_DOCUMENT_OUT } from './generate-spec-document.ts';
import { generateSpecTypes, specTypes } from './generate-spec-types.ts';
import { STATE_SCHEMA_OUT, stateSchema } from './state-schema.ts';

export interface GeneratedFile {
  /** Relative to the repository root. */
  readonly path: string;
  /** What it is made from, for the stale file's message. */
  readonly from: string;
  generate(): string | Promise<string>;
}

/** The committed seed data: seed 7, 25 orders, 10 pets (src/core/defaults.ts serves them). */
const SEED = 7;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const generatedFiles: readonly GeneratedFile[] = [
  ...requestBodyTargets.map((target) => ({
    path: target.out,
    from: target.spec,
    generate: () => generateRequestBodies(target),
  })),
  { path: OPERATIONS_OUT, from: 'spec/openapi.yaml', generate: generateOperations },
  { path: ADMIN_ROUTES_OUT, from: "the admin API's router", generate: generateAdminRoutes },
  {
    path: DASHBOARD_ROUTES_OUT,
    from: "the dashboard simulation's routers",
    generate: generateDashboardRoutes,
  },
  { path: SPEC_DOCUMENT_OUT, from: 'spec/openapi.yaml', generate: generateSpecDocument },
  ...specTypes.map((target) => ({
    path: target.out,
    from: target.spec,
    generate: () => generateSpecTypes(target),
  })),
  {
    path: 'fixtures/fixtures.schema.json',
    from: 'spec/mock-admin.openapi.yaml and spec/openapi.yaml',
    generate: () => schemaText(fixturesSchema()),
  },
  {
    path: 'src/seed/validate-fixture-file.generated.ts',
    from: 'fixtures/fixtures.schema.json',
    generate: () => validatorModule(fixturesSchema()),
  },
  {
    path: CONFIG_SCHEMA_OUT,
    from: 'the option definitions of the three commands',
    generate: configSchemaText,
  },
  // The option tables between their markers; the rest of the page is written by hand.
  {
    path: CONFIG_DOCS_OUT,
    from: 'the option definitions of the three commands',
    generate: () => configDocs(readConfigDocs()),
  },
  { path: STATE_SCHEMA_OUT, from: 'spec/mock-admin.openapi.yaml', generate: () => schemaText(stateSchema()) },
  {
    path: MCP_TOOLS_OUT,
    from: 'spec/mock-admin.openapi.yaml and spec/dashboard.openapi.yaml',
    generate: generateMcpTools,
  },
  // The tool list between its markers; the rest of the page is written by hand.
  { path: MCP_DOCS_OUT, from: 'the MCP tool table', generate: () => generateMcpDocs(readMcpDocs()) },
  {
    path: 'fixtures/orders.json',
    from: `src/seed/generate.ts, seed ${SEED}`,
    generate: () => json(generateOrders({ seed: SEED, count: 25 })),
  },
  {
    path: 'fixtures/pets.json',
    from: `src/seed/generate.ts, seed ${SEED}`,
    generate: () => json(generatePets({ seed: SEED, count: 10 })),
  },
];

const root = new URL('../', import.meta.url);

/** The committed text of a generated file, or undefined when it is missing. */
export function readCommitted(path: string): Promise<string | undefined> {
  return readFile(new URL(path, root), 'utf8').catch(() => undefined);
}

export function fileUrl(path: string): URL {
  return new URL(path, root);
}
