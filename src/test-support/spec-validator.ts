import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';

/**
 * Validates responses seen in the mock's tests against spec/openapi.yaml (and the admin spec), compiling
 * the schemas from the spec files: nothing here restates them.
 */
const SPEC_BASE = 'https://petstore-mock.test/spec/';
const SPEC_FILES = ['openapi.yaml', 'mock-admin.openapi.yaml'] as const;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addFormat('int32', {
  type: 'number',
  validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });

const specs = SPEC_FILES.map((file) => {
  const document = parse(
    readFileSync(new URL(`../../spec/${file}`, import.meta.url), 'utf8'),
  ) as OpenAPIV3_1.Document;
  ajv.addSchema(document as object, `${SPEC_BASE}${file}`);
  return { file, document };
});

export interface SeenResponse {
  readonly method: string;
  /** The request path from the origin, e.g. /v1/store/orders/3 (the Store API's base path /v1 is stripped). */
  readonly path: string;
  readonly status: number;
  readonly contentType?: string | null;
  readonly text: string;
}

/**
 * Returns what is wrong with a response according to the spec, or an empty list. A status the spec does
 * not document for the operation (405, an unknown path) must still carry the spec's Error body.
 */
export function specProblems(seen: SeenResponse): string[] {
  const match = findOperation(seen.method, seen.path);
  const documented = match && resolveResponse(match.file, match.operation.responses?.[String(seen.status)]);
  if (!match || !documented) return errorBodyProblems(seen);
  const media = documented.response.content?.['application/json'];
  if (!media) return seen.text === '' ? [] : [`${seen.status} has no documented body but one was sent`];
  const pointer = `${documented.pointer ?? `${match.pointer}/responses/${seen.status}`}/content/application~1json/schema`;
  return schemaProblems(`${SPEC_BASE}${match.file}${pointer}`, seen);
}

function errorBodyProblems(seen: SeenResponse): string[] {
  if (seen.method === 'HEAD' || seen.status === 204) return seen.text === '' ? [] : ['a body was sent'];
  const problems = schemaProblems(`${SPEC_BASE}openapi.yaml#/components/schemas/Error`, seen);
  if (problems.length === 0 && JSON.parse(seen.text).status !== seen.status) problems.push('status differs');
  return problems;
}

function schemaProblems(ref: string, seen: SeenResponse): string[] {
  if (!seen.contentType?.startsWith('application/json')) return [`content-type is ${seen.contentType}`];
  const validate = ajv.getSchema(ref);
  if (!validate) return [`no schema at ${ref}`];
  let body: unknown;
  try {
    body = JSON.parse(seen.text);
  } catch {
    return [`body is not JSON: ${seen.text.slice(0, 80)}`];
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

function findOperation(method: string, path: string) {
  for (const { file, document } of specs) {
    const local = file === 'openapi.yaml' ? path.replace(/^\/v1(?=\/)/, '') : path;
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const operation = item?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods];
      if (pattern.test(local) && operation) {
        const pointer = `#/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}`;
        return { file, template, pointer, operation };
      }
    }
  }
  return undefined;
}

/** Follows a response `$ref` within its file; returns the response and the pointer it was found at. */
function resolveResponse(file: string, value: unknown) {
  if (!value || typeof value !== 'object') return undefined;
  if (!('$ref' in value)) return { response: value as OpenAPIV3_1.ResponseObject, pointer: undefined };
  const pointer = value.$ref as string;
  const document = specs.find((spec) => spec.file === file)?.document;
  const response = pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key.replaceAll('~1', '/')], document);
  return { response: response as OpenAPIV3_1.ResponseObject, pointer };
}
