import { coreError } from '../http/errors.ts';

/** The most `*` one pattern may hold: each costs one more scan of the path. */
export const MAX_WILDCARDS = 8;

/** A request path pattern where `*` matches any characters (journal filters, fault and latency rules). */
export interface PathPattern {
  test(path: string): boolean;
}

/**
 * Compiles `pattern` without a RegExp: a backtracking `.*` per wildcard took time exponential in their number
 * (a journal query or a fault rule could hang the server). The literal parts between wildcards are found
 * left to right, each at its first place after the previous one; that greedy search is exact for `*`
 * alone, and costs at most one scan of the path per part. Throws 400 INVALID_REQUEST beyond MAX_WILDCARDS.
 *
 * @example pathPattern('/v1/store/orders/*').test('/v1/store/orders/7') // true
 */
export function pathPattern(pattern: string, name = 'path'): PathPattern {
  const parts = pattern.split('*');
  const first = parts[0] as string;
  if (parts.length === 1) return { test: (path) => path === pattern };
  if (parts.length - 1 > MAX_WILDCARDS) {
    throw coreError(
      'INVALID_REQUEST',
      `"${name}" may hold at most ${MAX_WILDCARDS} "*" wildcards; this one has ${parts.length - 1}.`,
    );
  }
  const last = parts[parts.length - 1] as string;
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  const shortest = first.length + last.length + middle.reduce((sum, part) => sum + part.length, 0);
  return {
    test(path) {
      if (path.length < shortest || !path.startsWith(first) || !path.endsWith(last)) return false;
      let from = first.length;
      const end = path.length - last.length;
      for (const part of middle) {
        const at = path.indexOf(part, from);
        if (at === -1 || at + part.length > end) return false;
        from = at + part.length;
      }
      return true;
    },
  };
}
