import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../scripts/import-cycles.ts';

describe('the layout of conformance/', () => {
  it('has no import circle, not even through a type', () => {
    expect(findImportCycles(new URL('./', import.meta.url))).toEqual([]);
  });
});

describe('what conformance/ shares with the mock', () => {
  it('nothing of src/ but the neutral forwarding module (src/forward), so it grades any deployment alike', () => {
    const root = new URL('./', import.meta.url);
    const src = new URL('../src/', import.meta.url).href;
    const shared = [new URL('../src/forward/', import.meta.url).href];
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'),
    );
    const reaching = files.flatMap((file) =>
      [...readFileSync(new URL(file, root), 'utf8').matchAll(/(?:from|import)\(? ?'(\.[^']+)'/g)]
        .map((match) => new URL(match[1] as string, new URL(file, root)).href)
        .filter((target) => target.startsWith(src) && !shared.some((prefix) => target.startsWith(prefix)))
        .map((target) => `${file}: ${target.slice(src.length)}`),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(reaching).toEqual([]);
  });
});
