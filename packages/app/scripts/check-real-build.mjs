// Builds the app as for a real Supabase project (both VITE_SUPABASE_* set, plus a stray VITE_*
// value) into a temporary folder and fails if the output holds anything of the embedded backend:
// the MSW worker file, MSW, PGlite (its code, WASM and data files), the backend worker, the
// database image, the mock's JWT secret, the admin demo pair, the mock's demo password, or any
// VITE_* value other than the two it needs (docs/security.md). Run: node packages/app/scripts/check-real-build.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(join(tmpdir(), 'vault-real-build-'));
const env = {
  ...process.env,
  VITE_SUPABASE_URL: 'https://example-project.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'example-anon-key',
  VITE_STRAY_SETTING: 'stray-value-must-not-ship',
};
execFileSync(
  process.execPath,
  [join(appDir, '../../node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir'],
  {
    cwd: appDir,
    env,
    stdio: 'ignore',
  },
);

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else files.push(path);
  }
};
walk(out);

const forbidden = [
  /mockServiceWorker/,
  /embeddedServiceWorker/,
  /\bmsw\b/,
  // PGlite and the embedded backend's worker (mocks/worker) and database image.
  /pglite/i,
  /backend\.worker/,
  /vault-database/,
  /vault-backend/,
  /vault-embedded-backend-not-a-secret/,
  /admin-demo-2025/,
  // The embedded backend's demo password (mocks/embeddedAccounts.ts MOCK_DEMO_PASSWORD): a real build takes
  // the operator's from VITE_DEMO_PASSWORD, or has no demo sign-in.
  /vault-demo-2025/,
  /admin@example\.com/,
  /stray-value-must-not-ship/,
  /VITE_(?!SUPABASE_URL\b|SUPABASE_ANON_KEY\b)[A-Z_]+/,
];
const problems = [];
// Files only the embedded backend brings: PGlite's WASM, its data and extension archives, the image.
for (const file of files) {
  if (/\.(wasm|data|tar\.gz|gz)$/.test(file)) problems.push(`${file.slice(out.length + 1)}: an embedded backend file`);
}
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const pattern of forbidden) if (pattern.test(text)) problems.push(`${file.slice(out.length + 1)}: ${pattern}`);
}
if (!text(files).includes('example-project.supabase.co')) problems.push('the project URL is not in the build');
rmSync(out, { recursive: true, force: true });

function text(paths) {
  return paths.map((p) => readFileSync(p, 'utf8')).join('\n');
}

if (problems.length > 0) {
  console.error(`Real-backend build holds mock-only content:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `Real-backend build: ${files.length} files, no mock worker, no MSW, no PGlite, no backend worker or database image, no admin demo pair, no mock demo password, no stray VITE_* value.`,
);
