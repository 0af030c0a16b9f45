import type { Plugin } from 'rolldown';

/**
 * Rewrites a bundle's imports of Node's modules (`import { readFile } from "node:fs/promises"`) as lookups
 * of the module's object (`const { readFile } = process.getBuiltinModule("node:fs/promises")`, Node 20.16 and
 * later). Why: to import a built-in module, Node makes an ES module of it, reading every export, and some
 * exports are getters that load a module of their own: `node:fs` loads `fs/promises` and its streams,
 * `node:util` the MIME parser, `node:net` BlockList and SocketAddress, `node:module` the source map reader. A
 * bare server importing the seven modules the CLI starts with ran 11 million instructions more to its first
 * answer than one that looks them up (callgrind, about 2 % of a start; docs/performance.md, Round 14).
 *
 * Each import stays on its own line, so the source maps still hold. A named import of `default` is the module.
 */
export function builtinsThroughGetBuiltinModule(): Plugin {
  return {
    name: 'builtins-through-get-builtin-module',
    renderChunk(code) {
      const rewritten = code.replace(
        BUILTIN_IMPORT,
        (_line, clause: string | undefined, specifier: string) => {
          const module = `process.getBuiltinModule(${JSON.stringify(specifier)})`;
          return clause === undefined ? `${module};` : bindings(clause.trim(), module);
        },
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/** `import "node:x";`, `import x from "node:x";`, `import { a, b as c } from "node:x";` and their mixes. */
const BUILTIN_IMPORT = /^import\s+(?:([^'"]+?)\s+from\s+)?"(node:[a-z_/]+)";$/gm;

function bindings(clause: string, module: string): string {
  const namespace = /^\*\s+as\s+(\w+)$/.exec(clause);
  if (namespace) return `const ${namespace[1]} = ${module};`;
  const [, defaultName, named] = /^(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?$/.exec(clause) ?? [];
  if (defaultName === undefined && named === undefined)
    throw new Error(`Unexpected import of ${module}: ${clause}`);
  const properties: string[] = [];
  const aliases: string[] = [];
  for (const part of (named ?? '').split(',').map((item) => item.trim())) {
    if (part === '') continue;
    const [name, alias = name] = part.split(/\s+as\s+/) as [string, string?];
    if (name === 'default') aliases.push(alias as string);
    else properties.push(name === alias ? name : `${name}: ${alias}`);
  }
  if (defaultName !== undefined) aliases.push(defaultName);
  const declarations = [
    ...aliases.map((alias) => `${alias} = ${module}`),
    ...(properties.length > 0 ? [`{ ${properties.join(', ')} } = ${module}`] : []),
  ];
  return `const ${declarations.join(', ')};`;
}
