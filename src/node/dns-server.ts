/** `--dns-server HOST:PORT`: checks the shape so that a typo fails at start-up, not at the first Verify. */
export function parseDnsServer(text: string): string {
  // Node's resolver takes addresses only, not host names.
  const match = /^(\[[0-9a-f:.]+\]|\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/i.exec(text.trim());
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65_535) {
    throw new Error(`--dns-server must be ADDRESS:PORT, such as 127.0.0.1:5353 or [::1]:53; got "${text}".`);
  }
  return text.trim();
}
