import { describe, expect, it } from 'vitest';
import { generateSpecTypes, readCommitted, specTypes } from './generate-spec-types.ts';

describe('the types generated from the specs', () => {
  it.each(specTypes)(
    '$out is what openapi-typescript generates from $spec now (run `npm run types` if not)',
    async (target) => {
      expect(await readCommitted(target)).toBe(await generateSpecTypes(target));
    },
  );
});
