import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../scripts/import-cycles.ts';

const here = new URL('./', import.meta.url);

describe('the layout of conformance/', () => {
  it('has no import circle, not even through a type', () => {
    expect(findImportCycles(new URL('./', import.meta.url))).toEqual([]);
  });
});

describe('what conformance/ shares with the mock', () => {
  it('is the spec, the exchange record (src/exchange), the forwarding core (src/forward) and the settings reader (src/config) only: no code of the mock reaches a grader', () => {
    const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'),
    );
    const imports = files.flatMap((file) =>
      [...readFileSync(new URL(file, here), 'utf8').matchAll(/(?:from|import)\(? ?'([^']+)'/g)]
        .map((match) => match[1] as string)
        .filter((target) => target.startsWith('.'))
        .map((target) => new URL(target, new URL(file, here)).href),
    );
    const src = new URL('../src/', here).href;
    const fromSrc = [...new Set(imports.filter((target) => target.startsWith(src)))];
    expect(fromSrc.length).toBeGreaterThan(0);
    const shared = [`${src}exchange/`, `${src}forward/`, `${src}config/`];
    expect(fromSrc.filter((target) => !shared.some((prefix) => target.startsWith(prefix)))).toEqual([]);
  });
});
