import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { REDACTED, SecretIndex } from './secret-index.ts';

const token = () => randomBytes(24).toString('base64url');
const anywhere = () => new SecretIndex({ short: 'anywhere', maxForms: 100_000 });

describe('SecretIndex', () => {
  test('costs the same scan with 500 secrets as with one', () => {
    const secrets = Array.from({ length: 500 }, token);
    const text = `${'lorem ipsum dolor sit amet '.repeat(400)} Bearer ${secrets[499]} ${'tail '.repeat(200)}`;
    const one = anywhere();
    one.add(secrets[499] as string, [secrets[499] as string]);
    const many = anywhere();
    for (const secret of secrets) many.add(secret, [secret]);
    const before = [one.work, many.work];
    const [byOne, byMany] = [one.redact(text), many.redact(text)];
    expect(byMany).toBe(byOne);
    expect(byMany).toContain(`Bearer ${REDACTED} tail`);
    const [costOne, costMany] = [one.work - (before[0] ?? 0), many.work - (before[1] ?? 0)];
    expect(costOne).toBeGreaterThan(text.length - 10);
    // One gram lookup per position for both; the 499 others cost nothing unless their gram is in the text.
    expect(costMany).toBeLessThan(costOne + 50);
  });

  test('keeps at most maxForms, forgetting the oldest secrets first', () => {
    const index = new SecretIndex({ short: 'anywhere', maxForms: 1000 });
    const secrets = Array.from({ length: 3000 }, token);
    for (const secret of secrets) index.add(secret, [secret, secret.toUpperCase()]);
    expect(index.size).toBeLessThanOrEqual(1000);
    expect(index.redact(`${secrets[2999]}`)).toBe(REDACTED);
    expect(index.redact(`${secrets[0]}`)).toBe(secrets[0]);
  });

  test('redacts overlapping forms as one, and keeps the placeholders already in the text', () => {
    const index = anywhere();
    index.add('abcd', ['abcd']);
    index.add('cdefghij', ['cdefghij']);
    index.add('e', ['e']);
    expect(index.redact('x abcdefghij y [REDACTED without its last character]')).toBe(
      `x ${REDACTED} y [REDACTED without its last character]`,
    );
  });

  test('finds a short form only where it stands alone when told so', () => {
    const index = new SecretIndex({ short: 'standalone', maxForms: 100 });
    index.add('e', ['e']);
    expect(index.redact('Bearer e, token=e; the error')).toBe(
      `Bearer ${REDACTED}, token=${REDACTED}; the error`,
    );
  });

  test('tells apart tokens that share a long prefix, as JSON Web Tokens do', () => {
    const header = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjaSJ9.';
    const jwts = Array.from({ length: 200 }, () => `${header}${token()}`);
    const index = anywhere();
    for (const jwt of jwts) index.add(jwt, [jwt]);
    const text = `${header}not-a-token ${jwts[7]}`;
    expect(index.redact(text)).toBe(`${header}not-a-token ${REDACTED}`);
  });
});
