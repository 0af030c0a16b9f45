/** A JSON Schema, as the specs write it (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export type JsonSchema = { readonly [keyword: string]: unknown };

export type ToolMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the generated tool table (tools.generated.ts): an operation of the admin or dashboard spec as an
 * MCP tool. Its input is one flat object: the path and query parameters by name, the request body's fields
 * (sent as the JSON body), and `session`, sent as `X-Mock-Session`.
 */
export interface AdminTool {
  readonly name: string;
  /** The operation's summary. */
  readonly title: string;
  readonly description: string;
  /** The spec file under spec/ that describes the operation. */
  readonly spec: 'mock-admin.openapi.yaml' | 'dashboard.openapi.yaml';
  readonly operationId: string;
  readonly method: ToolMethod;
  /** The path template from the mock's origin, e.g. `/__mock/orders/{orderId}/ship`. */
  readonly path: string;
  readonly pathParameters: readonly string[];
  readonly queryParameters: readonly string[];
  /** Whether the operation takes a JSON body: the input's other fields (`{}` when none is given). */
  readonly jsonBody: boolean;
  readonly inputSchema: JsonSchema;
}

/** A Store API operation (spec/openapi.yaml), named in store_request's description. */
export interface StoreOperation {
  readonly method: string;
  /** Below the base URL, e.g. `/store/orders/{orderId}`. */
  readonly path: string;
  readonly operationId: string | undefined;
  readonly summary: string;
}

/** The input field every tool takes for the `X-Mock-Session` header. */
export const SESSION_FIELD = 'session';
