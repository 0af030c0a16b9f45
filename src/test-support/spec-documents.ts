import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The specs, each dereferenced once by Redocly's bundler (so a `$ref`, within a file or to another file,
 * is followed the same way everywhere), with one ajv instance for every schema in them.
 *
 * int64 is handled once, exactly: bodies are read with integers beyond 2^53 kept as BigInt, and every
 * `type: integer, format: int64` schema becomes the `int64` keyword, which accepts a number or a BigInt
 * within [-2^63, 2^63 - 1]. A rounded JSON.parse number would let 2^63 pass as 2^63 - 1.
 */
export const SPEC_FILES = [
  'openapi.yaml',
  'mock-admin.openapi.yaml',
  'dashboard.openapi.yaml',
  'oauth.openapi.yaml',
] as const;
export type SpecFile = (typeof SPEC_FILES)[number];

type Json = Record<string, unknown>;
export interface SpecDocument {
  readonly file: SpecFile;
  /** The path prefix of the spec's first server (`/v1` for the Store API, none for the control planes). */
  readonly prefix: string;
  readonly document: Json;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addKeyword({
  keyword: 'int64',
  schemaType: 'boolean',
  errors: false,
  validate: (_: boolean, value: unknown) =>
    (typeof value === 'number' && Number.isSafeInteger(value)) ||
    (typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX),
});

const config = await createConfig({});
export const specDocuments: readonly SpecDocument[] = await Promise.all(
  SPEC_FILES.map(async (file) => {
    const ref = fileURLToPath(new URL(`../../spec/${file}`, import.meta.url));
    const { bundle: bundled, problems } = await bundle({ ref, config, dereference: true });
    if (problems.length > 0) throw new Error(`${file}: ${problems.map((p) => p.message).join('; ')}`);
    const document = bundled.parsed as Json;
    rewriteSchemas(document, new Set());
    const servers = (document.servers ?? []) as { url: string }[];
    const prefix = new URL(servers[0]?.url.replace(/\{[^}]+\}/g, 'x') ?? 'http://x').pathname.replace(
      /\/$/,
      '',
    );
    return { file, prefix, document };
  }),
);

/** `components.schemas.<name>` of one spec, dereferenced. */
export function componentSchema(file: SpecFile, name: string): object {
  const spec = specDocuments.find((candidate) => candidate.file === file);
  const schema = ((spec?.document.components as Json | undefined)?.schemas as Json | undefined)?.[name];
  if (!schema || typeof schema !== 'object') throw new Error(`${file} has no schema ${name}`);
  return schema;
}

/** int64 integers become the `int64` keyword; a format no validator knows fails here, never silently. */
function rewriteSchemas(node: unknown, seen: Set<unknown>): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const schema = node as Json;
  if (schema.type === 'integer' && schema.format === 'int64') {
    delete schema.type;
    delete schema.format;
    schema.int64 = true;
  } else if (typeof schema.format === 'string' && !ajv.formats[schema.format] && 'type' in schema) {
    throw new Error(`no validator for format ${schema.format}`);
  }
  for (const value of Object.values(schema)) rewriteSchemas(value, seen);
}

const compiled = new WeakMap<object, ValidateFunction>();

/** Validates a value against a (dereferenced) schema object of one of the specs; readable errors. */
export function schemaErrors(schema: object, value: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

/**
 * Reads a JSON body with integers beyond 2^53 kept exact (as BigInt); throws when it is not JSON. Through
 * `yaml`'s JSON schema, the one parser here that reads an integer as a BigInt (js-yaml cannot, nor can
 * JSON.parse before Node 21's source text access): `yaml` is a dev dependency for this alone.
 */
export function parseJsonExactly(text: string): unknown {
  JSON.parse(text); // strict JSON first: YAML would also accept `{a: 1}`
  return toSafeNumbers(parse(text, { schema: 'json', intAsBigInt: true }));
}

function toSafeNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value;
  }
  if (Array.isArray(value)) return value.map(toSafeNumbers);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toSafeNumbers(item)]));
  }
  return value;
}
