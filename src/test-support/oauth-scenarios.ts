import { expect } from 'vitest';
import type { Scenario } from './scenarios.ts';
import type { Exchange, Target } from './targets.ts';

/** The options every target of these scenarios is built with: one client, tokens that live a minute. */
export const OAUTH_CLIENT = { clientId: 'ci', clientSecret: 's3cret' } as const;
export const SCOPED_CLIENT = { clientId: 'reader', clientSecret: 'r3ad', scopes: ['orders:read'] } as const;
export const TOKEN_TTL_MS = 60_000;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const asClient = { ...FORM, authorization: basic(OAUTH_CLIENT.clientId, OAUTH_CLIENT.clientSecret) };

/** RFC 6749 §5.2: error_description is %x20-21 / %x23-5B / %x5D-7E. */
const ERROR_DESCRIPTION = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** The parameters of the one challenge of a WWW-Authenticate value, by name (quoted strings unquoted). */
export function challengeOf(value: string | null): { scheme: string; params: Record<string, string> } {
  const [scheme = '', rest = ''] = (value ?? '').split(/ (.*)/s);
  const params: Record<string, string> = {};
  for (const match of rest.matchAll(/([\w-]+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))\s*,?\s*/g)) {
    params[(match[1] as string).toLowerCase()] = match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? '';
  }
  return { scheme, params };
}

/** What RFC 6749 §5.2 asks of an error answer, and its `error` code. */
export function expectOAuthError(response: Exchange, status: number, error: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.header('content-type')).toMatch(/^application\/json/);
  expect(response.header('cache-control')).toBe('no-store');
  const body = response.json<{ error: string; error_description?: string }>();
  expect(body.error).toBe(error);
  expect(body.error_description).toMatch(ERROR_DESCRIPTION);
}

export async function requestToken(
  target: Target,
  body: string,
  headers: Record<string, string> = asClient,
): Promise<Exchange> {
  return target.request('/oauth/token', { method: 'POST', body, headers, auth: false });
}

async function issuedToken(target: Target, headers: Record<string, string> = asClient): Promise<string> {
  const response = await requestToken(target, 'grant_type=client_credentials', headers);
  expect(response.status, response.text).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

const withToken = (token: string, extra: Record<string, string> = {}) => ({
  auth: false,
  headers: { authorization: `Bearer ${token}`, ...extra },
});

async function advanceClock(target: Target, by: string, headers: Record<string, string> = {}) {
  const advanced = await target.request('/__mock/clock/advance', {
    method: 'POST',
    body: JSON.stringify({ by }),
    headers: { ...JSON_TYPE, ...headers },
    auth: false,
  });
  expect(advanced.status).toBe(200);
}

/** The token endpoint on every target (each built with OAUTH_CLIENT, SCOPED_CLIENT and TOKEN_TTL_MS). */
export const oauthScenarios: Scenario[] = [
  {
    name: 'issues a token to a client using HTTP Basic, never cached, and the Store API accepts it',
    async run(target) {
      const response = await requestToken(target, 'grant_type=client_credentials');
      expect(response.status).toBe(200);
      expect(response.header('cache-control')).toBe('no-store');
      const body = response.json<Record<string, unknown>>();
      expect(body).toEqual({
        access_token: expect.stringMatching(/^pmat_/),
        token_type: 'Bearer',
        expires_in: 60,
      });
      const list = await target.request('/v1/store/orders', withToken(body.access_token as string));
      expect(list.status).toBe(200);
    },
  },
  {
    name: 'takes the client credentials in the form body too, and ignores parameters it does not know',
    async run(target) {
      const audience = encodeURIComponent('https://api.example');
      const body = `grant_type=client_credentials&client_id=ci&client_secret=s3cret&audience=${audience}`;
      const response = await requestToken(target, body, FORM);
      expect(response.status).toBe(200);
      const token = response.json<{ access_token: string }>().access_token;
      expect((await target.request('/v1/store/orders', withToken(token))).status).toBe(200);
    },
  },
  {
    name: 'refuses a wrong secret with invalid_client: 401 and a Basic challenge after HTTP Basic, 400 in the body',
    async run(target) {
      const byBasic = await requestToken(target, 'grant_type=client_credentials', {
        ...FORM,
        authorization: basic('ci', 'wrong'),
      });
      expectOAuthError(byBasic, 401, 'invalid_client');
      expect(challengeOf(byBasic.header('www-authenticate')).scheme).toBe('Basic');
      const inBody = await requestToken(
        target,
        'grant_type=client_credentials&client_id=ci&client_secret=wrong',
        FORM,
      );
      expectOAuthError(inBody, 400, 'invalid_client');
      const none = await requestToken(target, 'grant_type=client_credentials', FORM);
      expectOAuthError(none, 401, 'invalid_client');
      expect(challengeOf(none.header('www-authenticate')).scheme).toBe('Basic');
    },
  },
  {
    name: 'answers invalid_request and unsupported_grant_type as RFC 6749 §5.2 says',
    async run(target) {
      expectOAuthError(await requestToken(target, 'scope=x'), 400, 'invalid_request');
      expectOAuthError(
        await requestToken(target, 'grant_type=password&username=a&password=b'),
        400,
        'unsupported_grant_type',
      );
      expectOAuthError(
        await requestToken(target, 'grant_type=client_credentials&grant_type=client_credentials'),
        400,
        'invalid_request',
      );
      expectOAuthError(
        await requestToken(target, 'grant_type=client_credentials&client_secret=s3cret'),
        400,
        'invalid_request',
      );
      const json = await requestToken(target, '{"grant_type":"client_credentials"}', {
        ...asClient,
        ...JSON_TYPE,
      });
      expectOAuthError(json, 400, 'invalid_request');
      const get = await target.request('/oauth/token', { auth: false });
      expect(get.status).toBe(405);
      expect(get.header('allow')).toBe('POST, OPTIONS');
    },
  },
  {
    name: "grants the scopes asked for, a scoped client's own by default, and refuses others with invalid_scope",
    async run(target) {
      const granted = await requestToken(
        target,
        'grant_type=client_credentials&scope=orders:read+orders:write',
      );
      expect(granted.json()).toMatchObject({ scope: 'orders:read orders:write' });
      expectOAuthError(
        await requestToken(target, 'grant_type=client_credentials&scope=a%22b'),
        400,
        'invalid_scope',
      );
      const reader = { ...FORM, authorization: basic('reader', 'r3ad') };
      expect((await requestToken(target, 'grant_type=client_credentials', reader)).json()).toMatchObject({
        scope: 'orders:read',
      });
      expectOAuthError(
        await requestToken(target, 'grant_type=client_credentials&scope=orders:write', reader),
        400,
        'invalid_scope',
      );
    },
  },
  {
    name: "expires a token once its lifetime has passed on the mock's clock, with RFC 6750's invalid_token",
    async run(target) {
      const token = await issuedToken(target);
      await advanceClock(target, '59s');
      expect((await target.request('/v1/store/orders', withToken(token))).status).toBe(200);
      await advanceClock(target, '1s');
      const expired = await target.request('/v1/store/orders', withToken(token));
      expect(expired.status).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
      const { scheme, params } = challengeOf(expired.header('www-authenticate'));
      expect(scheme).toBe('Bearer');
      expect(params).toEqual({
        realm: 'petstore',
        error: 'invalid_token',
        error_description: 'The access token expired',
      });
      const fresh = await issuedToken(target);
      expect((await target.request('/v1/store/orders', withToken(fresh))).status).toBe(200);
    },
  },
  {
    name: 'refuses a token it never issued, and forgets every token on a reset',
    async run(target) {
      const forged = `pmat_${'A'.repeat(43)}`;
      const refused = await target.request('/v1/store/orders', withToken(forged));
      expect(challengeOf(refused.header('www-authenticate')).params.error_description).toBe(
        'The API key is not valid',
      );
      const token = await issuedToken(target);
      await target.request('/__mock/reset', { method: 'POST', auth: false });
      expect((await target.request('/v1/store/orders', withToken(token))).status).toBe(401);
    },
  },
  {
    name: "keeps a session's tokens in the session, expiring on the session's clock",
    async run(target) {
      const session = { 'x-mock-session': 'oauth-a' };
      const token = await issuedToken(target, { ...asClient, ...session });
      expect((await target.request('/v1/store/orders', withToken(token, session))).status).toBe(200);
      expect((await target.request('/v1/store/orders', withToken(token))).status).toBe(401);
      await advanceClock(target, '2m');
      expect((await target.request('/v1/store/orders', withToken(token, session))).status).toBe(200);
      await advanceClock(target, '2m', session);
      expect((await target.request('/v1/store/orders', withToken(token, session))).status).toBe(401);
      await target.request(`/__mock/sessions/oauth-a`, { method: 'DELETE', auth: false });
    },
  },
  {
    name: 'shows no token and no client secret in the journal',
    async run(target) {
      const token = await issuedToken(target);
      await target.request(`/v1/store/orders/${token}?client_secret=s3cret`, withToken(token));
      const journal = await target.request('/__mock/requests', { auth: false });
      expect(journal.text).not.toContain(token);
      expect(journal.text).not.toContain('s3cret');
      expect(journal.text).not.toContain(asClient.authorization.slice(6));
      expect(journal.json<{ path: string }[]>().map((entry) => entry.path)).toContain(
        '/v1/store/orders/[redacted]',
      );
    },
  },
  {
    name: "answers a browser's preflight and token request with the Store API's CORS",
    async run(target) {
      const origin = { origin: 'http://localhost:5173' };
      const preflight = await target.request('/oauth/token', {
        method: 'OPTIONS',
        auth: false,
        headers: {
          ...origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.header('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(preflight.header('access-control-allow-methods')).toContain('POST');
      expect(preflight.header('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      const issued = await requestToken(target, 'grant_type=client_credentials', { ...asClient, ...origin });
      expect(issued.header('access-control-allow-origin')).toBe('http://localhost:5173');
    },
  },
];
