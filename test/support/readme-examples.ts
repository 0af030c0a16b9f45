import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Consumer } from './consumer.ts';
import { codeBlocks, tsBlockUnder } from './markdown.ts';

/** The README's TypeScript examples as the package ships them, ready to type-check or run in a consumer. */
export function readmeExamples(installed: string) {
  const readme = readFileSync(join(installed, 'README.md'), 'utf8');
  const all = codeBlocks(readme)
    .filter((block) => block.lang === 'ts')
    .map((block, index) => ({ name: `readme-${index + 1}.ts`, code: block.code }));
  return { all, msw: tsBlockUnder(readme, 'MSW'), server: tsBlockUnder(readme, 'mock server') };
}

/** Runs a README example on this Node: TypeScript's own transpiler (in the consumer) strips the types. */
export async function runExample(consumer: Consumer, node: string, name: string, code: string) {
  consumer.write(`${name}.ts`, code);
  consumer.write(
    'strip-types.mjs',
    `import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
const options = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
writeFileSync(process.argv[3], ts.transpileModule(readFileSync(process.argv[2], 'utf8'), { compilerOptions: options }).outputText);`,
  );
  const stripped = await consumer.run(node, ['strip-types.mjs', `${name}.ts`, `${name}.mjs`]);
  return stripped.code === 0 ? consumer.run(node, [`${name}.mjs`]) : stripped;
}

// Had any of these types resolved to `any`, the directives would be unused, and that is an error.
const NOT_ANY = `import { createMock } from 'petstore-mock';
import { type RunningServer } from 'petstore-mock/node';
import { createHandlers } from 'petstore-mock/msw';
import { type CheckResult } from 'petstore-mock/conformance';
// @ts-expect-error basePath is a string
export const basePath: number = createMock({}).basePath;
// @ts-expect-error the store is an object
export const store: number = createHandlers({ baseUrl: 'http://x.test/v1' }).controller.store;
// @ts-expect-error the port is a number
export const port: (server: RunningServer) => string = (server) => server.port;
// @ts-expect-error a result's status is a string union
export const status: (result: CheckResult) => number = (result) => result.status;
`;

/** Whether an example awaits at the top level (a line at column 0 that awaits): an ES module, then. */
const awaitsAtTopLevel = (code: string) => /^(?!\s)(?!.*=>).*\bawait\b/m.test(code);

/**
 * Type-checks the README's examples (and a file that fails if the types were `any`) with the given TypeScript
 * package, strictly and without skipLibCheck. With the lowest supported TypeScript, only problems in these
 * files and in petstore-mock's own declarations count: other libraries (vitest, msw) set their own minimum.
 * In a CommonJS project, an example that awaits at the top level is an `.mts` file, as TypeScript requires
 * (and the README says); every other one is a CommonJS `.ts` file.
 */
export async function typeProblems(
  consumer: Consumer,
  installed: string,
  typescript: string,
  resolution: 'nodenext' | 'bundler',
  commonjs = false,
): Promise<string[]> {
  const dir = `types-${typescript}-${resolution}`;
  const files = [...readmeExamples(installed).all, { name: 'not-any.ts', code: NOT_ANY }].map((file) =>
    commonjs && awaitsAtTopLevel(file.code) ? { ...file, name: file.name.replace(/\.ts$/, '.mts') } : file,
  );
  for (const file of files) consumer.write(`${dir}/${file.name}`, file.code);
  consumer.write(
    `${dir}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        lib: ['es2022', 'dom'],
        module: resolution === 'nodenext' ? 'nodenext' : 'esnext',
        moduleResolution: resolution,
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
      },
      files: files.map((file) => file.name),
    }),
  );
  const tsc = join('node_modules', typescript, 'bin', 'tsc');
  const result = await consumer.run(process.execPath, [tsc, '-p', dir]);
  const problems = result.stdout.split('\n').filter((line) => / error TS\d+/.test(line));
  if (result.code !== 0 && problems.length === 0) return [`tsc failed: ${result.stdout}${result.stderr}`];
  const ours = (line: string) => line.startsWith(dir) || line.includes('node_modules/petstore-mock/');
  return typescript === 'typescript' || commonjs ? problems : problems.filter(ours);
}
