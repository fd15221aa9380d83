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
import { mm2File } from './mm2_file.mjs';

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

// ---- Hostile input (issue 29), on a page watched from outside (page_probe.js) ----------------

const probed = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const probedErrors = [];
probed.on('pageerror', (e) => probedErrors.push(String(e)));
await probed.addInitScript({ path: join(here, 'page_probe.js') });
await probed.goto(pathToFileURL(join(viewerDir, 'index.html')).href);
await probed.evaluate(() => window.anmkitViewer.ready);
// Files given as { path, bytes (a Uint8Array or Buffer) }, sent as base64 (a 1.3 MB file included).
const addProbed = (list) => probed.evaluate((files) => window.anmkitViewer.addFiles(files.map((f) => (
  { path: f.path, bytes: Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) }))),
list.map((f) => ({ path: f.path, base64: Buffer.from(f.bytes).toString('base64') })));
const openProbed = (path, sequence = null) => probed.evaluate(([p, q]) => window.anmkitViewer.open(p, q), [path, sequence]);
const moduleFiles = () => probed.evaluate(() => window.probe.files());
const example = (name) => readFileSync(join(examples, name));
// Resolves to the list, or to 'timed out' when the list never settles (a stuck background pass).
const listedWithin = (ms) => probed.evaluate((limit) => Promise.race([
  window.anmkitViewer.listed(), new Promise((resolve) => setTimeout(() => resolve('timed out'), limit))]), ms);
// A .mdl for the turret's five bones (examples/turret_*.anm) naming its sequences' files.
const turretModel = (sequences) => Buffer.from(`{Skeleton
  {animation
${sequences.map(([name, file]) => `    {sequence "${name}" {file "${file}"}}`).join('\n')}
  }
  {bone "basis" {bone "body" {bone "turret1" {bone "gun_rot"} {bone "hatch"}}}}
}
`);
const truncated = example('turret_v60.anm').subarray(0, 100);

await test('a 4096 x 4096 MM2 sprite: one picture read a step, a capped canvas, stop acts at once', async () => {
  // 1.3 MB; a state is 16 million pens. Before: every state and frame read on open (200 MB), a
  // 16384 x 16384 canvas at zoom 4, 16 million pixels converted on every animation frame.
  await addProbed([{ path: 'huge/huge_mm2.anm', bytes: mm2File(4096, 4096, 11) }]);
  const listed = await listedWithin(60000);
  check(listed !== 'timed out', 'the list settles');
  check(listed.find((e) => e.path === 'huge/huge_mm2.anm').format === 'mm2', 'listed as MM2');
  const reads = () => probed.evaluate(() => (window.probe.calls._anmkit_sprite_state_pixels || 0) + (window.probe.calls._anmkit_sprite_frame_pixels || 0));
  const canvas = () => probed.evaluate(() => [document.querySelector('#sprite-canvas').width, document.querySelector('#sprite-canvas').height]);
  let before = await reads();
  const opened = await openProbed('huge/huge_mm2.anm');
  check(!opened.error, opened.error);
  check(await reads() - before === 1, `${await reads() - before} pictures read on open (the one shown)`);
  // Zoom 4 (the default), then 8: the canvas stays within 2048 on a side (sprite_pixels.js).
  let [w, h] = await canvas();
  check(w <= 2048 && h <= 2048 && w > 0, `canvas ${w}x${h} at zoom 4`);
  before = await reads();
  await probed.selectOption('#sprite-zoom', '8');
  [w, h] = await canvas();
  check(w <= 2048 && h <= 2048 && w > 0, `canvas ${w}x${h} at zoom 8`);
  check(await reads() === before, 'a zoom redraw reads no picture again');
  // The flipbook: 12 states of 10 ticks (1/6 s) each.
  await probed.evaluate(() => { window.probe.ticks = []; });
  await probed.click('#sprite-play');
  await probed.waitForTimeout(1500);
  await probed.click('#sprite-stop');
  const played = await probed.evaluate(() => window.probe.ticks);
  const composed = played.map((t) => t.calls._anmkit_sprite_state_pixels || 0);
  check(composed.reduce((a, b) => a + b, 0) >= 3, `${composed.reduce((a, b) => a + b, 0)} states shown in 1.5 s of flipbook`);
  check(Math.max(...composed) === 1, `at most one state read a frame: ${composed}`);
  const pixels = Math.max(...played.map((t) => t.pixels));
  check(pixels <= 2048 * 2048, `${pixels} pixels converted in one frame`);
  console.log(`MEASURE huge_mm2_longest_frame_ms ${Math.max(...played.map((t) => t.ms)).toFixed(1)}`);
  const stopped = await probed.evaluate(() => window.probe.ticks.length);
  await probed.waitForTimeout(400);
  check(await probed.evaluate(() => window.probe.ticks.length) === stopped, 'nothing is drawn after stop');
});

await test('the module\'s file system holds only the files of the view shown', async () => {
  // A small .anm in a folder of ten .mdl files (none its skeleton): before, every .mdl was written
  // and never removed, nor was a file that failed to open.
  await addProbed([{ path: 'crowd/turret.anm', bytes: example('turret_v60.anm') },
    ...Array.from({ length: 10 }, (_, i) => ({ path: `crowd/model${i}.mdl`, bytes: Buffer.from(`{Skeleton {bone "other${i}"}}\n`) })),
    { path: 'crowd/truncated.anm', bytes: truncated },
    { path: 'lm/mansion_door.anm', bytes: example('mansion_door.anm') }, { path: 'lm/mansion_door.bin', bytes: example('mansion_door.bin') },
    { path: 'pair/turret.mdl', bytes: turretModel([['fire', 'fire.anm']]) }, { path: 'pair/fire.anm', bytes: example('turret_v60.anm') }]);
  check(await listedWithin(30000) !== 'timed out', 'the list settles');
  const shows = async (path, sequence, want) => {
    const opened = await openProbed(path, sequence);
    const held = await moduleFiles();
    check(JSON.stringify(held) === JSON.stringify(want.map((p) => `/files/${p}`)), `${path}: the module holds ${held.join(', ')}`);
    return opened;
  };
  check(!(await shows('crowd/turret.anm', null, ['crowd/turret.anm'])).error, 'crowd/turret.anm opens');
  check((await shows('lm/mansion_door.anm', null, ['lm/mansion_door.anm', 'lm/mansion_door.bin'])).skeleton === 'lm/mansion_door.bin',
        'the LM file with its .bin');
  check((await shows('pair/turret.mdl', 'fire', ['pair/fire.anm', 'pair/turret.mdl'])).skeleton === 'pair/turret.mdl', 'a .mdl and its sequence');
  check((await shows('crowd/truncated.anm', null, [])).error, 'a file that fails to open holds nothing');
});

await test('an unreadable file gets its row, and the files after it are listed', async () => {
  // A file the browser cannot read (removed after it was picked, no permission): its reads
  // reject with NotReadableError, through the page's own picker.
  await probed.evaluate(() => {
    const fail = () => Promise.reject(new DOMException('The requested file could not be read', 'NotReadableError'));
    for (const [object, method] of [[Blob.prototype, 'arrayBuffer'], [Blob.prototype, 'text'], [Blob.prototype, 'stream']]) {
      const real = object[method];
      object[method] = function (...args) { return this.name === 'unreadable.anm' ? fail() : real.apply(this, args); };
    }
  });
  await probed.locator('#pick-files').setInputFiles(['a_before.anm', 'unreadable.anm', 'z_after.anm', 'z_after_too.anm'].map(
    (name) => ({ name, mimeType: 'application/octet-stream', buffer: example('turret_v60.anm') })));
  const listed = await listedWithin(30000);
  check(listed !== 'timed out', 'the list settles (the background pass goes on)');
  const rows = await probed.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('#files tbody tr'),
    (tr) => [tr.cells[0].textContent, [tr.cells[1].textContent, tr.cells[4].textContent]])));
  check(JSON.stringify(rows['unreadable.anm']) === JSON.stringify(['unreadable', 'cannot be read: NotReadableError: The requested file could not be read']),
        `its row: ${rows['unreadable.anm']}`);
  for (const name of ['a_before.anm', 'z_after.anm', 'z_after_too.anm']) check(rows[name][0] === 'gem' && rows[name][1] === 'valid', `${name}: ${rows[name]}`);
  check((await probed.evaluate(() => document.querySelector('#files-summary').textContent)).endsWith(', 1 unreadable'), 'the summary counts it');
  const opened = await openProbed('unreadable.anm');
  check(opened.error === 'unreadable.anm: cannot be read: NotReadableError: The requested file could not be read', `opened: ${opened.error}`);
  check(probedErrors.length === 0, probedErrors.join('\n'));
});

await test('names that are not UTF-8 are shown as the command line escapes them, never as U+FFFD', async () => {
  // The turret with its bone names' bytes changed in place (same lengths): invalid UTF-8, valid
  // UTF-8 and a backslash.
  const bytes = Buffer.from(example('turret_v60.anm'));
  const rename = (from, to) => { const at = bytes.indexOf(Buffer.from(from)); check(at > 0, from); Buffer.from(to).copy(bytes, at); };
  rename('basis', [0x62, 0xe9, 0xff, 0x69, 0x73]);  // b \xe9 \xff i s
  rename('body', [0x62, 0xc3, 0xa9, 0x79]);         // b é y
  rename('hatch', [0x68, 0x5c, 0x74, 0x63, 0x68]);  // h \ t c h
  await addProbed([{ path: 'names/bytes.anm', bytes }]);
  const opened = await openProbed('names/bytes.anm');
  check(!opened.error, opened.error);
  const want = ['b\\xe9\\xffis', 'b\u00e9y', 'turret1', 'gun_rot', 'h\\\\tch'];
  check(JSON.stringify(opened.nodes) === JSON.stringify(want), `nodes ${JSON.stringify(opened.nodes)}`);
});

await test('no module buffer or handle is left behind when a file fails, on any error path', async () => {
  await addProbed([{ path: 'leaks/turret.anm', bytes: example('turret_v60.anm') }, { path: 'leaks/ghost_mm2.anm', bytes: example('ghost_mm2.anm') },
    { path: 'leaks/model.mdl', bytes: turretModel([['fire', 'fire.anm']]) }, { path: 'leaks/fire.anm', bytes: example('turret_v60.anm') },
    { path: 'leaks/truncated.anm', bytes: truncated }, { path: 'leaks/truncated_mm2.anm', bytes: example('ghost_mm2.anm').subarray(0, 200) },
    { path: 'leaks/garbage.mdl', bytes: Buffer.from('{Skeleton {bone') }, { path: 'leaks/empty.anm', bytes: Buffer.alloc(0) }]);
  check(await listedWithin(30000) !== 'timed out', 'the list settles');
  await openProbed('leaks/truncated.anm');  // nothing open
  await probed.evaluate(() => window.probe.ledger());
  // Bad files, and good ones whose reading fails midway (each C call that can fail, failed once).
  const cases = [['leaks/truncated.anm'], ['leaks/truncated_mm2.anm'], ['leaks/garbage.mdl'], ['leaks/empty.anm'],
    ['leaks/ghost_mm2.anm', '_anmkit_diagnostics_get'], ['leaks/turret.anm', '_anmkit_sampler_new'], ['leaks/turret.anm', '_anmkit_bone_get'],
    ['leaks/turret.anm', '_anmkit_sample'], ['leaks/ghost_mm2.anm', '_anmkit_sprite_palette'], ['leaks/ghost_mm2.anm', '_anmkit_sprite_frame_rect'],
    ['leaks/ghost_mm2.anm', '_anmkit_sprite_sequence'], ['leaks/ghost_mm2.anm', '_anmkit_sprite_state_pixels'],
    ['leaks/model.mdl', '_anmkit_model_sequence_get'], ['leaks/model.mdl', '_anmkit_joint_get']];
  for (let round = 0; round < 3; ++round) {
    for (const [path, fault] of cases) {
      if (fault) await probed.evaluate((name) => window.probe.fail(name), fault);
      const opened = await openProbed(path);
      check(!fault || await probed.evaluate((name) => window.probe.faults.get(name), fault) === 0, `${path}: ${fault} was called`);
      check(opened.error, `${path}${fault ? ` with ${fault} failing` : ''} is refused: ${JSON.stringify(opened)}`);
      const live = await probed.evaluate(() => [...window.probe.live]);
      check(live.length === 0, `${path}${fault ? ` with ${fault} failing` : ''} leaves ${live.join(', ')}`);
    }
  }
});

await test('reference roots: a .mdl\'s sequence in a sibling folder opens only with the box ticked', async () => {
  await addProbed([
    { path: 'game/models/turret.mdl', bytes: turretModel([['near', 'near.anm'], ['fire', '../anims/turret_fire.anm'], ['far', '../../outside/far.anm']]) },
    { path: 'game/models/near.anm', bytes: example('turret_v40.anm') }, { path: 'game/anims/turret_fire.anm', bytes: example('turret_v60.anm') },
    { path: 'outside/far.anm', bytes: example('turret_v60.anm') }]);
  check(await listedWithin(30000) !== 'timed out', 'the list settles');
  check(!(await probed.isChecked('#reference-roots')), 'off by default');
  const near = await openProbed('game/models/turret.mdl');
  check(!near.error && near.skeleton === 'game/models/turret.mdl', `the first it may open: ${JSON.stringify(near)}`);
  const sequenceRows = () => probed.evaluate(() => Array.from(document.querySelectorAll('#sequences li'), (li) => li.textContent));
  check((await sequenceRows())[1] === "fire (../anims/turret_fire.anm: outside the model's folder)", `rows ${await sequenceRows()}`);
  const refused = await openProbed('game/models/turret.mdl', 'fire');
  check(refused.error === `game/models/turret.mdl: sequence 'fire': its file ../anims/turret_fire.anm is outside the model's folder; tick "resolve model references anywhere under the dropped folder" to open it`,
        `without the box: ${refused.error}`);
  await probed.check('#reference-roots');
  const fire = await openProbed('game/models/turret.mdl', 'fire');
  check(!fire.error, fire.error);
  check(fire.skeleton === 'game/models/turret.mdl' && fire.nodes.length === 5, `with the box: ${JSON.stringify(fire)}`);
  check(JSON.stringify(await moduleFiles()) === JSON.stringify(['/files/game/anims/turret_fire.anm', '/files/game/models/turret.mdl']), 'what it holds');
  // The root is the folder the model was dropped in: a name leading out of it is still refused,
  // by the library.
  const far = await openProbed('game/models/turret.mdl', 'far');
  check(far.error === "game/models/turret.mdl: sequence 'far': its file ../../outside/far.anm is outside the model's folder and the dropped folder",
        `out of the dropped folder: ${far.error}`);
  await probed.uncheck('#reference-roots');
});

await test('no script error on the watched page', async () => {
  check(probedErrors.length === 0, probedErrors.join('\n'));
});

await browser.close();
console.log(`${failures} failed`);
process.exit(failures);
