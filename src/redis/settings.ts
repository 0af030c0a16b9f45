/** The Redis settings the CLI needs without loading node-redis (its help, its checks, its banner). */

/** Several mocks under one key prefix share one state; another prefix is another mock. */
export const DEFAULT_KEY_PREFIX = 'petstore-mock';

/** The store URL to print: a password in it (`redis://user:secret@host`) becomes `***`. */
export function printableStoreUrl(url: string): string {
  return url.replace(/^(rediss?:\/\/[^:@/]*:)[^@/]*@/, '$1***@');
}
