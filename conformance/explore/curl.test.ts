import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlLine } from './curl.ts';

/** What bash makes of the line's arguments, with the key in the environment (echo instead of curl). */
const argv = (line: string): string[] =>
  execFileSync('bash', ['-c', `printf '%s\\n' ${line.replace(/^curl /, '')}`], {
    env: { PETSTORE_API_KEY: 'k3y' },
    encoding: 'utf8',
  })
    .trimEnd()
    .split('\n');

describe('the curl line of a finding', () => {
  it('reads the key from $PETSTORE_API_KEY and keeps the exact spelling, tab included', () => {
    const line = curlLine('DELETE', "http://h/v1/store/orders/1'2", 'Bearer \t{KEY}');
    expect(line).not.toContain('k3y');
    expect(argv(line)).toEqual([
      '-i',
      '-X',
      'DELETE',
      "http://h/v1/store/orders/1'2",
      '-H',
      'Accept: application/json',
      '-H',
      'Authorization: Bearer \tk3y',
    ]);
  });

  it('uses --head for HEAD, -g for brackets, and no Authorization when none was sent', () => {
    expect(curlLine('HEAD', 'http://h/v1/pets/[1]', undefined)).toBe(
      "curl -i -g --head 'http://h/v1/pets/[1]' -H 'Accept: application/json'",
    );
  });
});
