import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const root = new URL('../', import.meta.url);
const docs = ['README.md', ...readdirSync(new URL('docs/', root)).map((name) => `docs/${name}`)].filter(
  (path) => path.endsWith('.md') && path !== 'docs/performance.md',
);

test('bundle sizes are stated once, in the table `npm run bench` writes into docs/performance.md', () => {
  const restated = docs.flatMap((path) =>
    readFileSync(new URL(path, root), 'utf8')
      .split('\n')
      .filter((line) => /bundle|petstore-mock\/msw/i.test(line) && /\d\s?KB/.test(line))
      .map((line) => `${path}: ${line.trim()}`),
  );
  expect(restated).toEqual([]);
  expect(readFileSync(new URL('docs/performance.md', root), 'utf8')).toMatch(
    /\| Browser bundle of petstore-mock\/msw \(msw excluded\), minified · gzip, loaded with the import \| [\d.]+ KB · [\d.]+ KB/,
  );
});
