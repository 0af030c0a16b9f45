/** Reads what the slow legs check in Markdown: fenced code blocks by section, and link and image targets. */

export interface CodeBlock {
  /** The `## ` heading the block sits under. */
  readonly section: string;
  readonly lang: string;
  readonly code: string;
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let section = '';
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('## ')) section = line.slice(3).trim();
    const fence = /^```(\w*)/.exec(line);
    if (!fence) continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ section, lang: fence[1] ?? '', code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/** The one TypeScript block under the first heading that contains `heading`. */
export function tsBlockUnder(markdown: string, heading: string): string {
  const block = codeBlocks(markdown).find((b) => b.lang === 'ts' && b.section.includes(heading));
  if (!block) throw new Error(`the README has no ts block under a heading with "${heading}"`);
  return block.code;
}

/** Every link and image target outside code: `[text](target)`, `![alt](target)`, `<img src="target">`. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  const markdownLinks = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1] ?? '',
  );
  const htmlSources = [...prose.matchAll(/<(?:img|a)\s[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...markdownLinks, ...htmlSources];
}

export const isAbsoluteUrl = (target: string): boolean => /^(https?:|mailto:)/.test(target);

/**
 * Every backticked path outside code blocks (`src/core/http/errors.ts`, `docs/`), with the words around it:
 * what the slow leg checks against the files the package holds.
 */
export function repositoryPaths(markdown: string): { path: string; context: string }[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/`([^`\s]+)`/g)].map((match) => {
    const at = match.index ?? 0;
    const path = (match[1] ?? '').replace(/^\.\//, '').replace(/[#:].*$/, '');
    return { path, context: prose.slice(Math.max(0, at - 80), at + (match[0]?.length ?? 0) + 80) };
  });
}
