// The pictures of the vehicles in the viewer for docs/viewer.md (not run by the tests):
//   node viewer/tests/screenshot_vehicles.mjs build/viewer ../shared/corpus/gem-vehicles docs/images
// Each folder picked as a user picks it, its .mdl opened (its first sequence at frame 0), the page
// photographed in Debian's headless Chromium (SwiftShader).
import { chromium } from 'playwright-core';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [viewerDir, vehicles, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
for (const vehicle of ['e-75', 'e-25']) {
  await page.goto(pathToFileURL(join(resolve(viewerDir), 'index.html')).href);
  await page.evaluate(() => window.anmkitViewer.ready);
  await page.locator('#pick-folder').setInputFiles(resolve(vehicles, vehicle));
  await page.waitForFunction(() => document.querySelectorAll('#files tbody tr.file').length > 0);
  const opened = await page.evaluate((p) => window.anmkitViewer.open(p, null), `${vehicle}/${vehicle}.mdl`);
  if (opened.error) throw new Error(`${vehicle}: ${opened.error}`);
  await page.evaluate(() => document.querySelector('#skeleton-canvas').getContext('webgl2').finish());
  await page.screenshot({ path: join(out, `viewer-vehicle-${vehicle}.png`) });
  console.log(`${join(out, `viewer-vehicle-${vehicle}.png`)}`);
}
await browser.close();
