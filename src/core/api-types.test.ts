import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateApiTypes, typesUrl } from '../../scripts/generate-api-types.ts';

describe('src/core/api-types.generated.ts', () => {
  it('is what openapi-typescript generates from spec/openapi.yaml now (run `npm run types` if not)', async () => {
    expect(await readFile(typesUrl, 'utf8')).toBe(await generateApiTypes());
  });
});
