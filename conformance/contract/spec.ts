import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsImport from 'ajv-formats';
import { isIso8601DateTime, isRfc3339DateTime } from './date-time.ts';
import { OPENAPI_DOCUMENT } from './openapi-document.generated.ts';
import { parseYaml } from './yaml.ts';

// ajv-formats is CommonJS: under NodeNext its default import is the module object, typed as such.
const addFormats = formatsImport as unknown as typeof formatsImport.default;

const SPEC_ID = 'https://petstore-conformance.invalid/openapi.yaml';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One operation of the spec, as the checks need it. */
export interface Operation {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Path template relative to the base URL, e.g. `/store/orders/{orderId}`. */
  path: string;
  deprecated: boolean;
  /** Documented response statuses, as written in the spec (`'200'`, `'401'`…). */
  statuses: string[];
  pathParams: string[];
  /** The schema of each path parameter, as the spec writes it (e.g. `{ type: 'integer', format: 'int64' }`). */
  pathParamSchemas: Record<string, Json>;
}

/** One documented response of an operation, as the rules need it. */
export interface DocumentedResponse {
  /** The media types of its content (`application/json`…); empty when the spec documents no body. */
  mediaTypes: string[];
  /** The shared response it refers to (`#/components/responses/<name>`), if it refers to one. */
  shared?: string;
  /** The schema of its `application/json` content as written (a `$ref` stays a `$ref`). */
  jsonSchema?: Json;
}

/** The contract, read from `spec/openapi.yaml`: operations and validators compiled from its schemas. */
export interface Spec {
  file: string;
  /** The base path every server of the spec shares (`/v1`), for hints; a run's own comes from its base URL. */
  basePath: string;
  operations: Operation[];
  operation(operationId: string): Operation;
  /** The response the spec documents for exactly this status of the operation, or undefined. */
  response(operationId: string, status: number): DocumentedResponse | undefined;
  /** Upper-case methods documented for a path template. */
  methodsFor(path: string): string[];
  /** The property names `components/schemas/<name>` documents. */
  schemaProperties(name: string): string[];
  /** The properties of `components/schemas/<name>` that are `integer` of `format: int64`. */
  int64Properties(name: string): string[];
  /** Validates against `components/schemas/<name>`; returns readable errors (empty when valid). */
  validateSchema(name: string, value: unknown): string[];
  /**
   * Validates a JSON body against the schema documented for that operation and status; undefined if none is.
   * `date-time` is read as ISO 8601 (the seed's word, offset optional); with `rfc3339` as RFC 3339 (OpenAPI's).
   */
  validateResponse(
    operationId: string,
    status: number,
    value: unknown,
    dateTime?: DateTimeRule,
  ): string[] | undefined;
}

export type Json = Record<string, unknown>;

/** How `format: date-time` is read: ISO 8601 as the seed says, or RFC 3339 as OpenAPI's format means. */
export type DateTimeRule = 'iso8601' | 'rfc3339';

/** Finds `spec/openapi.yaml` by walking up from this module, so it works from source and from `dist/`. */
export function locateSpec(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const candidate = join(dir, 'spec', 'openapi.yaml');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`spec/openapi.yaml not found above ${fileURLToPath(from)}`);
    dir = parent;
  }
}

const cache = new Map<string, Spec>();

/**
 * Loads and compiles the spec once per file. The package's own spec/openapi.yaml is read from its generated
 * copy (no YAML parser loaded, nothing parsed); any other file is read as YAML.
 */
export function loadSpec(file: string = locateSpec()): Spec {
  let spec = cache.get(file);
  if (!spec) {
    spec = compileSpec(
      file,
      file === locateSpec() ? OPENAPI_DOCUMENT : (parseYaml(readFileSync(file, 'utf8')) as Json),
    );
    cache.set(file, spec);
  }
  return spec;
}

function compileSpec(file: string, doc: Json): Spec {
  // strictSchema is off because the whole OpenAPI document is added as one schema and its non-schema keys
  // (paths, info…) are not JSON Schema keywords; only the schema parts are ever compiled.
  // Each reading of date-time has its own ajv instance, made when a run first validates with it.
  const readers = { rfc3339: isRfc3339DateTime, iso8601: isIso8601DateTime };
  const validators: Partial<Record<DateTimeRule, (pointer: string) => ValidateFunction>> = {};
  const validator = (pointer: string, rule: DateTimeRule = 'iso8601') => {
    validators[rule] ??= validatorsFor(doc, readers[rule]);
    return validators[rule](pointer);
  };
  const run = (fn: ValidateFunction, value: unknown): string[] =>
    fn(value)
      ? []
      : (fn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);

  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const operations: Operation[] = [];
  const responsesOf = new Map<string, Json>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])];
      const inPath = params.filter((p) => p.in === 'path');
      const operationId = String(op.operationId ?? `${method} ${path}`);
      responsesOf.set(operationId, (op.responses as Json) ?? {});
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        deprecated: op.deprecated === true,
        statuses: Object.keys((op.responses as Json) ?? {}),
        pathParams: inPath.map((p) => String(p.name)),
        pathParamSchemas: Object.fromEntries(inPath.map((p) => [String(p.name), (p.schema ?? {}) as Json])),
      });
    }
  }

  const operation = (operationId: string): Operation => {
    const found = operations.find((o) => o.operationId === operationId);
    if (!found) throw new Error(`operation ${operationId} is not in ${file}`);
    return found;
  };

  /** The response documented for the status, its `$ref` followed, with the JSON pointer it was read at. */
  const responseAt = (operationId: string, status: number) => {
    const op = operation(operationId);
    let pointer = `/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses/${status}`;
    let response = responsesOf.get(operationId)?.[String(status)] as Json | undefined;
    const ref = response?.$ref;
    let shared: string | undefined;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      pointer = ref.slice(1);
      shared = ref.startsWith('#/components/responses/')
        ? unescapePointer(ref.split('/')[3] ?? '')
        : undefined;
      response = ref
        .slice(2)
        .split('/')
        .reduce<Json | undefined>((node, key) => node?.[unescapePointer(key)] as Json | undefined, doc);
    }
    return response ? { pointer, response, shared } : undefined;
  };

  return {
    file,
    basePath: basePathOf(doc),
    operations,
    operation,
    methodsFor: (path) => operations.filter((o) => o.path === path).map((o) => o.method),
    schemaProperties: (name) => Object.keys(propertiesOf(doc, name)),
    int64Properties: (name) =>
      Object.entries(propertiesOf(doc, name))
        .filter(([, schema]) => schema.type === 'integer' && schema.format === 'int64')
        .map(([property]) => property),
    validateSchema: (name, value) => run(validator(`/components/schemas/${escapePointer(name)}`), value),
    response(operationId, status) {
      const found = responseAt(operationId, status);
      if (!found) return undefined;
      const content = (found.response.content ?? {}) as Record<string, Json>;
      const json = content['application/json']?.schema as Json | undefined;
      return {
        mediaTypes: Object.keys(content),
        ...(found.shared ? { shared: found.shared } : {}),
        ...(json ? { jsonSchema: json } : {}),
      };
    },
    validateResponse(operationId, status, value, dateTime) {
      const found = responseAt(operationId, status);
      if (!found || !(found.response.content as Json | undefined)?.['application/json']) return undefined;
      return run(validator(`${found.pointer}/content/application~1json/schema`, dateTime), value);
    },
  };
}

/** The path the servers' URLs share, e.g. `/v1` for `https://{host}/v1` and `http://localhost:4010/v1`. */
function basePathOf(doc: Json): string {
  const paths = ((doc.servers ?? []) as Json[]).map((server) => {
    const url = String(server.url ?? '').replace(/\{[^}]*\}/g, 'x');
    return URL.canParse(url) ? new URL(url).pathname.replace(/\/+$/, '') : '';
  });
  const [first = '', ...rest] = paths;
  return rest.every((path) => path === first) ? first : '';
}

const propertiesOf = (doc: Json, name: string): Record<string, Json> =>
  (((doc.components as Json)?.schemas as Record<string, Json>)?.[name]?.properties ?? {}) as Record<
    string,
    Json
  >;

/** Compiled validators by JSON pointer, with `date-time` checked by one of the suite's own date readers. */
function validatorsFor(doc: Json, dateTime: (text: string) => boolean) {
  // validateSchema is off: the document as a whole is no schema (its paths and components are no keywords), so
  // checking it against the meta-schema checked nothing but cost compiling the meta-schema; each schema a
  // validator refers to is still compiled when first used, and one ajv cannot compile still throws there.
  const ajv = new Ajv2020({ allErrors: true, strictSchema: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('date-time', dateTime);
  ajv.addSchema(doc, SPEC_ID);
  const compiled = new Map<string, ValidateFunction>();
  return (pointer: string): ValidateFunction => {
    let fn = compiled.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
      compiled.set(pointer, fn);
    }
    return fn;
  };
}

const escapePointer = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const unescapePointer = (segment: string): string => segment.replaceAll('~1', '/').replaceAll('~0', '~');
