import { describe, expect, it } from 'vitest';
import { secretsInRequest, secretsInResponse } from './credentials.ts';

const TOKEN = 'tok-3f9a/b+c=Zz';

describe('the credentials an exchange carries', () => {
  it('finds bearer and basic credentials, cookies, key-like headers and query keys', () => {
    const basic = btoa('ann:pa55word');
    const found = secretsInRequest(
      [
        'Authorization',
        `bearer ${TOKEN}`,
        'Proxy-Authorization',
        `Basic ${basic}`,
        'Cookie',
        'sid=s3ss10n; theme=dark-blue',
        'X-Api-Key',
        'k3y-value',
      ],
      '/v1/store/orders?api_key=q-secret-1&page=2&access_token=q-secret-2',
    );
    for (const secret of [
      TOKEN,
      basic,
      'pa55word',
      's3ss10n',
      'dark-blue',
      'k3y-value',
      'q-secret-1',
      'q-secret-2',
    ]) {
      expect(found).toContain(secret);
    }
    expect(found).not.toContain('2');
  });

  it('finds the values of the credential headers gateways use', () => {
    const names = [
      'Ocp-Apim-Subscription-Key',
      'X-Access-Key',
      'X-Custom-Auth',
      'X-Forwarded-Authorization',
      'X-Hub-Signature-256',
      'X-Key',
      'X-Signature',
    ];
    const found = secretsInRequest(
      names.flatMap((name, i) => [name, `value-${i}-secret`]),
      '/v1/store/orders',
    );
    expect(found).toEqual(names.map((_, i) => `value-${i}-secret`));
  });

  it('finds the values an answer sets as cookies, not their attributes', () => {
    const found = secretsInResponse(['Set-Cookie', 'sid=c00kie-v4lue; Path=/; HttpOnly', 'X-Other', 'x=1']);
    expect(found).toEqual(['c00kie-v4lue']);
  });
});
