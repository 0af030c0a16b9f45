/**
 * Derives the JSON Schema of a saved state (`GET /__mock/state`, `--state-file`) from MockState in
 * spec/mock-admin.openapi.yaml: the component and every component it reaches, as `$defs`, closed the way the
 * request bodies are (a field the spec does not name is refused). `npm run generate` writes it; the package
 * exports it as `petstore-mock/state.schema.json`.
 */
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';

type Schema = Record<string, unknown>;
const SPEC = 'spec/mock-admin.openapi.yaml';
export const STATE_SCHEMA_OUT = 'spec/mock-state.schema.json';

export function stateSchema(): Schema {
  const spec = load(readFileSync(new URL(`../${SPEC}`, import.meta.url), 'utf8')) as {
    components: { schemas: Record<string, Schema> };
  };
  const components = spec.components.schemas;
  const defs: Record<string, Schema> = {};
  const reach = (name: string) => {
    if (defs[name]) return;
    const schema = components[name];
    if (!schema) throw new Error(`${SPEC} has no components.schemas.${name}`);
    defs[name] = rewrite(schema, reach) as Schema;
  };
  reach('MockState');
  const { MockState = {}, ...others } = defs;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'petstore-mock state',
    ...MockState,
    description: `${String(MockState.description).trim()} Derived from ${SPEC} (MockState) by scripts/state-schema.ts (npm run generate).`,
    $defs: others,
  };
}

/** A copy with component `$ref`s pointing at `$defs` (each reached), and objects closed. */
function rewrite(node: unknown, reach: (name: string) => void): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, reach));
  if (typeof node !== 'object' || node === null) return node;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      const name = value.slice('#/components/schemas/'.length);
      reach(name);
      copy.$ref = `#/$defs/${name}`;
    } else copy[key] = rewrite(value, reach);
  }
  if (typeof copy.properties === 'object' && copy.additionalProperties === undefined) {
    copy.additionalProperties = false;
  }
  return copy;
}
