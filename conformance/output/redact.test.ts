import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './redact.ts';

describe('redaction', () => {
  it('redacts the key in one pass, longest form first', () => {
    const redact = createRedactor('abc', ['abcx']);
    expect(redact('x abc abcx ABC YWJj 616263')).toBe(
      `x ${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED}`,
    );
  });

  it('changes nothing more when applied twice, even for a key found inside its own placeholder', () => {
    const redact = createRedactor('e', []);
    const once = redact('Result: [REDACTED without its last character]; e');
    expect(once).toBe(`R${REDACTED}sult: [REDACTED without its last character]; ${REDACTED}`);
    expect(redact(once)).toBe(once);
  });
});
