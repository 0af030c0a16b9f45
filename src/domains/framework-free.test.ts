import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** src/domains must run under MSW in a browser: no runtime imports (src/domains/tsconfig.json has no Node types). */
const folder = new URL('./', import.meta.url);
const sources = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

describe('src/domains', () => {
  it('imports neither node:* nor msw nor any package, only its own files and src/core', () => {
    const imports = sources.flatMap((file) =>
      [...readFileSync(new URL(file, folder), 'utf8').matchAll(/from '([^']+)'/g)].map(
        (m) => `${file}: ${m[1]}`,
      ),
    );
    expect(imports.length).toBeGreaterThan(20);
    const allowed = /: (\.\/|\.\.\/core\/)[\w.-]+\.ts$/;
    expect(imports.filter((line) => !allowed.test(line))).toEqual([]);
  });
});
