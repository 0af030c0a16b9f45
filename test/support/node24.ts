import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './pack.ts';

/**
 * A Node 24 binary for the msw 3 leg, installed from the npm registry (the `node` package) into this
 * repository's cache folder once, and reused: no system Node is touched.
 */
export function installNode24(): string {
  const cache = join(root, 'node_modules', '.cache', 'petstore-node24');
  const bin = join(cache, 'node_modules', '.bin', 'node');
  if (!existsSync(bin)) {
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, 'package.json'), '{"private":true}');
    execFileSync('npm', ['install', 'node@24', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: cache,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return bin;
}
