import type { MockRequest } from '../types.ts';
import { type ApiError, coreError } from './errors.ts';

// The control planes' JSON body reader. The Store API's write gate (body.ts) is apart from it, so what only a
// control plane reads loads with the control planes' code.

/** What a generated validator reports (ajv's error shape, the parts read here). */
export interface BodyProblem {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

/** A validator generated from a spec's request-body schema (scripts/generate-request-bodies.ts). */
export interface BodyValidator<Body> {
  (data: unknown): data is Body;
  readonly errors?: readonly BodyProblem[] | null;
  /** The spec's description of each pattern it checks, so a refusal says what is wanted, not a RegExp. */
  readonly patterns?: Readonly<Record<string, string>>;
}

export interface ReadBodyOptions {
  /** A valid body to show in the message when the body is not JSON. */
  readonly example?: string | undefined;
  /**
   * The plane's own error for a field whose value has the right JSON type but is not one the spec allows
   * (an unknown plan, a TTL below the minimum); undefined keeps `INVALID_REQUEST`.
   */
  readonly valueError?: (field: string, message: string) => ApiError | undefined;
}

/** Keywords that refuse a value of the right JSON type; the others (type, required, …) refuse the shape. */
const VALUE_KEYWORDS = new Set(['enum', 'const', 'pattern', 'minimum', 'maximum', 'format', 'maxLength']);

/**
 * The one JSON body reader of every plane: parses the body and checks it against the operation's schema
 * from the spec. A body that is not JSON, or a wrongly typed, missing or unknown field, is a 400
 * `INVALID_REQUEST` that names the field; nothing is coerced or dropped.
 *
 * @example const order = readJsonBody(request, requestBodies.adminCreateOrder);
 */
export function readJsonBody<Body>(
  request: MockRequest,
  validate: BodyValidator<Body>,
  options: ReadBodyOptions = {},
): Body {
  return checkBody(parseJsonBody(request, options), validate, options);
}

/**
 * The body parsed, not yet checked: for a reader that checks it itself (a saved state, whose orders are
 * checked in one pass with reading them). A body that is not JSON is a 400 `INVALID_REQUEST`.
 */
export function parseJsonBody(request: MockRequest, options: Pick<ReadBodyOptions, 'example'> = {}): unknown {
  try {
    return JSON.parse(request.body ?? '');
  } catch {
    const example = options.example === undefined ? '' : `, for example ${options.example}`;
    throw coreError('INVALID_REQUEST', `The request body must be JSON${example}.`);
  }
}

/**
 * Checks a parsed value against the operation's schema, as `readJsonBody` does: the value when valid, else a
 * 400 `INVALID_REQUEST` naming the first field in the wrong (a state file read from disk comes here too).
 */
export function checkBody<Body>(
  value: unknown,
  validate: BodyValidator<Body>,
  options: ReadBodyOptions = {},
  what = 'request body',
): Body {
  if (validate(value)) return value;
  const problem = validate.errors?.[0];
  const field = problem === undefined ? '' : fieldName(problem);
  const message = `Invalid ${what}: ${problem === undefined ? 'not as the spec describes it' : describe(problem, field, validate.patterns)}.`;
  const own =
    problem && VALUE_KEYWORDS.has(problem.keyword) ? options.valueError?.(field, message) : undefined;
  throw own ?? coreError('INVALID_REQUEST', message);
}

/** `domains.redirects[0].status` for `/domains/redirects/0/status`; the unknown or missing field included. */
function fieldName({ instancePath, keyword, params }: BodyProblem): string {
  const path = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
  const child =
    keyword === 'additionalProperties'
      ? params.additionalProperty
      : keyword === 'required'
        ? params.missingProperty
        : undefined;
  if (typeof child !== 'string') return path;
  return path ? `${path}.${child}` : child;
}

function describe(problem: BodyProblem, field: string, patterns: BodyValidator<unknown>['patterns']): string {
  const name = field ? `"${field}"` : 'the body';
  switch (problem.keyword) {
    case 'pattern': {
      // "A delay such as `300ms`, …" becomes "must be a delay such as 300ms, …".
      const wanted = patterns?.[String(problem.params.pattern)]
        ?.trim()
        .replace(/\.$/, '')
        .replaceAll('`', '');
      if (wanted)
        return `${name} must be ${wanted.charAt(0).toLowerCase()}${wanted.slice(1).replace(/\s+/g, ' ')}`;
      return `${name} ${problem.message ?? 'is not valid'}`;
    }
    case 'additionalProperties':
      return `${name} is not a field of this operation`;
    case 'required':
      return `${name} is required`;
    case 'enum':
      return `${name} must be one of ${(problem.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${name} ${problem.message ?? 'is not valid'}`;
  }
}
