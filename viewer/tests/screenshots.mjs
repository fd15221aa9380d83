// Makes docs/images/viewer-*.png, the pictures of docs/viewer.md, from the built page:
//   node screenshots.mjs BUILD_VIEWER_DIR CORPUS EXAMPLES OUT_DIR
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [viewerDir, corpus, examples, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.goto(pathToFileURL(join(viewerDir, 'index.html')).href);
await page.evaluate(() => window.anmkitViewer.ready);
const bytes = (path) => Array.from(readFileSync(path));
await page.evaluate((list) => window.anmkitViewer.addFiles(list), [
  { path: 'e25/tank-e-25.mdl', bytes: bytes(join(corpus, 'goh_e25_tank-e-25.mdl')) },
  { path: 'e25/fire.anm', bytes: bytes(join(corpus, 'goh_e25_fire.anm')) },
  { path: 'e25/stop.anm', bytes: bytes(join(corpus, 'goh_e25_stop.anm')) },
  { path: 'examples/ghost_mm2.anm', bytes: bytes(join(examples, 'ghost_mm2.anm')) },
  { path: 'examples/turret_v60.anm', bytes: bytes(join(examples, 'turret_v60.anm')) },
]);
await page.evaluate(() => window.anmkitViewer.open('e25/tank-e-25.mdl', 'fire'));
await page.evaluate(() => window.anmkitViewer.setFrame(12));
// A bone selected (the one nearest the middle of the view), for the bone table.
const stage = await page.locator('#skeleton-canvas').boundingBox();
await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height / 2);
await page.screenshot({ path: join(out, 'viewer-skeleton.png') });
await page.evaluate(() => window.anmkitViewer.open('examples/ghost_mm2.anm'));
await page.selectOption('#sprite-mode', 'raw');
await page.selectOption('#sprite-index', '3');
await page.screenshot({ path: join(out, 'viewer-sprite.png') });
await browser.close();
