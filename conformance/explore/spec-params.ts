import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Spec } from '../contract/spec.ts';

type Json = Record<string, unknown>;
const RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/** The schema of each path parameter, per path template, read from the spec file (nothing restated here). */
export function pathParamSchemas(spec: Spec): Map<string, Map<string, Json>> {
  const doc = parse(readFileSync(spec.file, 'utf8')) as { paths?: Record<string, Json> };
  const result = new Map<string, Map<string, Json>>();
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const schemas = new Map<string, Json>();
    const operations = Object.values(item).filter((v): v is Json => typeof v === 'object' && v !== null);
    for (const param of [item.parameters, ...operations.map((o) => o.parameters)].flat() as Json[]) {
      if (param?.in === 'path' && typeof param.name === 'string')
        schemas.set(param.name, (param.schema ?? {}) as Json);
    }
    result.set(template, schemas);
  }
  return result;
}

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
