import { describe, expect, it } from 'vitest';
import { answerProblems, specOperations } from '../test-support/spec-validator.ts';
import { type Answer, domainsOf, recordsOf, testDashboard } from './test-support/harness.ts';

/** spec/dashboard.openapi.yaml is the contract: the routes served and every body seen must agree with it. */
const specRoutes = specOperations('dashboard.openapi.yaml');
const problems = (method: string, path: string, answer: Answer): string[] =>
  answerProblems(method, path, answer).map((problem) => `${method} ${path}: ${problem}`);

describe('spec/dashboard.openapi.yaml', () => {
  it('documents exactly the routes the dashboard serves', () => {
    const { extension } = testDashboard();
    const served = extension.routes.map(({ method, path }) => `${method} ${path}`);
    expect([...served].sort()).toEqual([...specRoutes].sort());
  });

  it('catches a body or a status the spec does not describe (the check is not vacuous)', () => {
    expect(
      problems('GET', '/__dashboard/api/projects', { status: 200, headers: {}, body: [{ id: 1 }] }),
    ).not.toEqual([]);
    expect(problems('GET', '/__dashboard/api/projects', { status: 418, headers: {}, body: {} })).not.toEqual(
      [],
    );
    expect(
      problems('DELETE', '/__dashboard/api/projects', { status: 204, headers: {}, body: undefined }),
    ).not.toEqual([]);
  });

  it('describes every answer of a walk through all operations and states', async () => {
    const t = testDashboard();
    const seen: string[] = [];
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await t.api(method, path, body);
      seen.push(...problems(method, path, answer));
      return answer;
    };
    const www = `${domainsOf('acme-shop')}/www.example.com`;
    await call('POST', '/__mock/dashboard/scenarios/every-state');
    await call('GET', '/__mock/dashboard/scenarios');
    await call('POST', '/__mock/dashboard/presets/every-state');
    await call('GET', '/__mock/dashboard/presets');
    await call('POST', '/__mock/dashboard/presets/nope');
    await call('GET', '/__dashboard/api/projects');
    await call('GET', '/__dashboard/api/projects/hobby-blog');
    await call('GET', '/__dashboard/api/projects/nope');
    await call('GET', domainsOf('acme-shop'));
    await call('GET', www);
    await call('POST', `${www}/verify`);
    await call('POST', `${www}/reverify`);
    await call('POST', `${domainsOf('acme-shop')}/pending.example.com/verify`);
    await call('POST', domainsOf('acme-shop'), { name: 'shop.example.com' });
    await call('POST', domainsOf('acme-shop'), { name: 'not a name' });
    await call('POST', domainsOf('hobby-blog'), { name: 'x.example.com' });
    await call('POST', domainsOf('launch-pad'), { name: 'x.example.com' });
    await call('GET', '/__dashboard/api/projects/acme-shop/configuration');
    await call('PUT', '/__dashboard/api/projects/acme-shop/configuration', {
      domains: { primary: 'nope.example.com', redirects: [] },
    });
    await call('PUT', '/__dashboard/api/projects/acme-shop/configuration', {
      domains: { primary: 'www.example.com', redirects: [] },
    });
    await call('GET', '/__dashboard/api/dns/zones');
    await call('POST', '/__dashboard/api/dns/zones', { name: 'example.edu', propagation: '1m' });
    await call('POST', '/__dashboard/api/dns/zones', { name: 'example.edu' });
    await call('GET', '/__dashboard/api/dns/zones/example.edu');
    const record = await call('POST', recordsOf('example.edu'), {
      type: 'A',
      name: 'www',
      value: '192.0.2.1',
    });
    await call('POST', recordsOf('example.edu'), {
      type: 'CNAME',
      name: 'www',
      value: 'acme-shop.mockpages.example',
    });
    await call('POST', recordsOf('example.edu'), {
      type: 'CNAME',
      name: '@',
      value: 'acme-shop.mockpages.example',
    });
    await call('POST', recordsOf('example.edu'), { type: 'A', name: 'www', value: 'nope' });
    await call('GET', recordsOf('example.edu'));
    await call('DELETE', `${recordsOf('example.edu')}/${record.body.id}`);
    await call('DELETE', '/__dashboard/api/dns/zones/example.edu');
    await call('DELETE', www);
    await call('GET', '/__mock/dashboard/clock');
    await call('POST', '/__mock/dashboard/clock/advance', { by: '30m' });
    await call('POST', '/__mock/dashboard/clock/advance', { by: 'later' });
    await call('POST', '/__mock/dashboard/projects', { id: 'my-site', plan: 'pro' });
    await call('PUT', '/__mock/dashboard/projects/my-site/plan', { plan: 'enterprise' });
    await call('POST', '/__mock/dashboard/projects/my-site/deploys', { status: 'succeeded' });
    await call('GET', domainsOf('acme-shop'));
    await call('POST', '/__mock/dashboard/reset');
    expect(seen).toEqual([]);
  });
});
