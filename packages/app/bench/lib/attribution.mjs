// Which modules a built chunk's bytes come from, read from its source map: every generated
// character belongs to the source of the mapping segment it follows. Used to explain a budget
// breach by package ("supabase-js: 180 KB of this chunk"), not to judge it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map([...base64].map((char, index) => [char, index]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const d = digit.get(char);
    if (d === undefined) break;
    value += (d & 31) << shift;
    if (d & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** A package name for a module path (`@scope/name` or `name`), or the app folder for own code. */
export function packageOf(source) {
  const clean = source.replace(/\\/g, '/');
  const inModules = clean.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = clean.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const workspace = clean.match(/(?:^|\/)(packages\/[^/]+|mocks)\//);
  if (workspace) return workspace[1];
  const stripped = clean.replace(/^(\.\.\/)+/, '');
  return stripped.split('/').slice(0, 2).join('/');
}

/** Raw bytes of a chunk per package, largest first; null without a source map. */
export function bytesByPackage(distDir, file) {
  const mapFile = path.join(distDir, `${file}.map`);
  if (!existsSync(mapFile)) return null;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const code = readFileSync(path.join(distDir, file), 'utf8');
  const lines = code.split('\n');
  const totals = new Map();
  let sourceIndex = 0;
  for (const [lineNumber, lineMappings] of map.mappings.split(';').entries()) {
    const line = lines[lineNumber] ?? '';
    let column = 0;
    const segments = lineMappings === '' ? [] : lineMappings.split(',').map(decodeSegment);
    const starts = [];
    for (const fields of segments) {
      column += fields[0];
      if (fields.length >= 4) sourceIndex += fields[1];
      starts.push({ column, source: fields.length >= 4 ? sourceIndex : null });
    }
    for (const [i, start] of starts.entries()) {
      const end = starts[i + 1]?.column ?? line.length;
      const name = start.source === null ? '(generated)' : packageOf(map.sources[start.source] ?? '?');
      totals.set(name, (totals.get(name) ?? 0) + Math.max(0, end - start.column));
    }
  }
  return [...totals.entries()].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
