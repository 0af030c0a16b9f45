import { describe, expect, it } from 'vitest';
import { createSecrets, secretsInRequest } from './secrets.ts';

const TOKEN = 'tok-3f9a/b+c=Zz';

describe('secrets seen in traffic', () => {
  it('redacts a token in every common encoding', () => {
    const secrets = createSecrets();
    secrets.add(TOKEN);
    const forms = [
      TOKEN,
      encodeURIComponent(TOKEN),
      Buffer.from(TOKEN).toString('base64'),
      Buffer.from(TOKEN).toString('base64url'),
      Buffer.from(TOKEN).toString('hex'),
      Buffer.from(TOKEN).toString('hex').toUpperCase(),
      TOKEN.toUpperCase(),
      TOKEN.toLowerCase(),
      JSON.stringify(TOKEN).slice(1, -1),
    ];
    for (const form of forms) expect(secrets.redact(`a ${form} b`)).toBe('a [REDACTED] b');
  });

  it('finds bearer and basic credentials, cookies, key-like headers and query keys', () => {
    const basic = Buffer.from('ann:pa55word').toString('base64');
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

  it('redacts a short secret only where it stands alone, so the report stays readable', () => {
    const secrets = createSecrets();
    secrets.add('e');
    expect(secrets.redact('Bearer e, token=e; the error')).toBe(
      'Bearer [REDACTED], token=[REDACTED]; the error',
    );
  });

  it('redacts the longest secret first', () => {
    const secrets = createSecrets();
    secrets.add('abcd');
    secrets.add('abcdefgh');
    expect(secrets.redact('x abcdefgh y')).toBe('x [REDACTED] y');
  });
});
