import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/app-map.md gives every folder of packages/app/src, at every depth, one line
// ("- `folder/sub/` — what goes there"). This keeps the map and the tree in step.
const src = path.dirname(fileURLToPath(import.meta.url));
const mapFile = path.resolve(src, '../../../docs/app-map.md');

/** Every folder under `dir` that holds a file somewhere below it (git keeps no empty folder), relative to src. */
function foldersUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    const below = foldersUnder(full);
    const hasFile = readdirSync(full, { withFileTypes: true }).some((e) => e.isFile());
    if (hasFile || below.length > 0) found.push(path.relative(src, full).split(path.sep).join('/'), ...below);
  }
  return found;
}

/** The folders the map lists, in the form of its lines: "- `folder/` — …". */
function foldersInMap(markdown: string): string[] {
  return [...markdown.matchAll(/^- `([^`]+)\/` — /gm)].map(([, folder]) => folder ?? '');
}

describe('docs/app-map.md', () => {
  const tree = foldersUnder(src).sort();
  const map = foldersInMap(readFileSync(mapFile, 'utf8'));

  it('reads a tree and a map of some size', () => {
    expect(tree).toContain('boot');
    expect(tree).toContain('screens/Dashboard');
    expect(map.length).toBeGreaterThan(10);
  });

  it('lists every folder of packages/app/src', () => {
    expect(tree.filter((folder) => !map.includes(folder))).toEqual([]);
  });

  it('lists only folders that exist, each once', () => {
    expect(map.filter((folder) => !tree.includes(folder))).toEqual([]);
    expect(map.filter((folder, index) => map.indexOf(folder) !== index)).toEqual([]);
  });
});
