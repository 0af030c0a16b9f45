/**
 * The package.json that npm packs: the repository's without its scripts and devDependencies. A consumer's npm
 * warns about install scripts it sees in a dependency's manifest (`prepare`), though a tarball runs none
 * (dist/ is in it); and the scripts and devDependencies are the repository's business, not the user's.
 *
 * `node scripts/packed-manifest.mjs strip` (prepack) keeps the repository's file aside and writes the packed
 * one; `restore` (postpack) puts the repository's back. A strip after a pack that died half-way first restores.
 * Plain Node, no TypeScript: it also runs when npm installs the package from a git URL.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const MANIFEST = 'package.json';
const KEPT = 'package.json.repository';

/** What the repository's manifest becomes in the tarball. */
export function packedManifest(manifest) {
  const { scripts: _scripts, devDependencies: _devDependencies, ...packed } = manifest;
  return packed;
}

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const action = process.argv[2];
  if (action === 'strip') {
    restore();
    const text = readFileSync(MANIFEST, 'utf8');
    writeFileSync(KEPT, text);
    writeFileSync(MANIFEST, `${JSON.stringify(packedManifest(JSON.parse(text)), null, 2)}\n`);
  } else if (action === 'restore') {
    restore();
  } else {
    process.stderr.write('usage: node scripts/packed-manifest.mjs strip|restore\n');
    process.exitCode = 2;
  }
}
