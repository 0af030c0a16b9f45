import { describe, expect, it } from 'vitest';
import { createSecrets } from './secrets.ts';

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
