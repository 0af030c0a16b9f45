/**
 * The upstream a front forwards to, fixed when it starts: an http(s) URL with a base path, no credentials
 * (they would be sent with every request and shown in every log; clients send their own), no query and no
 * fragment. Returns the URL, or the sentence saying what is wrong with it (no part of the input is repeated).
 */
export function parseUpstreamUrl(text: string): URL | string {
  let upstream: URL;
  try {
    upstream = new URL(text);
  } catch {
    return 'is not a URL (give the base URL with its base path, e.g. https://staging.example/v1)';
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
    return `must be http or https, got ${upstream.protocol}`;
  }
  if (upstream.username || upstream.password) {
    return 'must not carry credentials (user:password@): clients send their own';
  }
  if (upstream.search || upstream.hash) {
    return 'must not have a query or a fragment: give the base URL with its base path';
  }
  return upstream;
}

/** The upstream's base path without its trailing slash: `` for `https://host/`, `/api` for `https://host/api/`. */
export const basePathOf = (upstream: URL): string => upstream.pathname.replace(/\/+$/, '');

/** The URL as people read it: origin and base path, no trailing slash. */
export const upstreamLabel = (upstream: URL): string => `${upstream.origin}${basePathOf(upstream)}`;
