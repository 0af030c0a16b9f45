import { describe, expect, it } from 'vitest';
import { findImportCycles } from './test-support/import-cycles.ts';

describe('the layout of conformance/', () => {
  it('has no import circle, not even through a type', () => {
    expect(findImportCycles(new URL('./', import.meta.url))).toEqual([]);
  });
});
