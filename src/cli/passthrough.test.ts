import { afterEach, describe, expect, test } from 'vitest';
import { start, startWith } from '../test-support/cli-run.ts';
import { startUpstream, type Upstream } from '../test-support/upstream.ts';

const upstreams: Upstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((upstream) => upstream.close()));
});

describe('petstore-mock --passthrough', () => {
  test('says where unanswered requests go, forwards them, and logs them as the upstream’s', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const mock = await start('--passthrough', `${upstream.url}/api`);
    expect(mock.stdout()).toContain(
      `  Forward: ${upstream.url}/api (what the mock does not answer; ${mock.url}/__mock/passthrough)`,
    );
    const got = await fetch(`${mock.baseUrl}/users/me`, {
      headers: { authorization: 'Bearer upstream-token' },
    });
    expect(await got.json()).toEqual({ upstream: true, path: '/api/v1/users/me' });
    expect(mock.stdout()).toMatch(/\nGET \/v1\/users\/me 200 [\d.]+ms \(upstream\)\n/);
  });

  test('takes the upstream from PETSTORE_PASSTHROUGH, and its JSON log marks forwarded requests', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const mock = await startWith(['--log-format', 'json'], { PETSTORE_PASSTHROUGH: upstream.url });
    expect(JSON.parse(mock.stdout().split('\n')[0] ?? '')).toMatchObject({
      event: 'listening',
      passthrough: upstream.url,
    });
    await fetch(`${mock.url}/anything`);
    const lines = mock
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({ method: 'GET', path: '/anything', status: 200, source: 'upstream' });
  });
});
