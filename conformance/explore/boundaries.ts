import type { Json } from '../contract/spec.ts';

const RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/**
 * The boundary values of a parameter schema, as path text: for an integer, each end of its format's range
 * and of minimum/maximum, one step inside and outside, plus 0, -1 and 2^53 ± 1 (where doubles stop being exact);
 * for a string, lengths at and beyond minLength/maxLength; enum values.
 */
export function boundaries(schema: Json): string[] {
  const values = new Set<string>();
  if (Array.isArray(schema.enum)) for (const v of schema.enum) values.add(String(v));
  if (schema.type === 'integer' || schema.type === 'number') {
    const [lo, hi] = RANGES[String(schema.format)] ?? [undefined, undefined];
    const ends = [lo, hi, bound(schema.minimum), bound(schema.maximum)].filter(
      (v): v is bigint => v !== undefined,
    );
    for (const end of ends) for (const d of [-1n, 0n, 1n]) values.add(String(end + d));
    for (const v of [0n, -1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n]) values.add(String(v));
  }
  if (schema.type === 'string') {
    for (const length of [schema.minLength, schema.maxLength].filter(
      (v) => typeof v === 'number',
    ) as number[]) {
      for (const n of [length - 1, length, length + 1]) if (n >= 0 && n <= 1000) values.add('a'.repeat(n));
    }
  }
  return [...values].filter((v) => v !== '');
}

const bound = (value: unknown): bigint | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : undefined;
