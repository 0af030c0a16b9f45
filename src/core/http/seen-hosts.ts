/**
 * Host field values already found acceptable (the request gate's allow-list, host routing's own names), at
 * most `limit` of them: the common case answers without parsing the field again. The last one is checked
 * first: a load from one client repeats it, and a fresh string compares with it faster than it is hashed for
 * the set.
 */
export class SeenHosts {
  readonly #hosts = new Set<string>();
  #last: string | undefined;

  constructor(private readonly limit: number) {}

  has(field: string): boolean {
    if (field === this.#last) return true;
    if (!this.#hosts.has(field)) return false;
    this.#last = field;
    return true;
  }

  /** Remembers `field` while fewer than `limit` are; it is the last one seen either way. */
  add(field: string): void {
    if (this.#hosts.size < this.limit) this.#hosts.add(field);
    this.#last = field;
  }
}
