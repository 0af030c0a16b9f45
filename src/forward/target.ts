/**
 * Whether a request target may be forwarded below an upstream's base path, or why not. A dot segment (`..`,
 * `.`, also percent-encoded, or behind an encoded slash or a backslash that some servers decode) would let the
 * upstream's own normalisation climb out of the base path (`/api/v1/../../admin` is `/admin` there); such a
 * target names no resource of an API, so it is refused rather than cleaned.
 */
export function targetProblem(target: string): string | undefined {
  if (target.charCodeAt(0) !== 47 /* / */) return 'the request target must be a path starting with /';
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (path.includes('#')) return 'the request target must not carry a fragment';
  // The cheap case first: no dot, no percent sign, no backslash means no dot segment in any spelling.
  if (!/[.%\\]/.test(path)) return undefined;
  const separated = path.replace(/%2f|%5c|\\/gi, '/').replace(/%2e/gi, '.');
  if (separated.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'the request path must not contain "." or ".." segments (in any encoding)';
  }
  return undefined;
}

/** The target sent upstream: the upstream's base path, then the client's path and query as they came. */
export const joinTarget = (basePath: string, target: string): string => `${basePath}${target}`;
