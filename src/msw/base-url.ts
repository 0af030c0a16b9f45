/**
 * The base URL the handlers answer under. A relative one (`/v1`, the usual setup behind a dev proxy) is
 * resolved against the page's `location`, as the app's own `fetch('/v1/…')` is.
 */
export function resolveBaseUrl(baseUrl: string): URL {
  const location = (globalThis as { location?: { href: string } }).location;
  try {
    return new URL(baseUrl, location?.href);
  } catch {
    const hint = location
      ? `it is not a URL, even relative to ${location.href}`
      : 'it is relative and there is no `location` to resolve it against (give an absolute URL such as http://localhost:4010/v1)';
    throw new TypeError(`createHandlers: baseUrl ${JSON.stringify(baseUrl)} cannot be used: ${hint}.`);
  }
}
