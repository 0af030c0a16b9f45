import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types: it also runs where no TypeScript is installed
import { packedManifest } from './packed-manifest.mjs';

const repositoryManifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('the packed manifest', () => {
  it('leaves out the scripts and devDependencies and keeps what a consumer needs', () => {
    const packed = packedManifest(repositoryManifest);
    expect(packed.scripts).toBeUndefined();
    expect(packed.devDependencies).toBeUndefined();
    expect(packed.exports).toEqual(repositoryManifest.exports);
    expect(packed.dependencies).toEqual(repositoryManifest.dependencies);
  });

  it('is never what the repository keeps: its package.json still has the scripts a clone needs', () => {
    expect(Object.keys(repositoryManifest.scripts)).toEqual(
      expect.arrayContaining(['start', 'test', 'build']),
    );
    expect(repositoryManifest.devDependencies).toHaveProperty('vitest');
  });
});
