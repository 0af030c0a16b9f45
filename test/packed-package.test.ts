import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { WORKER_SEED_THRESHOLD } from '../src/cli/seed.ts';
import { type Consumer, createConsumer, installedVersion, repositoryBin } from './support/consumer.ts';
import { exportNames, loadEveryModule } from './support/exports.ts';
import { isAbsoluteUrl, linkTargets, repositoryPaths } from './support/markdown.ts';
import { root } from './support/pack.ts';
import { readmeExamples, runExample, typeProblems } from './support/readme-examples.ts';

/**
 * The package as npm users meet it: the tarball `npm publish` would upload, installed into a fresh project
 * with the npm client, used only through its export paths and bins, on this Node (20.19 or newer).
 */
const tarball = inject('tarball');
const packedFiles = inject('packedFiles');
let consumer: Consumer;
let installed: string;
let manifest: { bin: Record<string, string>; license: string; scripts?: unknown; devDependencies?: unknown };

/** The tarball and what its examples need, with the lowest TypeScript to check beside this repository's. */
const dependencies = (lowestTypescript: string) => [
  tarball,
  `msw@${installedVersion('msw')}`,
  `vitest@${installedVersion('vitest')}`,
  `typescript@${installedVersion('typescript')}`,
  `typescript-lowest@npm:typescript@${lowestTypescript}`,
  `@types/node@${installedVersion('@types/node')}`,
];

beforeAll(async () => {
  // The lowest TypeScript the package supports, side by side under another name.
  consumer = await createConsumer('node20', dependencies('~5.4.5'));
  installed = join(consumer.dir, 'node_modules', 'petstore-mock');
  manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
});
afterAll(() => consumer?.remove());

/** The Markdown files the package ships: README, CHANGELOG and docs/. */
const shippedMarkdown = () =>
  ['README.md', 'CHANGELOG.md', ...readdirSync(join(installed, 'docs')).map((f) => `docs/${f}`)].filter(
    (path) => path.endsWith('.md'),
  );

/** A path of the repository's tree (a folder of it, or a file at its root), as docs name them. */
const REPOSITORY_PATH =
  /^(src|test|scripts|conformance|spec|fixtures|docs|dist|bin|action|\.ci)\/[^*]*$|^(CONTRIBUTING\.md|compose\.yaml|Dockerfile|action\.yml|vitest[\w.]*\.ts)$/;
/** A doc that says at its top that the source files it names are in the source repository. */
const SOURCES_NOTE = /are in the source\s+repository, not in\s+(> )?the package/;

const shipped = [
  /^package\.json$/,
  /^(README|CHANGELOG)\.md$/,
  /^LICENSE$/,
  /^bin\/petstore-(mock\.cjs|conformance\.js)$/,
  /^dist\/.+\.(js|cjs|js\.map|cjs\.map|d\.ts|d\.cts|json)$/,
  /^spec\/[\w.-]+\.yaml$/,
  /^spec\/mock-state\.schema\.json$/,
  /^config\.schema\.json$/,
  /^fixtures\/[\w.-]+\.json$/,
  /^src\/pages\/(dashboard|control|shared)\/[\w-]+\.(js|html|css)$/,
  /^docs\/[\w-]+\.md$/,
  /^docs\/screenshots\/[\w-]+\.png$/,
];

describe('the tarball', () => {
  test('holds only what users need, as npm pack --dry-run lists it', () => {
    const [dryRun] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: root,
        encoding: 'utf8',
      }),
    ) as { files: { path: string }[] }[];
    const listed = (dryRun?.files ?? []).map((file) => file.path).sort();
    expect(listed).toEqual([...packedFiles].sort());
    expect(listed.filter((path) => !shipped.some((pattern) => pattern.test(path)))).toEqual([]);
    expect(listed.filter((path) => /\.test\.|test-support|tsconfig/.test(path))).toEqual([]);
    for (const needed of ['LICENSE', 'README.md', 'CHANGELOG.md', 'dist/src/index.js']) {
      expect(listed).toContain(needed);
    }
  });

  test("carries none of the repository's scripts or devDependencies, so npm warns of no install script", () => {
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    expect(consumer.installOutput).not.toMatch(/install-scripts[^\n]*petstore-mock/);
  });

  test('names in its docs only files it holds, or says a file is in the source repository', () => {
    const missing: string[] = [];
    for (const file of shippedMarkdown()) {
      const text = readFileSync(join(installed, file), 'utf8');
      if (SOURCES_NOTE.test(text.slice(0, 600))) continue;
      for (const { path, context } of repositoryPaths(text)) {
        if (!REPOSITORY_PATH.test(path) || existsSync(join(installed, path))) continue;
        if (!/source\s+repository/.test(context)) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('ships the MIT license the manifest names', () => {
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  test('has no dead source map: every map it names is shipped and carries its sources', () => {
    const dead: string[] = [];
    for (const file of packedFiles.filter((path) => path.endsWith('.js'))) {
      const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(
        readFileSync(join(installed, file), 'utf8'),
      )?.[1];
      if (!mapName) continue;
      const mapPath = join(installed, file, '..', mapName);
      if (!existsSync(mapPath)) {
        dead.push(`${file} names a missing ${mapName}`);
        continue;
      }
      const map = JSON.parse(readFileSync(mapPath, 'utf8')) as {
        sources: string[];
        sourcesContent?: unknown[];
      };
      const carried = map.sourcesContent?.filter((content) => typeof content === 'string').length ?? 0;
      if (carried !== map.sources.length)
        dead.push(`${mapName} lacks the content of ${map.sources.join(', ')}`);
    }
    expect(dead).toEqual([]);
    expect(packedFiles.some((path) => path.endsWith('.js.map'))).toBe(true);
  });

  test('resolves every link and image of the shipped Markdown inside the package or to an absolute URL', () => {
    const broken: string[] = [];
    for (const file of shippedMarkdown()) {
      for (const target of linkTargets(readFileSync(join(installed, file), 'utf8'))) {
        const path = target.split('#')[0] ?? '';
        if (isAbsoluteUrl(target) || path === '') continue;
        if (!existsSync(join(installed, file, '..', decodeURI(path)))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the installed package', () => {
  test('imports every export with import, and with require on Node 20.19 or newer', async () => {
    const { modules } = exportNames(installed);
    expect(modules).toEqual(
      expect.arrayContaining(['petstore-mock', 'petstore-mock/msw', 'petstore-mock/node']),
    );
    for (const result of await loadEveryModule(consumer, process.execPath, modules)) {
      expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    }
  });

  test('resolves the spec and data exports to shipped files', async () => {
    const names = exportNames(installed).files;
    consumer.write(
      'resolve-files.mjs',
      `import { readFileSync } from 'node:fs';
console.log(JSON.stringify(${JSON.stringify(names)}.map((name) => readFileSync(new URL(import.meta.resolve(name)), 'utf8').slice(0, 15))));`,
    );
    const resolved = await consumer.run(process.execPath, ['resolve-files.mjs']);
    expect(resolved.code, resolved.stderr).toBe(0);
    const starts = JSON.parse(resolved.stdout) as string[];
    expect(names).toEqual(
      expect.arrayContaining([
        'petstore-mock/spec/openapi.yaml',
        'petstore-mock/spec/mock-admin.openapi.yaml',
        'petstore-mock/spec/dashboard.openapi.yaml',
      ]),
    );
    expect(
      starts.filter((start, i) => names[i]?.endsWith('.yaml') && !start.startsWith('openapi: 3.1')),
    ).toEqual([]);
  });

  test("ships the config file's schema at the path a config file's $schema names, and the bin reads the file", async () => {
    consumer.write(
      'resolve-config-schema.mjs',
      "console.log(import.meta.resolve('petstore-mock/config.schema.json'))",
    );
    const resolved = await consumer.run(process.execPath, ['resolve-config-schema.mjs']);
    expect(resolved.stdout.trim(), resolved.stderr).toMatch(
      /\/node_modules\/petstore-mock\/config\.schema\.json$/,
    );
    const schema = JSON.parse(readFileSync(join(installed, 'config.schema.json'), 'utf8'));
    expect(Object.keys(schema.properties)).toEqual(['$schema', 'mock', 'conformance', 'proxy']);
    const file = consumer.write(
      'petstore-mock.config.json',
      JSON.stringify({ $schema: './node_modules/petstore-mock/config.schema.json', mock: { prot: 4010 } }),
    );
    try {
      const refused = await consumer.run('npx', ['--no-install', 'petstore-mock']);
      expect([refused.code, refused.stderr]).toEqual([
        2,
        'petstore-mock: petstore-mock.config.json: unknown key "mock.prot"; the closest valid key is "mock.port".\n',
      ]);
    } finally {
      rmSync(file);
    }
  });

  test('runs both bins', async () => {
    for (const bin of Object.keys(manifest.bin)) {
      const help = await consumer.run('npx', ['--no-install', bin, '--help']);
      expect(help.stdout, help.stderr).toMatch(new RegExp(`Usage: ${bin}`));
    }
  });

  // From WORKER_SEED_THRESHOLD orders on, the bundle's generate-worker.js entry generates them.
  test.each([5, WORKER_SEED_THRESHOLD])(
    'the bin serves from its bundle: the list with --seed and %i orders (faker loaded on demand), and both pages',
    async (count) => {
      const bin = join(consumer.dir, 'node_modules', '.bin', 'petstore-mock');
      const child = spawn(bin, ['--port', '0', '--quiet', '--seed', '3', '--orders', String(count)], {
        cwd: consumer.dir,
      });
      try {
        let output = '';
        child.stdout.setEncoding('utf8').on('data', (text: string) => {
          output += text;
        });
        while (!/listening on (http:\/\/\S+)\/v1/.test(output)) await once(child.stdout, 'data');
        const origin = (/listening on (http:\/\/\S+)\/v1/.exec(output) as RegExpExecArray)[1];
        const list = await fetch(`${origin}/v1/store/orders`, {
          headers: { authorization: 'Bearer petstore-dev-key' },
        });
        expect(list.status).toBe(200);
        expect(await list.json()).toHaveLength(count);
        for (const page of ['/__dashboard/', '/__mock/']) {
          const answer = await fetch(`${origin}${page}`);
          expect(answer.status, page).toBe(200);
          expect(answer.headers.get('content-type'), page).toMatch(/^text\/html/);
        }
      } finally {
        child.kill('SIGTERM');
        if (child.exitCode === null) await once(child, 'exit');
      }
    },
  );

  test("runs the README's server example", async () => {
    const run = await runExample(
      consumer,
      process.execPath,
      'readme-server',
      readmeExamples(installed).server,
    );
    expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^200 \[/);
  });

  test("runs the README's MSW example with msw 2 on this Node", async () => {
    consumer.write('readme-msw.test.ts', readmeExamples(installed).msw);
    const run = await consumer.run(process.execPath, [
      'node_modules/vitest/vitest.mjs',
      'run',
      'readme-msw.test.ts',
    ]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/1 passed/);
  });

  test.each(['nodenext', 'bundler'] as const)(
    "type-checks the README's examples under moduleResolution %s (TypeScript 5.9 and 5.4)",
    async (resolution) => {
      expect(await typeProblems(consumer, installed, 'typescript', resolution)).toEqual([]);
      expect(await typeProblems(consumer, installed, 'typescript-lowest', resolution)).toEqual([]);
    },
  );

  test('passes publint and @arethetypeswrong/cli with no problem', async () => {
    const publint = await consumer.run(repositoryBin('publint'), ['run', tarball, '--strict']);
    expect(publint.code, publint.stdout + publint.stderr).toBe(0);
    expect(publint.stdout).not.toMatch(/suggestion|warning|error/i);
    // The esm-only profile: the package is ESM by design (docs/decisions.md), so attw's node10 and
    // CommonJS-from-node16 resolutions do not apply; CommonJS callers use require(esm), tested above.
    const ignored = ['node10', 'node16-cjs'];
    const files = exportNames(installed).files.map((name) => name.replace('petstore-mock', '.'));
    const attw = await consumer.run(repositoryBin('attw'), [
      tarball,
      ...['--profile', 'esm-only', '--format', 'json', '--exclude-entrypoints', ...files],
    ]);
    const report = JSON.parse(attw.stdout) as { problems?: Record<string, { resolutionKind?: string }[]> };
    const problems = Object.values(report.problems ?? {}).flat();
    expect(problems.filter((problem) => !ignored.includes(problem.resolutionKind ?? ''))).toEqual([]);
    expect(attw.code).toBe(0);
  });
});

describe('a CommonJS TypeScript project (what `npm init -y` makes)', () => {
  let project: Consumer;
  beforeAll(async () => {
    // The lowest TypeScript that types require() of an ES module, which a CommonJS project needs.
    project = await createConsumer('commonjs', dependencies('~5.8.3'), 'commonjs');
  });
  afterAll(() => project?.remove());

  test("type-checks the README's examples with module nodenext (TypeScript 5.9 and 5.8): one msw for both", async () => {
    const installedHere = join(project.dir, 'node_modules', 'petstore-mock');
    expect(await typeProblems(project, installedHere, 'typescript', 'nodenext', true)).toEqual([]);
    expect(await typeProblems(project, installedHere, 'typescript-lowest', 'nodenext', true)).toEqual([]);
  });

  test('requires the MSW entry as CommonJS and gets the one ES module behind it', async () => {
    project.write(
      'same-module.cjs',
      `const required = require('petstore-mock/msw');
import('petstore-mock/msw').then((imported) => {
  if (required.createHandlers !== imported.createHandlers) throw new Error('two copies of the module');
  console.log(typeof required.createHandlers);
});`,
    );
    const run = await project.run(process.execPath, ['same-module.cjs']);
    expect(run, run.stderr).toMatchObject({ code: 0, stdout: 'function\n', stderr: '' });
  });
});
