import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateDashboardTypes, typesUrl } from '../../scripts/generate-dashboard-types.ts';

describe('spec/dashboard-api.generated.ts', () => {
  it('is what openapi-typescript generates from spec/dashboard.openapi.yaml now (run `npm run types` if not)', async () => {
    expect(await readFile(typesUrl, 'utf8')).toBe(await generateDashboardTypes());
  });
});
