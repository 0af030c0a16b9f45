import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const src = new URL('../', import.meta.url).pathname;
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'))
  .map((file) => join(src, file));

describe('node-redis stays out of the default paths', () => {
  test('only src/redis imports it, and the rest reaches src/redis by a dynamic import or for types', () => {
    const offending = sources
      .filter((file) => !relative(src, file).startsWith('redis/'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)]
          .map((match) => match[1] as string)
          .filter(
            (specifier) =>
              specifier === 'redis' ||
              specifier.startsWith('@redis/') ||
              /\/redis\/(?!settings\.ts)/.test(specifier),
          )
          .map((specifier) => `${relative(src, file)}: ${specifier}`),
      );
    expect(offending).toEqual([]);
  });
});
