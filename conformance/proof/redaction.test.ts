import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allReports, runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';

// The key never appears in any output, and grading never sees a redacted body (docs/conformance.md, "The key
// never appears in any output").

const { target } = serverPool();
const KEY = 'Sk/live+42:secret=';

const encodings = (key: string) => [
  key,
  encodeURIComponent(key),
  Buffer.from(key).toString('base64'),
  Buffer.from(key).toString('base64url'),
  Buffer.from(key).toString('hex'),
  Buffer.from(key).toString('hex').toUpperCase(),
  key.toUpperCase(),
];

describe('the key in every output', () => {
  const dir = tempDir('conformance-redaction-');

  it('redacts the key and its common encodings that a server echoes, in console, JSON and JUnit', async () => {
    const echo = encodings(KEY).join(' | ');
    const baseUrl = await target({
      credentials: (a) =>
        a === undefined ? 'missing' : /^bearer /i.test(a) && a.slice(7) === KEY ? 'ok' : 'invalid',
      transform: (_req, res) => ({
        ...res,
        headers: { ...res.headers, 'x-echo': Buffer.from(KEY).toString('base64url') },
        body:
          res.status >= 400 ? JSON.stringify({ code: echo, message: echo, status: res.status }) : res.body,
      }),
    });
    const reports = allReports(dir.path);
    const ids = ['--pending-order-id', '1', '--shipped-order-id', '2'];
    const { code, all } = await runCli(['--base-url', baseUrl, ...ids, ...reports], {
      PETSTORE_API_KEY: KEY,
    });
    expect(code).toBe(0);
    expect(all).toContain('[REDACTED]');
    const files = [
      await readFile(join(dir.path, 'conformance.json'), 'utf8'),
      await readFile(join(dir.path, 'conformance.junit.xml'), 'utf8'),
    ].join('');
    for (const form of encodings(KEY)) {
      expect(all).not.toContain(form);
      expect(files).not.toContain(form);
    }
  });

  it('never prints the near misses of the key a server echoes back', async () => {
    const baseUrl = await target({
      transform: (req, res) =>
        res.status === 401
          ? { ...res, body: JSON.stringify({ code: String(req.authorization), message: 'm', status: 401 }) }
          : res,
    });
    const { all } = await runCli(['--base-url', baseUrl, '--reporter', 'json'], {
      PETSTORE_API_KEY: TARGET_KEY,
    });
    for (const miss of ['target-ke', 'TARGET-KEY', 'target-keyx', 'target-kex'])
      expect(all).not.toContain(miss);
    expect(all).toContain('[REDACTED without its last character]');
  });

  it('redacts a key a server echoes where a message quotes it, before the quote is cut', async () => {
    const key = 'sk_live_8fJ2kQ9xLm4Rt7Vw1Zp3Yc6Nb0Hd5Gs';
    const baseUrl = await target({
      credentials: (a) => (a === undefined ? 'missing' : a === `Bearer ${key}` ? 'ok' : 'invalid'),
      // The key sits across the 120th character of the quoted Content-Type, where the quote is cut.
      transform: (_req, res) => ({
        ...res,
        headers: { ...res.headers, 'content-type': `application/${'x'.repeat(100)}; k=${key}` },
      }),
    });
    const reports = allReports(dir.path);
    const { all } = await runCli(['--base-url', baseUrl, ...reports], { PETSTORE_API_KEY: key });
    expect(all).toMatch(/is labelled "application\/x+; k=\[RED/);
    const files = [
      await readFile(join(dir.path, 'conformance.json'), 'utf8'),
      await readFile(join(dir.path, 'conformance.junit.xml'), 'utf8'),
    ];
    for (const text of [all, ...files]) expect(text).not.toContain(key.slice(0, 8));
  });

  it('redacts the values of gateway credential headers given with --header', async () => {
    const baseUrl = await target();
    const headers = [
      'Ocp-Apim-Subscription-Key: apim-7c1e9a',
      'X-Hub-Signature-256: sha256=f00dcafe',
      'X-Key: xk-55aa',
    ];
    const { all } = await runCli(
      ['--base-url', baseUrl, '--reporter', 'json', ...headers.flatMap((header) => ['--header', header])],
      { PETSTORE_API_KEY: TARGET_KEY },
    );
    expect(all).toContain('"ocp-apim-subscription-key": "[REDACTED]"');
    for (const value of ['apim-7c1e9a', 'f00dcafe', 'xk-55aa']) expect(all).not.toContain(value);
  });

  it('refuses a key that is not a valid header value, naming the problem without the key', async () => {
    const baseUrl = await target();
    const { code, stderr, all } = await runCli(['--base-url', baseUrl, '--api-key', 'first-key\nsecond-key']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/API key .*line break/);
    expect(stderr.trim().split('\n')).toHaveLength(2);
    expect(all).not.toContain('first-key');
    expect(all).not.toContain('second-key');
  });

  it.each([
    ['credentials in the userinfo', 'http://user:hunter2-secret@127.0.0.1:9/v1', /credentials/],
    ['a query string', 'http://127.0.0.1:9/v1?k=hunter2-secret', /query/],
  ])('refuses a base URL with %s, without printing it', async (_name, baseUrl, message) => {
    const { code, stderr, all } = await runCli(['--base-url', baseUrl, '--api-key', 'k']);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(all).not.toContain('hunter2');
  });
});
