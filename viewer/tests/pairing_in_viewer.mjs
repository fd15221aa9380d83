// Which model file the viewer pairs each animation of a folder with, as a user gets it: the folder
// picked (Pick a folder), each .anm opened, the skeleton read from the page (#skeleton-name).
//   node pairing_in_viewer.mjs VIEWER_DIR FOLDER OUT.json
// Writes { "ANIMATION": "MODEL" or null } with paths under FOLDER's parent as the page names them
// (FOLDER's own name first); tests/pairing/pairing_test.py compares it with the other clients.
// Exits 1 on a page error or when the page's hook and what it shows disagree.
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [viewerDir, folder, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(String(e)));
await page.goto(pathToFileURL(join(viewerDir, 'index.html')).href);
await page.evaluate(() => window.anmkitViewer.ready);
await page.locator('#pick-folder').setInputFiles(folder);
await page.waitForFunction(() => document.querySelectorAll('#files tbody tr.file').length > 0);
const listed = await page.evaluate(() => window.anmkitViewer.listed());

const pairing = {};
const problems = [];
for (const { path } of listed.filter((e) => e.path.toLowerCase().endsWith('.anm'))) {
  const opened = await page.evaluate((p) => window.anmkitViewer.open(p), path);
  if (opened.error) { problems.push(`${path}: ${opened.error}`); continue; }
  // What the user reads; the hook's value must say the same.
  const shown = await page.locator('#skeleton-name').textContent();
  const model = shown.startsWith('skeleton: ') ? shown.slice('skeleton: '.length) : null;
  if (model !== opened.skeleton) problems.push(`${path}: the page shows "${shown}", its hook says ${opened.skeleton}`);
  pairing[path] = model;
}
await browser.close();
problems.push(...pageErrors.map((e) => `page error: ${e}`));
writeFileSync(out, JSON.stringify(pairing, null, 1));
console.log(`the viewer opened ${Object.keys(pairing).length} animations of ${listed.length} files`);
for (const p of problems) console.log(`FAIL ${p}`);
process.exit(problems.length ? 1 : 0);
