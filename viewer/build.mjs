// Bundles the page (src/) with three.js into OUT_DIR (default ../build/viewer): index.html,
// style.css and viewer.js, a classic script (not a module), so that the page opens from file://
// as well as from any static host. anmkit_wasm.js (the C API in WebAssembly) is built beside it
// by scripts/build.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] || join(here, '..', 'build', 'viewer');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, 'src', 'main.js')],
  bundle: true,
  format: 'iife',
  minify: true,
  sourcemap: false,
  target: ['chrome110', 'firefox110', 'safari16'],
  outfile: join(out, 'viewer.js'),
  logLevel: 'warning',
});
for (const name of ['index.html', 'style.css']) copyFileSync(join(here, 'src', name), join(out, name));
