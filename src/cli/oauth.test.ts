import * as oauth from 'oauth4webapi';
import { describe, expect, test } from 'vitest';
import { runToEnd, start, startWith } from '../test-support/cli-run.ts';
import { challengeOf } from '../test-support/oauth-scenarios.ts';

/** oauth4webapi, a real OAuth client, against the mock's token endpoint at `url`. */
async function clientCredentials(url: string, secret: string, auth: 'basic' | 'post', scope?: string) {
  const as: oauth.AuthorizationServer = { issuer: url, token_endpoint: `${url}/oauth/token` };
  const clientAuth = auth === 'basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);
  const response = await oauth.clientCredentialsGrantRequest(
    as,
    { client_id: 'ci' },
    clientAuth,
    scope ? { scope } : {},
    { [oauth.allowInsecureRequests]: true },
  );
  return oauth.processClientCredentialsResponse(as, { client_id: 'ci' }, response);
}

const orders = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/store/orders`, { headers: { authorization: `Bearer ${token}` } });

describe('petstore-mock --oauth-client', () => {
  test('serves oauth4webapi by HTTP Basic and in the body, and the Store API accepts its tokens until they expire', async () => {
    const mock = await start('--oauth-client', 'ci:s3cret', '--token-ttl', '60s', '--clock', 'manual');
    expect(mock.stdout()).toContain(`OAuth:   POST ${mock.url}/oauth/token`);
    const basic = await clientCredentials(mock.url, 's3cret', 'basic', 'orders:read');
    expect(basic).toMatchObject({ token_type: 'bearer', expires_in: 60, scope: 'orders:read' });
    const post = await clientCredentials(mock.url, 's3cret', 'post');
    expect((await orders(mock.baseUrl, basic.access_token)).status).toBe(200);
    expect((await orders(mock.baseUrl, post.access_token)).status).toBe(200);
    await fetch(`${mock.url}/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"by":"2h"}',
    });
    const expired = await orders(mock.baseUrl, basic.access_token);
    expect(expired.status).toBe(401);
    expect(challengeOf(expired.headers.get('www-authenticate')).params).toMatchObject({
      error: 'invalid_token',
      error_description: 'The access token expired',
    });
    // The log shows the token endpoint's requests; neither a token nor the secret appears anywhere.
    await fetch(`${mock.baseUrl}/store/orders/${basic.access_token}`, {
      headers: { authorization: `Bearer ${post.access_token}` },
    });
    await expect.poll(mock.stdout).toMatch(/GET \/v1\/store\/orders\/\[redacted\] \d{3}/);
    expect(mock.stdout()).toMatch(/POST \/oauth\/token 200/);
    for (const secret of ['s3cret', basic.access_token, post.access_token]) {
      expect(mock.stdout()).not.toContain(secret);
    }
  });

  test("gives oauth4webapi the §5.2 error it names: invalid_client as a Basic challenge or the body's error", async () => {
    const mock = await start('--oauth-client', 'ci:s3cret');
    const byBasic = await clientCredentials(mock.url, 'wrong', 'basic').catch((error: unknown) => error);
    expect(byBasic).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = byBasic as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause[0]?.scheme).toBe('basic');
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });
    const inBody = await clientCredentials(mock.url, 'wrong', 'post').catch((error: unknown) => error);
    expect(inBody).toBeInstanceOf(oauth.ResponseBodyError);
    expect(inBody).toMatchObject({ status: 400, error: 'invalid_client' });
  });

  test('takes its clients from PETSTORE_OAUTH_CLIENTS, and the Host allow-list guards the token endpoint too', async () => {
    const mock = await startWith([], { PETSTORE_OAUTH_CLIENTS: 'web:pw1, ci:s3cret' });
    expect((await clientCredentials(mock.url, 's3cret', 'basic')).access_token).toMatch(/^pmat_/);
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${mock.url}/oauth/token`, {
        method: 'POST',
        headers: { host: 'attacker.example', 'content-type': 'application/x-www-form-urlencoded' },
      });
      req.on('response', (response) => resolve(response.statusCode)).on('error', reject);
      req.end('grant_type=client_credentials&client_id=ci&client_secret=s3cret');
    });
    expect(status).toBe(421);
  });

  test('refuses a malformed client or lifetime in one line that never shows a secret', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--oauth-client', 'no-secret-here'], {}, /--oauth-client takes ID:SECRET/],
      [['--oauth-client', 'ci:s3cr\u00e9t-9x'], {}, /the secret of client "ci" must be printable ASCII/],
      [['--oauth-client', 'ci:a1', '--oauth-client', 'ci:b2'], {}, /names client "ci" twice/],
      [['--token-ttl', '1h'], {}, /--token-ttl .*add --oauth-client/],
      [['--oauth-client', 'ci:s3cret', '--token-ttl', '1500ms'], {}, /whole seconds from 1s to 365d/],
      [[], { PETSTORE_OAUTH_CLIENTS: 'ci:' }, /PETSTORE_OAUTH_CLIENTS takes ID:SECRET/],
    ];
    for (const [argv, env, message] of cases) {
      const { code, stdout, stderr } = await runToEnd(argv, env);
      expect(code, argv.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).not.toMatch(/s3cr\u00e9t|ci:a1|ci:b2|no-secret-here/);
    }
  });
});
