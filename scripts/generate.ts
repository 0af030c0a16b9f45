/**
 * `npm run generate`: writes every generated file (scripts/generated-files.ts) whose committed text is not
 * what its generator makes now, and says which. Run it after editing a spec or a generator.
 */
import { writeFile } from 'node:fs/promises';
import { fileUrl, generatedFiles, readCommitted } from './generated-files.ts';

let written = 0;
for (const file of generatedFiles) {
  const text = await file.generate();
  if ((await readCommitted(file.path)) === text) continue;
  await writeFile(fileUrl(file.path), text);
  console.log(`wrote ${file.path} (from ${file.from})`);
  written++;
}
console.log(`${generatedFiles.length} generated files, ${written} written.`);
