import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Keeps docs/README.md, the README and the pages' links true to the repository (docs/README.md,
// 'Keeping these pages true').

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.dirname(docsDir);
const readmePath = path.join(repoRoot, 'README.md');
const docsIndexPath = path.join(docsDir, 'README.md');

/** The README is the front door: what Vault is, how to run it, where to read on. */
const README_MAX_BYTES = 10_000;

const docsPages = readdirSync(docsDir)
  .filter((name) => name.endsWith('.md'))
  .sort();
/** Every Markdown page the checks below read: the README and the pages of docs/. */
const checkedPages = [readmePath, ...docsPages.map((name) => path.join(docsDir, name))];

const read = (file: string) => readFileSync(file, 'utf8');
const relative = (file: string) => path.relative(repoRoot, file);

/** The text of a page without fenced code blocks and inline code, where a link is only an example. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of a page's Markdown links, `[text](target)`, outside code. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? '');
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces made hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a Markdown page, with GitHub's -1, -2… for repeated headings. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = read(file).replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading ?? '');
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** The numbered decisions of docs/decisions.md, `## (N) Title`, in page order. */
function decisionNumbers(): number[] {
  return [...read(path.join(docsDir, 'decisions.md')).matchAll(/^## \((\d+)\) /gm)].map((match) => Number(match[1]));
}

describe('docs/README.md', () => {
  const index = read(docsIndexPath);
  const linkedPages = new Set(
    linkTargets(index)
      .filter((target) => !isExternal(target) && !target.startsWith('#'))
      .map((target) => path.resolve(docsDir, target.split('#')[0] ?? '')),
  );

  it('links every page of docs/', () => {
    const unlisted = docsPages
      .filter((name) => name !== 'README.md')
      .filter((name) => !linkedPages.has(path.join(docsDir, name)));
    expect(unlisted, 'pages of docs/ missing from the table of docs/README.md').toEqual([]);
  });

  it('links only pages that exist', () => {
    const missing = [...linkedPages].filter((file) => !existsSync(file)).map(relative);
    expect(missing, 'pages docs/README.md links that do not exist').toEqual([]);
  });

  it('states the range of decisions that docs/decisions.md numbers', () => {
    const numbers = decisionNumbers();
    expect(numbers.length, 'docs/decisions.md has numbered decisions').toBeGreaterThan(0);
    expect(numbers, 'decisions numbered (1), (2), … in order, none missing').toEqual(numbers.map((_, i) => i + 1));
    const stated = [...prose(index).matchAll(/\((\d+)\) to \((\d+)\)/g)].map(
      (match) => `(${match[1]}) to (${match[2]})`,
    );
    expect(stated.length, 'docs/README.md states the range of decisions, "(1) to (N)"').toBeGreaterThan(0);
    for (const range of stated) expect(range).toBe(`(1) to (${numbers.length})`);
  });
});

describe('the README', () => {
  it(`is at most ${README_MAX_BYTES / 1000} KB`, () => {
    expect(statSync(readmePath).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });
});

describe.each(checkedPages.map((file) => [relative(file), file]))('%s', (_name, file) => {
  const markdown = read(file);

  it('links only files and headings that exist', () => {
    const broken: string[] = [];
    for (const target of linkTargets(markdown)) {
      if (isExternal(target)) continue;
      const [filePart = '', anchor] = target.split('#');
      const linked = filePart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(filePart));
      if (!existsSync(linked)) broken.push(`${target}: no such file`);
      else if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) {
        broken.push(`${target}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  // Run logs belong in commit messages and bench-results/, not in the pages a newcomer reads.
  it('holds no dated run log', () => {
    const runLog = [
      {
        what: 'a date and a time of day on one line',
        pattern: /\b20\d\d-\d\d-\d\d\b.*(?<![\d:.])\d{1,2}:\d\d(?![\d:])/,
      },
      { what: 'a time of day before a date', pattern: /(?<![\d:.])\d{1,2}:\d\d(?![\d:]).*\b20\d\d-\d\d-\d\d\b/ },
      { what: 'a UTC time of day', pattern: /(?<![\d:.])\d{1,2}:\d\d(?::\d\d)? ?UTC\b/ },
      { what: "a machine's load average", pattern: /\bload averages?\b/i },
      {
        what: 'a count of runs ("seven of ten runs")',
        pattern:
          /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) of (?:\d+|two|three|four|five|six|seven|eight|nine|ten|the) (?:\w+ )?runs\b/i,
      },
      {
        what: 'a commit named by its hash',
        pattern:
          /\b(?:commit|merged in|reverted in|code of|at|of)\s+`?(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b(?!-)/,
      },
      { what: 'an account of one day', pattern: /\b(?:earlier|later) (?:that|the same) day\b/i },
    ];
    const found = markdown
      .split('\n')
      .flatMap((line, i) =>
        runLog.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `line ${i + 1}, ${what}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
