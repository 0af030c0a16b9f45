/**
 * Writes fixtures/fixtures.schema.json (derived from the specs) and its precompiled validator
 * src/seed/validate-fixture-file.generated.ts. Run by `npm run build`; both files are committed.
 * Silent: `npm pack --json` runs the build and its standard output must stay JSON.
 */
import { writeFileSync } from 'node:fs';
import {
  fixturesSchema,
  SCHEMA_FILE,
  schemaText,
  VALIDATOR_FILE,
  validatorModule,
} from './fixtures-schema.ts';

const schema = fixturesSchema();
writeFileSync(SCHEMA_FILE, schemaText(schema));
writeFileSync(VALIDATOR_FILE, validatorModule(schema));
