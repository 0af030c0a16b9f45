import { createRequire } from 'node:module';

let version: string | undefined;

/** The package's version: it refers to itself by name (package.json is exported), from src/ and dist/ alike. */
export function packageVersion(): string {
  version ??= (createRequire(import.meta.url)('petstore-mock/package.json') as { version: string }).version;
  return version;
}
