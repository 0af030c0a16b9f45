import { readFileSync } from 'node:fs';

let version: string | undefined;

/**
 * The package's version, from its package.json: the nearest one above this file that names the package
 * (src/node, dist/src/node and the CLI bundle in dist/cli alike). Read as a file rather than required by
 * the package's own name, which made the start resolve the package's exports through the CommonJS loader.
 */
export function packageVersion(): string {
  version ??= ownManifest().version;
  return version;
}

function ownManifest(): { version: string } {
  for (let folder = new URL('.', import.meta.url); ; folder = new URL('..', folder)) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', folder), 'utf8'));
      if (manifest.name === 'petstore-mock') return manifest;
    } catch {
      // No package.json here (dist/cli, dist/src): look further up.
    }
    if (folder.pathname === '/') throw new Error('petstore-mock: its package.json was not found.');
  }
}
