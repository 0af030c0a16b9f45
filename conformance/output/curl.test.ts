import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { API_KEY, curlCommand } from './curl.ts';

/** What bash makes of the command's arguments, with the key in the environment (printf instead of curl). */
const argv = (line: string): string[] =>
  execFileSync('bash', ['-c', `printf '%s\\n' ${line.replace(/^curl /, '')}`], {
    env: { PETSTORE_API_KEY: 'k3y' },
    encoding: 'utf8',
  })
    .trimEnd()
    .split('\n');

describe('the curl writer', () => {
  it('reads the key from $PETSTORE_API_KEY, never printing it, and keeps a spelling with a tab', () => {
    const line = curlCommand({
      method: 'DELETE',
      url: "http://h/v1/store/orders/1'2",
      headers: [
        ['Accept', 'application/json'],
        ['Authorization', ['Bearer \t', API_KEY]],
      ],
    });
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

  it('writes a plain Bearer header in double quotes, braced where a letter follows the key', () => {
    const line = curlCommand({
      method: 'GET',
      url: 'http://h/v1/store/orders',
      headers: [
        ['Authorization', ['Bearer ', API_KEY]],
        ['X-Near', ['Bearer ', API_KEY, 'x']],
      ],
    });
    expect(line).toBe(
      `curl -i 'http://h/v1/store/orders' -H "Authorization: Bearer $PETSTORE_API_KEY" -H "X-Near: Bearer \${PETSTORE_API_KEY}x"`,
    );
    expect(argv(line).slice(-3)).toEqual(['Authorization: Bearer k3y', '-H', 'X-Near: Bearer k3yx']);
  });

  it('quotes text the shell would read inside double quotes piece by piece', () => {
    const line = curlCommand({
      method: 'GET',
      url: 'http://h/v1/store/orders',
      headers: [['Authorization', ['Bearer "$(x)" ', API_KEY]]],
    });
    expect(argv(line).at(-1)).toBe('Authorization: Bearer "$(x)" k3y');
  });

  it('uses --head for HEAD, -g for brackets, and sends a body as given or names the one not shown', () => {
    expect(curlCommand({ method: 'HEAD', url: 'http://h/v1/pets/[1]' })).toBe(
      "curl -i -g --head 'http://h/v1/pets/[1]'",
    );
    const posted = curlCommand({ method: 'POST', url: 'http://h/v1/x', body: { text: `{"a":"it's"}` } });
    expect(argv(posted).slice(-2)).toEqual(['--data-binary', `{"a":"it's"}`]);
    expect(curlCommand({ method: 'PUT', url: 'http://h/v1/x', body: { omitted: 'a 5-byte body' } })).toBe(
      "curl -i -X PUT 'http://h/v1/x' --data-binary @body  # a 5-byte body",
    );
  });
});
