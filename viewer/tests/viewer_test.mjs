// The viewer page in Debian's headless Chromium (playwright-core), against the native library:
//   node viewer_test.mjs VIEWER_DIR ANMKIT_CLI EXAMPLES CORPUS|- SCRATCH SYNTHETIC_GEM_TOOL
// (ANMKIT_LIBRARY and PYTHONPATH are set for native.py.) Every check prints PASS or FAIL; the exit
// code is the number of failures. Measurements (read speed against native, frame time) are
// printed as MEASURE lines for docs/PERFORMANCE.md.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [viewerDir, cli, examples, corpusArg, scratch, syntheticTool] = process.argv.slice(2);
const corpus = corpusArg === '-' ? null : corpusArg;
const here = dirname(fileURLToPath(import.meta.url));
let failures = 0;

function check(condition, what) {
  if (!condition) throw new Error(what);
}
async function test(name, body) {
  try {
    await body();
    console.log(`PASS ${name}`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL ${name}: ${error.stack || error}`);
  }
}
// A check on the real GEM files: skipped, saying so, when the corpus is absent (a user's clone;
// run_viewer_test.sh fails instead under ANMKIT_REQUIRE_EXTERNALS).
async function corpusTest(name, body) {
  if (!corpus) {
    console.log(`SKIP ${name}: the corpus is absent`);
    return;
  }
  await test(name, body);
}
const native = (...args) => JSON.parse(execFileSync('python3', [join(here, 'native.py'), ...args], { encoding: 'utf8' }));
const run = (...args) => {
  try {
    return { code: 0, out: execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }), err: '' };
  } catch (e) {
    return { code: e.status, out: e.stdout, err: e.stderr };
  }
};
const bytesOf = (path) => Array.from(readFileSync(path));

mkdirSync(scratch, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(String(e)));
await page.goto(pathToFileURL(join(viewerDir, 'index.html')).href);
await page.evaluate(() => window.anmkitViewer.ready);

const add = (files) => page.evaluate((list) => window.anmkitViewer.addFiles(list), files);
const open = (path, sequence = null) => page.evaluate(([p, s]) => window.anmkitViewer.open(p, s), [path, sequence]);

// Every example and its pair, as the user would drop the examples folder.
const exampleFiles = readdirSync(examples).map((name) => ({ path: `examples/${name}`, bytes: bytesOf(join(examples, name)) }));
await add(exampleFiles);

await test('the examples are listed with format, version and validity', async () => {
  const listed = await page.evaluate(() => window.anmkitViewer.listed());
  const byPath = Object.fromEntries(listed.map((e) => [e.path, e]));
  for (const name of readdirSync(examples)) {
    check(byPath[`examples/${name}`], `${name} listed`);
    if (!name.endsWith('.anm')) continue;
    const info = JSON.parse(run('info', '--json', join(examples, name)).out);
    const e = byPath[`examples/${name}`];
    check(e.format === info.format && e.version === String(info.version ?? ''), `${name}: ${e.format} ${e.version}`);
    const v = JSON.parse(run('validate', '--json', join(examples, name)).out);
    const file = Array.isArray(v) ? v[0] : v.files ? v.files[0] : v;
    check(e.errors === file.errors && e.warnings === file.warnings, `${name}: ${e.errors} errors ${e.warnings} warnings`);
  }
  check(byPath['examples/mansion_door.bin'].model === 'lm', 'the .bin is an LM model');
});

await test('GEM and LM bone world positions equal the native sampler through the skeleton', async () => {
  for (const [name, skeleton] of [['turret_v40.anm', null], ['turret_v60.anm', null], ['turret_v61_frm3.anm', null],
                                  ['track_meshanim_v61.anm', null], ['mansion_door.anm', 'mansion_door.bin']]) {
    const opened = await open(`examples/${name}`);
    check(!opened.error, `${name}: ${opened.error}`);
    check(opened.skeleton === (skeleton ? `examples/${skeleton}` : null), `${name} paired with ${opened.skeleton}`);
    const last = Math.max(0, opened.frameCount - 1);
    const frames = [...new Set([0, 1, Math.floor(last / 3), 2.5, last])];
    const want = native('world', join(examples, name), skeleton ? join(examples, skeleton) : '-', ...frames.map(String));
    for (const f of frames) {
      const got = await page.evaluate((frame) => window.anmkitViewer.worldPositions(frame), f);
      const expected = want[String(f)];
      check(Object.keys(got).sort().join() === Object.keys(expected).sort().join(), `${name}: the same nodes`);
      for (const [node, p] of Object.entries(expected)) {
        for (let i = 0; i < 3; ++i) {
          check(Math.abs(got[node][i] - p[i]) <= 1e-5 * Math.max(1, Math.abs(p[i])), `${name} ${node} at ${f}: ${got[node]} != ${p}`);
        }
      }
    }
  }
});

await test('hidden bones are greyed', async () => {
  await open('examples/turret_v60.anm');
  const hidden = await page.evaluate(() => { window.anmkitViewer.setFrame(22); return window.anmkitViewer.hiddenNodes(); });
  const sampled = run('sample', join(examples, 'turret_v60.anm'), '--frame', '22', '--json');
  check(sampled.code === 0, sampled.err);
  const hatch = JSON.parse(sampled.out).bones.find((b) => b.name === 'hatch');
  check(hatch && hatch.visible === false, 'the hatch is hidden at 22 natively');
  check(JSON.stringify(hidden) === JSON.stringify(['hatch']), `hidden: ${hidden}`);
});

await test('a screenshot of the skeleton is not blank', async () => {
  await open('examples/turret_v60.anm');
  const shot = await page.locator('#skeleton-canvas').screenshot();
  const colours = await page.evaluate(async (png) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(png)]));
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = c.getContext('2d');
    g.drawImage(bitmap, 0, 0);
    const data = g.getImageData(0, 0, c.width, c.height).data;
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    const background = Math.max(...counts.values());
    return { distinct: counts.size, drawn: data.length / 4 - background };
  }, Array.from(shot));
  check(colours.distinct > 3 && colours.drawn > 200, `distinct colours ${colours.distinct}, pixels off the background ${colours.drawn}`);
  writeFileSync(join(scratch, 'skeleton.png'), shot);
});

await test('MM2 canvas pixels equal anmkit convert\'s PNGs, every composed state and raw patch', async () => {
  const out = join(scratch, 'ghost_png');
  const made = run('convert', join(examples, 'ghost_mm2.anm'), '-o', `${out}/`);
  check(made.code === 0, made.err);
  await open('examples/ghost_mm2.anm');
  for (const png of readdirSync(out).sort()) {
    const [kind, number] = png.replace('.png', '').split('_');
    const mode = kind === 'composed' ? 'states' : 'raw';
    const compared = await page.evaluate(async ([m, index, bytes]) => {
      const shown = window.anmkitViewer.spritePixels(m, index);
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)]), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = c.getContext('2d');
      g.drawImage(bitmap, 0, 0);
      const want = g.getImageData(0, 0, c.width, c.height).data;
      if (c.width !== shown.width || c.height !== shown.height) return `size ${shown.width}x${shown.height} != ${c.width}x${c.height}`;
      for (let i = 0; i < want.length; i += 4) {
        const a = want[i + 3];
        if (shown.rgba[i + 3] !== a || (a !== 0 && [0, 1, 2].some((k) => shown.rgba[i + k] !== want[i + k]))) {
          return `pixel ${(i / 4) % c.width}, ${Math.floor(i / 4 / c.width)}: ${shown.rgba.slice(i, i + 4)} != ${Array.from(want.slice(i, i + 4))}`;
        }
      }
      return 'same';
    }, [mode, Number(number), bytesOf(join(out, png))]);
    check(compared === 'same', `${png}: ${compared}`);
  }
});

await test('sequence step times are the file\'s delays at its tick rate', async () => {
  await open('examples/ghost_mm2.anm');
  const info = JSON.parse(run('info', '--json', join(examples, 'ghost_mm2.anm')).out);
  for (let q = 0; q < info.sequences.length; ++q) {
    const plan = await page.evaluate((i) => window.anmkitViewer.sequencePlan(i), q);
    let ticks = 0;
    check(plan.length === info.sequences[q].steps.length, `sequence ${q}: ${plan.length} steps`);
    for (let s = 0; s < plan.length; ++s) {
      const [state, delay] = info.sequences[q].steps[s];
      check(plan[s].state === state, `sequence ${q} step ${s} shows ${plan[s].state}`);
      check(Math.abs(plan[s].start - (ticks * 1000) / 60) < 1e-9 && Math.abs(plan[s].duration - (delay * 1000) / 60) < 1e-9,
            `sequence ${q} step ${s}: ${plan[s].start} ms for ${plan[s].duration} ms`);
      const shown = await page.evaluate(([i, ms]) => window.anmkitViewer.stateAt(i, ms), [q, plan[s].start + plan[s].duration / 2]);
      check(delay === 0 || shown === state, `sequence ${q} at step ${s}'s middle shows ${shown}`);
      ticks += delay;
    }
  }
});

await test('a truncated file shows its error with the offset, as the command line says it', async () => {
  const cut = readFileSync(join(examples, 'turret_v60.anm')).subarray(0, 100);
  writeFileSync(join(scratch, 'truncated.anm'), cut);
  await add([{ path: 'truncated.anm', bytes: Array.from(cut) }]);
  await open('truncated.anm');
  const shown = await page.evaluate(() => window.anmkitViewer.error());
  const native = run('info', join(scratch, 'truncated.anm'));
  check(native.code !== 0, 'the CLI refuses it');
  const want = native.err.trim().replace(join(scratch, 'truncated.anm'), 'truncated.anm');
  check(shown === want, `"${shown}" != "${want}"`);
  check(/^truncated\.anm:\d+: error: /.test(shown), shown);
});

await corpusTest('a .mdl with its sequence files gives every sequence', async () => {
  await add([
    { path: 'e25/tank-e-25.mdl', bytes: bytesOf(join(corpus, 'goh_e25_tank-e-25.mdl')) },
    { path: 'e25/fire.anm', bytes: bytesOf(join(corpus, 'goh_e25_fire.anm')) },
    { path: 'e25/stop.anm', bytes: bytesOf(join(corpus, 'goh_e25_stop.anm')) },
  ]);
  const model = await open('e25/tank-e-25.mdl', 'fire');
  check(JSON.stringify(model.sequences) === JSON.stringify(['start', 'stop', 'fire']), `sequences ${model.sequences}`);
  check(model.nodes.length === 54, `${model.nodes.length} bones`);
  const want = native('world', join(corpus, 'goh_e25_fire.anm'), join(corpus, 'goh_e25_tank-e-25.mdl'), '0', '10');
  for (const f of [0, 10]) {
    const got = await page.evaluate((frame) => window.anmkitViewer.worldPositions(frame), f);
    for (const [node, p] of Object.entries(want[String(f)])) {
      for (let i = 0; i < 3; ++i) check(Math.abs(got[node][i] - p[i]) <= 1e-5 * Math.max(1, Math.abs(p[i])), `${node} at ${f}`);
    }
  }
  const alone = await open('e25/stop.anm');  // its .mdl is found through the sequence list
  check(alone.skeleton === 'e25/tank-e-25.mdl', `stop.anm paired with ${alone.skeleton}`);
});

await corpusTest('a folder of the real GEM corpus, picked as a folder, lists every file', async () => {
  await page.reload();
  await page.evaluate(() => window.anmkitViewer.ready);
  await page.locator('#pick-folder').setInputFiles(corpus);
  await page.waitForFunction(() => document.querySelectorAll('#files tbody tr').length > 0);
  const listed = await page.evaluate(() => window.anmkitViewer.listed());
  const files = readdirSync(corpus).filter((n) => statSync(join(corpus, n)).isFile());
  const folder = basename(corpus);
  check(listed.length === files.length, `${listed.length} listed of ${files.length}`);
  for (const name of files) {
    const e = listed.find((x) => x.path === `${folder}/${name}`);
    check(e, `${name} listed`);
    if (name.endsWith('.anm')) check(e.format === 'gem' && !e.error && e.errors === 0, `${name}: ${JSON.stringify(e)}`);
  }
});

await test('speed: WebAssembly reads the 700 KB GEM clip at >= 1/4 of native, a frame of 200 bones in < 4 ms', async () => {
  const clip = join(scratch, 'synthetic.anm');
  execFileSync(syntheticTool, [clip]);
  const bytes = bytesOf(clip);
  const wasm = await page.evaluate((b) => window.anmkitViewer.readTime(Uint8Array.from(b), 30), bytes);
  const nativeMs = native('read', clip, '30');
  console.log(`MEASURE wasm_read_ms ${wasm.toFixed(3)} native_read_ms ${nativeMs.toFixed(3)} ratio ${(nativeMs / wasm).toFixed(3)} bytes ${bytes.length}`);
  check(nativeMs / wasm >= 0.25, `WebAssembly ${wasm} ms against native ${nativeMs} ms`);
  // 200 bones: a GEM file of 200 bones written by the command line from a JSON dump.
  const dump = JSON.parse(run('dump', join(examples, 'turret_v60.anm')).out);
  const many = join(scratch, 'bones200.anm');
  // The turret's 5 bones 40 times over, every copy keyed as the original.
  const bones = Array.from({ length: 200 }, (_, i) => ({ name: `bone${i}` }));
  const frames = dump.frames.map((f) => ({ ...f, keys: Array.from({ length: 40 }, (_, k) => f.keys.map((key) => ({ ...key, bone: key.bone + 5 * k }))).flat().sort((a, b) => a.bone - b.bone) }));
  writeFileSync(join(scratch, 'bones200.json'), JSON.stringify({ ...dump, bones, frames }));
  const built = run('build', join(scratch, 'bones200.json'), '-o', many);
  check(built.code === 0, built.err);
  await add([{ path: 'bones200.anm', bytes: bytesOf(many) }]);
  const opened = await open('bones200.anm');
  check(opened.nodes.length === 200, `${opened.nodes.length} bones`);
  const frame = await page.evaluate(() => window.anmkitViewer.frameTime(120));
  console.log(`MEASURE frame_ms_200_bones ${frame.toFixed(3)}`);
  check(frame < 4, `${frame} ms a frame`);
});

await test('no script error on the page', async () => {
  check(pageErrors.length === 0, pageErrors.join('\n'));
});

await browser.close();
console.log(`${failures} failed`);
process.exit(failures);
