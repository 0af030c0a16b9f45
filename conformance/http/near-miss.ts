// Near misses of the key: tokens a correct server must refuse, but a server comparing keys by prefix or
// without regard to case accepts. Each is derived from the key, so reports describe them, never print them.

export type NearMiss = 'extra-char' | 'last-char-dropped' | 'case-changed' | 'char-changed';

const swapCase = (text: string): string =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

const TOKENS: Record<NearMiss, (key: string) => string> = {
  'extra-char': (key) => `${key}x`,
  'last-char-dropped': (key) => key.slice(0, -1),
  'case-changed': swapCase,
  'char-changed': (key) => `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`,
};

/** How reports show the near miss in place of the token. */
export const NEAR_MISS_SHOWN: Record<NearMiss, string> = {
  'extra-char': '[REDACTED]x',
  'last-char-dropped': '[REDACTED without its last character]',
  'case-changed': '[REDACTED with its case changed]',
  'char-changed': '[REDACTED with its last character changed]',
};

/**
 * The near miss as a shell expression over the credential's variable ($PETSTORE_API_KEY, or $PETSTORE_TOKEN for
 * a token fetched for the run), for reproduce lines.
 */
export function nearMissShell(kind: NearMiss, variable = 'PETSTORE_API_KEY'): string {
  const v = variable;
  switch (kind) {
    case 'extra-char':
      return `\${${v}}x`;
    case 'last-char-dropped':
      return `\${${v}%?}`;
    case 'case-changed':
      return `\${${v}~~}`;
    default:
      return `\${${v}%?}$([ "\${${v}: -1}" = x ] && echo y || echo x)`;
  }
}

export const nearMissToken = (key: string, kind: NearMiss): string => TOKENS[kind](key);

/** The near misses worth sending for this key: never the key itself, never empty. */
export function nearMissesOf(key: string): NearMiss[] {
  return (Object.keys(TOKENS) as NearMiss[]).filter((kind) => {
    const token = TOKENS[kind](key);
    return token !== '' && token !== key;
  });
}
