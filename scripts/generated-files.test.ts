import { describe, expect, it } from 'vitest';
import { generatedFiles, readCommitted } from './generated-files.ts';

describe('the generated files', () => {
  it.each(generatedFiles.map((file) => [file.path, file] as const))(
    '%s is what its generator makes now (run npm run generate)',
    async (path, file) => {
      const committed = await readCommitted(path);
      // A plain equality check: a diff of a 1,000-line generated file says less than the command to run.
      expect(committed === (await file.generate()), `${path} is stale: run npm run generate`).toBe(true);
    },
  );
});
