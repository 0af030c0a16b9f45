import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { packageVersion } from './version.ts';

test('the version is the one package.json states', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  expect(packageVersion()).toBe(manifest.version);
});
