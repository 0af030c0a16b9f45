import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { RunningServer } from '../node/server.ts';
import { listening } from './banner.ts';
import { parseCli } from './options.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("the README's copy of the banner", () => {
  test('is what `npx petstore-mock` prints with the defaults, line for line', () => {
    const command = parseCli([]);
    if (command.kind !== 'serve') throw new Error('expected serve');
    const mock = {
      url: 'http://127.0.0.1:4010',
      baseUrl: 'http://127.0.0.1:4010/v1',
      api: { apiKeys: ['petstore-dev-key'] },
      simulation: {},
    } as unknown as RunningServer;
    const printed = listening(mock, command.options).lines;
    const copy = /prints the base URL[^\n]*\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(copy?.split('\n')).toEqual(printed);
  });
});
