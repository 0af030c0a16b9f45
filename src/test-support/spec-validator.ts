import {
  componentSchema,
  parseJsonExactly,
  type SpecFile,
  schemaErrors,
  specDocuments,
} from './spec-documents.ts';

/**
 * The one test-side validator of what the mock answers, for every spec (the Store API, the admin API, the
 * dashboard API and the token endpoint): every response the HTTP, MSW and dashboard tests see is checked here. The conformance
 * suite keeps its own validator on purpose: it shares nothing with the mock but the spec.
 */
type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export interface SeenResponse {
  readonly method: string;
  /** The request path from the origin, e.g. /v1/store/orders/3 or /__dashboard/api/projects. */
  readonly path: string;
  readonly status: number;
  /** The Content-Type header; a body is checked only when it is JSON. */
  readonly contentType?: string | null;
  readonly text: string;
}

interface Route {
  readonly file: SpecFile;
  readonly template: string;
  readonly pattern: RegExp;
  readonly item: Json;
}

const routes: Route[] = specDocuments
  .flatMap(({ file, prefix, document }) =>
    Object.entries((document.paths ?? {}) as Record<string, Json>).map(([template, item]) => ({
      file,
      template,
      item,
      pattern: new RegExp(`^${prefix}${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
  )
  // A static segment wins over a parameter: fewer parameters first.
  .sort((a, b) => a.template.split('{').length - b.template.split('{').length);

const errorSchema = componentSchema('openapi.yaml', 'Error');

/**
 * Returns what is wrong with a response according to the specs, or an empty list. A documented operation must
 * answer a documented status with the documented body. A path no spec names, or a method the spec does not
 * define on a path (405) must answer the Error body; HEAD and a CORS preflight's 204 answer no body.
 */
export function specProblems(seen: SeenResponse): string[] {
  const route = routes.find((candidate) => candidate.pattern.test(seen.path));
  const operation = route?.item[seen.method.toLowerCase()] as Json | undefined;
  if (!route || !operation) return errorBodyProblems(seen);
  const response = (operation.responses as Json)[String(seen.status)] as Json | undefined;
  if (!response)
    return [`${seen.status} is not documented for ${seen.method} ${route.template} (${route.file})`];
  const schema = ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
  if (!schema) return seen.text === '' ? [] : [`${seen.status} has no documented body but one was sent`];
  return bodyProblems(schema as object, seen);
}

/** The same check for an answer whose body is already a value (the dashboard's in-process tests). */
export function answerProblems(
  method: string,
  path: string,
  answer: { readonly status: number; readonly body: unknown },
): string[] {
  const hasBody = answer.body !== undefined;
  return specProblems({
    method,
    path,
    status: answer.status,
    contentType: hasBody ? 'application/json' : null,
    text: hasBody ? JSON.stringify(answer.body) : '',
  });
}

/** Every operation of one spec as `METHOD /path/:param`, for tests that compare it with the routes served. */
export function specOperations(file: SpecFile): string[] {
  return routes
    .filter((route) => route.file === file)
    .flatMap(({ template, item }) =>
      METHODS.filter((method) => method in item).map(
        (method) => `${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
}

export function errorBodyProblems(seen: SeenResponse): string[] {
  const preflight = seen.method === 'OPTIONS' && seen.status === 204;
  if (seen.method === 'HEAD' || preflight) return seen.text === '' ? [] : ['a body was sent'];
  const problems = bodyProblems(errorSchema, seen);
  if (problems.length === 0 && JSON.parse(seen.text).status !== seen.status) problems.push('status differs');
  return problems;
}

function bodyProblems(schema: object, seen: SeenResponse): string[] {
  if (!seen.contentType?.startsWith('application/json')) return [`content-type is ${seen.contentType}`];
  let body: unknown;
  try {
    body = parseJsonExactly(seen.text);
  } catch {
    return [`body is not JSON: ${seen.text.slice(0, 80)}`];
  }
  return schemaErrors(schema, body);
}
