import type { Operation, Spec } from '../contract/spec.ts';

export type Match =
  | { kind: 'operation'; operation: Operation }
  /** A documented path, but not with this method (HEAD included: the spec documents none). */
  | { kind: 'undocumented-method'; path: string; methods: string[] }
  | { kind: 'undocumented-path' };

const templates = new WeakMap<Spec, Array<{ path: string; pattern: RegExp }>>();

function compiled(spec: Spec) {
  let list = templates.get(spec);
  if (!list) {
    const paths = [...new Set(spec.operations.map((o) => o.path))];
    list = paths.map((path) => ({
      path,
      pattern: new RegExp(
        `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
      ),
    }));
    templates.set(spec, list);
  }
  return list;
}

/** The operation a request names: its path (below the base URL, no query) against the spec's templates. */
export function matchOperation(spec: Spec, method: string, path: string): Match {
  const template = compiled(spec).find(({ pattern }) => pattern.test(path));
  if (!template) return { kind: 'undocumented-path' };
  const operation = spec.operations.find((o) => o.path === template.path && o.method === method);
  if (operation) return { kind: 'operation', operation };
  return { kind: 'undocumented-method', path: template.path, methods: spec.methodsFor(template.path) };
}
