import { describe, expect, test } from 'vitest';
import { REDACTED, SecretRedactor } from './secrets.ts';

const KEY = 'sk_live-4eC3+9/x=';

describe('the secret redactor', () => {
  test('finds a secret as is and in every percent-encoding of any of its characters', () => {
    const secrets = new SecretRedactor([KEY]);
    const spellings = [
      KEY,
      encodeURIComponent(KEY),
      '%73k_live-4eC3+9/x=',
      'sk%5flive%2D4eC3%2B9%2Fx%3D',
      [...KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
    ];
    for (const spelling of spellings) {
      expect(secrets.redact(`/a/${spelling}/b?c=${spelling}`), spelling).toBe(
        `/a/${REDACTED}/b?c=${REDACTED}`,
      );
    }
    // What is not the secret stays as it was sent, escapes included.
    expect(secrets.redact('/a%20b/%E2%82%AC/%zz/100%')).toBe('/a%20b/%E2%82%AC/%zz/100%');
  });

  test('redacts a header name holding a secret in any case, and secrets added later', () => {
    const secrets = new SecretRedactor(['Key-Ab']);
    expect(secrets.redactName('x-key-ab')).toBe(REDACTED);
    expect(secrets.redactName('accept')).toBe('accept');
    secrets.add('tok_123');
    expect(secrets.redact('a=tok_123&b=tok%5f123')).toBe(`a=${REDACTED}&b=${REDACTED}`);
  });

  test('credentials found in an exchange are added to a copy; short ones only where they stand alone', () => {
    const mock = new SecretRedactor(['k1']);
    const writing = mock.including(['dark', 'cookie-value-long']);
    expect(writing.redact('theme=dark; darkness k1k1 %64ark cookie-value-long')).toBe(
      `theme=${REDACTED}; darkness ${REDACTED}${REDACTED} ${REDACTED} ${REDACTED}`,
    );
    // The mock's redactor itself is unchanged.
    expect(mock.redact('dark cookie-value-long')).toBe('dark cookie-value-long');
  });

  test('takes time linear in the text, whatever it repeats', () => {
    const secrets = new SecretRedactor(['a', 'aa', 'ab']);
    const hostile = `${'a%61'.repeat(50_000)}b`;
    expect(secrets.redact(hostile)).toBe(`${REDACTED.repeat(50_000)}b`);
  });
});
