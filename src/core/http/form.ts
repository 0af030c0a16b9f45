/** `application/x-www-form-urlencoded` and HTTP Basic, as an OAuth token endpoint reads them. */

/** Whether a Content-Type names a form body, parameters (`; charset=utf-8`) aside. */
export function isFormMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(';');
  const type = semicolon === -1 ? contentType : contentType.slice(0, semicolon);
  return type.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** One name or value of a form: `+` is a space, then percent-decoding; undefined when that fails. */
export function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

export type Form =
  | { readonly ok: true; readonly params: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly problem: string };

/**
 * The parameters of a form body. A parameter without a value counts as omitted, and one sent twice is refused
 * (RFC 6749 §3.2): which of two values a server would use is a guess no client should rely on.
 */
export function parseForm(body: string): Form {
  const params = new Map<string, string>();
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = formDecode(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? '' : formDecode(pair.slice(at + 1));
    if (name === undefined || value === undefined) {
      return { ok: false, problem: 'The form body has a malformed percent-encoding.' };
    }
    if (value === '') continue;
    if (params.has(name)) return { ok: false, problem: `The parameter ${name} appears more than once.` };
    params.set(name, value);
  }
  return { ok: true, params };
}

// The core names no runtime; atob and TextDecoder are globals in every runtime it runs on.
const { atob, TextDecoder } = globalThis as unknown as {
  atob(text: string): string;
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};

/**
 * The user id and password of an HTTP Basic credential (RFC 7617), or undefined when the header is not
 * Basic or does not decode to `id:password`. RFC 6749 §2.3.1 form-encodes both before base64; a client
 * that does not (curl -u) sends them as they are, which decodes to the same for letters and digits.
 */
export function basicCredentials(
  header: string | undefined,
): { readonly id: string; readonly secret: string } | undefined {
  const match = /^\s*basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  let text: string;
  try {
    const binary = atob(match[1] as string);
    text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  if (colon === -1) return undefined;
  const id = text.slice(0, colon);
  const secret = text.slice(colon + 1);
  return { id: formDecode(id) ?? id, secret: formDecode(secret) ?? secret };
}

/** Whether the header names the Basic scheme at all (a malformed Basic credential still counts). */
export const isBasic = (header: string | undefined): boolean => /^\s*basic(\s|$)/i.test(header ?? '');
