import { describe, expect, it } from 'vitest';
import { redactInScope, redactingWith } from './redaction-scope.ts';

const hiding = (secret: string) => (text: string) => text.replaceAll(secret, '[REDACTED]');
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the redaction scope of a grading', () => {
  it('redacts a quote made after the grading awaited, with the grading’s secrets', async () => {
    const quoted = await redactingWith(hiding('s3cret'), async () => {
      await tick();
      return redactInScope('echoed s3cret');
    });
    expect(quoted).toBe('echoed [REDACTED]');
  });

  it('leaves text as it is outside any grading, once a grading settled or threw', async () => {
    await redactingWith(hiding('s3cret'), async () => tick());
    await expect(
      redactingWith(hiding('s3cret'), async () => {
        await tick();
        throw new Error('the check crashed');
      }),
    ).rejects.toThrow('the check crashed');
    expect(() =>
      redactingWith(hiding('s3cret'), () => {
        throw new Error('sync');
      }),
    ).toThrow('sync');
    expect(redactInScope('echoed s3cret')).toBe('echoed s3cret');
  });

  it('redacts a synchronous grading inside a run with the synchronous grading’s own secrets', async () => {
    const quotes = await redactingWith(hiding('run-key'), async () => {
      await tick();
      const inner = redactingWith(hiding('proxy-key'), () => redactInScope('run-key proxy-key'));
      return [inner, redactInScope('run-key proxy-key')];
    });
    expect(quotes).toEqual(['run-key [REDACTED]', '[REDACTED] proxy-key']);
  });

  it('hides the secrets of every run when two runs overlap in one process (more hidden, never less)', async () => {
    let release = () => {};
    const first = redactingWith(hiding('first-key'), async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return redactInScope('first-key second-key');
    });
    const second = redactingWith(hiding('second-key'), async () => {
      await tick();
      return redactInScope('first-key second-key');
    });
    expect(await second).toBe('[REDACTED] [REDACTED]');
    // The second run settled: the first one's quotes hide its own secrets only again.
    release();
    expect(await first).toBe('[REDACTED] second-key');
  });
});
