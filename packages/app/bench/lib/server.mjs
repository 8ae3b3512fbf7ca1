// A small static server for built pages on loopback, serving as a static host does: a folder's
// index.html for its path (the prerendered pages, `/login` → login/index.html), else 404.html when
// the build has one (the app renders its own routes there), else index.html (the floors); gzip
// Content-Encoding so the browser's transfer sizes are what a real host would send. Counts the
// bytes it sends per file kind, as a cross-check of the browser's own figures.
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  // PGlite's module: WebAssembly's streaming compile takes nothing else.
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.wasm', '.data']);

/** Which budget line a file's bytes count towards. */
export function fileKind(filePath) {
  const ext = path.extname(filePath);
  if (ext === '.js' || ext === '.mjs') return 'js';
  if (ext === '.css') return 'css';
  if (ext === '.html') return 'html';
  return 'other';
}

/**
 * As a static host serves a Vite build: the hashed files under /assets/ are never revalidated (a
 * new build names its files anew), every page is asked for again. A warm load then fetches only its
 * page; cold loads come from fresh contexts with the cache disabled.
 */
function cacheControl(pathname) {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves `root` on 127.0.0.1 at a free port; `replace` serves other files at some of its paths (the
 * run's database image in place of the build's). Responses are gzipped at level 9 (as the budgets
 * count them) and kept in memory, so compression time never shows up in the timings.
 */
export async function startStaticServer(root, { replace = {} } = {}) {
  const cache = new Map();
  let sent = [];

  const load = (file) => {
    if (!cache.has(file)) {
      const raw = readFileSync(file);
      const ext = path.extname(file);
      cache.set(file, { raw, gzip: compressible.has(ext) ? gzipSync(raw, { level: 9 }) : null, ext });
    }
    return cache.get(file);
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (replace[pathname]) file = replace[pathname];
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      // Any path without a file extension is a page: prerendered, or rendered by the app.
      if (path.extname(pathname) !== '') {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      const page = path.join(file, 'index.html');
      const notFound = path.join(root, '404.html');
      file = existsSync(page) ? page : existsSync(notFound) ? notFound : path.join(root, 'index.html');
    }
    const entry = load(file);
    const gzip = entry.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gzip : entry.raw;
    const headers = {
      'Content-Type': contentTypes[entry.ext] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': cacheControl(pathname),
      Vary: 'Accept-Encoding',
    };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
    sent.push({ path: pathname, file: path.relative(root, file), kind: fileKind(file), bytes: body.length });
  });

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    /** What was sent since the last call, and starts counting afresh. */
    takeSent() {
      const out = sent;
      sent = [];
      return out;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
