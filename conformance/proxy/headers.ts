/** Lower-case names, repeated fields joined with `, `: the shape the suite's checks read. */
export function headerRecord(rawHeaders: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    const value = rawHeaders[i + 1] ?? '';
    record[name] = name in record ? `${record[name]}, ${value}` : value;
  }
  return record;
}
