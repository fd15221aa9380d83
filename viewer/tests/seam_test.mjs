// The page on a format it was not written for: the test-only format "tkf" (tests/seam/
// tkf_entry.cpp), which only the module knows, listed, opened and played with nothing of the
// page naming it (its extension comes from the registry: anmkit_file_kind_get).
//   node seam_test.mjs PAGE_DIR   (the page bundled beside the module built with the format)
// Every check prints PASS or FAIL; the exit code is the number of failures.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { check, finish, launchPage, test } from './page_checks.mjs';

const [pageDir] = process.argv.slice(2);
const { browser, page, pageErrors } = await launchPage({ width: 1200, height: 800 });
await page.goto(pathToFileURL(join(pageDir, 'index.html')).href);
await page.evaluate(() => window.anmkitViewer.ready);

// Two bones: "hull" keyed at frames 0 and 2, "gun" at frame 0 (format_seam_test.cpp's file).
function tkfFile() {
  const bytes = [];
  const u16 = (v) => bytes.push(v & 0xff, v >> 8);
  const f32 = (v) => { const b = new Uint8Array(new Float32Array([v]).buffer); bytes.push(...b); };
  const name = (text) => bytes.push(text.length, ...Array.from(text, (c) => c.charCodeAt(0)));
  bytes.push(...Array.from('TKF1', (c) => c.charCodeAt(0)));
  u16(3); u16(2);
  name('hull'); u16(2);
  u16(0); f32(1); f32(2); f32(3);
  u16(2); f32(4); f32(5.5); f32(-6);
  name('gun'); u16(1);
  u16(0); f32(0.25); f32(0); f32(-0);
  return bytes;
}

await test('a folder with the format\'s files: each listed and looked at, a broken one said, the others left out of "animations only"', async () => {
  const kinds = await page.evaluate(() => window.anmkitViewer.fileKinds().filter((k) => k.format === 'tkf'));
  check(JSON.stringify(kinds) === JSON.stringify([{ format: 'tkf', name: 'animation', extension: 'tkf', opensAs: 'animation' }]),
        `the registry's kinds: ${JSON.stringify(kinds)}`);
  await page.evaluate((two) => window.anmkitViewer.addFiles([
    { path: 'vehicle/two.tkf', bytes: two }, { path: 'vehicle/broken.TKF', bytes: [] }, { path: 'vehicle/notes.txt', bytes: [104, 105] },
  ]), tkfFile());
  const listed = await page.evaluate(() => window.anmkitViewer.listed());
  const by = Object.fromEntries(listed.map((e) => [e.path, e]));
  check(by['vehicle/two.tkf'].format === 'tkf' && by['vehicle/two.tkf'].version === '1' && by['vehicle/two.tkf'].errors === 0 &&
        by['vehicle/two.tkf'].warnings === 0, `two.tkf: ${JSON.stringify(by['vehicle/two.tkf'])}`);
  check(by['vehicle/broken.TKF'].error === 'vehicle/broken.TKF:0: error: not a recognised animation: the file is empty', `broken.TKF: ${JSON.stringify(by['vehicle/broken.TKF'])}`);
  check(!by['vehicle/notes.txt'].format && !by['vehicle/notes.txt'].error, `notes.txt: ${JSON.stringify(by['vehicle/notes.txt'])}`);
  const rows = await page.evaluate(() => Array.from(document.querySelectorAll('#files tbody tr.file'))
    .filter((tr) => !tr.hidden && tr.style.display !== 'none').map((tr) => tr.cells[0].textContent));
  check(JSON.stringify(rows) === JSON.stringify(['broken.TKF', 'two.tkf']), `the rows shown: ${JSON.stringify(rows)}`);
});

await test('opened and played: its bones, its frames, each bone where its keys put it', async () => {
  const shown = await page.evaluate(() => window.anmkitViewer.open('vehicle/two.tkf'));
  check(shown.format === 'tkf' && shown.skeleton === null && JSON.stringify(shown.nodes) === JSON.stringify(['hull', 'gun']) &&
        shown.frameCount === 3, `shown: ${JSON.stringify(shown)}`);
  // The page's world is Blender's (Z up): a glTF (Y up) position (x, y, z) is drawn at (x, -z, y).
  const at = (frame) => page.evaluate((f) => window.anmkitViewer.worldPositions(f), frame);
  const near = (a, b) => a.length === b.length && a.every((v, i) => Math.abs(v - b[i]) < 1e-6);
  const first = await at(0), last = await at(2);
  check(near(first.hull, [1, -3, 2]) && near(last.hull, [4, 6, 5.5]), `hull: ${first.hull} at 0, ${last.hull} at 2`);
  check(near(first.gun, [0.25, 0, 0]) && near(last.gun, [0.25, 0, 0]), `gun: ${first.gun} at 0, ${last.gun} at 2`);
  check(pageErrors.length === 0, pageErrors.join('\n'));
});

await finish(browser);
