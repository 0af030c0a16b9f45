/** One operation of spec/openapi.yaml as scripts/generate-operations.ts reads it. */
export interface SpecOperation {
  readonly method: string;
  /** The spec's template below the base path, e.g. `/store/orders/{orderId}`. */
  readonly path: string;
  readonly operationId: string;
  readonly responses: Readonly<
    Record<string, { readonly json: boolean; readonly examples: Readonly<Record<string, unknown>> }>
  >;
}

/** Finds the spec's operation for a method and a path below the base path (`/store/orders/7`). */
export interface OperationMatcher {
  /** The operation answering `method` (HEAD as GET) at `path`, if any. */
  find(method: string, path: string): SpecOperation | undefined;
  /** Whether any operation, of any method, lives at `path`. */
  hasPath(path: string): boolean;
}

/** A template's parameter matches one non-empty segment, as the router's `:param` does. */
export function operationMatcher(operations: readonly SpecOperation[]): OperationMatcher {
  const compiled = operations.map((operation) => ({
    operation,
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  return {
    find(method, path) {
      const wanted = method === 'HEAD' ? 'GET' : method;
      return compiled.find((c) => c.operation.method === wanted && c.pattern.test(path))?.operation;
    },
    hasPath: (path) => compiled.some((c) => c.pattern.test(path)),
  };
}
