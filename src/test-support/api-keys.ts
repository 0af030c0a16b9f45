import { parseCli } from '../cli/options.ts';

/** Keys no request can send after "Bearer " (RFC 6750 §2.1): a space, a non-ASCII letter, `=` inside, nothing. */
export const UNUSABLE_KEYS = ['key with space', 'clé', 'a=b', ''];

/** The sentence the CLI refuses `--api-key KEY` with, naming the library's setting (`apiKeys`) instead. */
export function cliRefusal(key: string): string {
  try {
    parseCli(['--api-key', key]);
  } catch (error) {
    return (error as Error).message.replace('--api-key', 'apiKeys');
  }
  throw new Error(`the CLI accepts --api-key ${JSON.stringify(key)}`);
}
