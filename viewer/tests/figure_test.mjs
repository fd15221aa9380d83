// The vehicle in the viewer (issue 26): what a model shows, drawn by the page in Debian's headless
// Chromium (playwright-core) from the C API's figure, against the native library:
//   node figure_test.mjs VIEWER_DIR ANMKIT_CLI EXAMPLES VEHICLES|- SCRATCH
// (ANMKIT_LIBRARY and PYTHONPATH are set for native_figure.py.) Every check prints PASS, FAIL or
// SKIP (the vehicle folders, gem-vehicles, absent; run_figure_test.sh fails instead under
// ANMKIT_REQUIRE_EXTERNALS); the exit code is the number of failures. Measurements (a frame of the
// e-75, the e-75 folder listed and drawn from the pick) are printed as MEASURE lines with their
// targets for docs/PERFORMANCE.md; a target missed is reported there, not failed here.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { check, finish, launchPage, measure, newPage, runner, test, testWhen } from './page_checks.mjs';

const [viewerDir, cli, examples, vehiclesArg, scratch] = process.argv.slice(2);
const vehicles = !vehiclesArg || vehiclesArg === '-' ? null : vehiclesArg;
const here = dirname(fileURLToPath(import.meta.url));
const VIEWPORT = { width: 1400, height: 900 };
const vehiclesTest = testWhen(vehicles, 'the vehicle folders (gem-vehicles) are absent');
const native = (...args) => JSON.parse(execFileSync('python3', [join(here, 'native_figure.py'), ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }));
const run = runner(cli);
const near = (a, b, what) => {
  check(a.length === b.length, `${what}: ${a} against ${b}`);
  for (let i = 0; i < a.length; ++i) check(Math.abs(a[i] - b[i]) <= 1e-5 * Math.max(1, Math.abs(b[i])), `${what}: ${a} against ${b}`);
};

mkdirSync(scratch, { recursive: true });
const { browser, page: first, pageErrors } = await launchPage(VIEWPORT);
let page = first;
const url = pathToFileURL(join(viewerDir, 'index.html')).href;

// A fresh page, its module loaded: a new tab, the last one closed (its figure's heap and GPU
// buffers with it, rather than unloaded by the navigation).
async function fresh() {
  const next = await newPage(browser, VIEWPORT, pageErrors);
  await page.close();
  page = next;
  await page.goto(url);
  await page.evaluate(() => window.anmkitViewer.ready);
}
// `folder` picked as a folder (what a drop gives the page: every file under it, named from the
// folder's own name), listed.
async function pick(folder) {
  await page.locator('#pick-folder').setInputFiles(folder);
  await page.waitForFunction(() => document.querySelectorAll('#files tbody tr.file').length > 0);
  return page.evaluate(() => window.anmkitViewer.listed());
}
const open = (path, sequence = null) => page.evaluate(([p, s]) => window.anmkitViewer.open(p, s), [path, sequence]);
const figure = () => page.evaluate(() => window.anmkitViewer.figure());
const vertex = (mesh, index, frame) => page.evaluate(([m, i, f]) => window.anmkitViewer.vertex(m, i, f), [mesh, index, frame]);
const canvasPicture = () => page.evaluate(() => document.querySelector('#skeleton-canvas').toDataURL());
// The page's meshes against native_figure.py's: the same meshes, each primitive's material as
// the page draws it (the texture by name, none where it was not decoded: the material's colour).
function sameMaterials(got, want) {
  check(JSON.stringify(got.meshes.map((m) => m.name)) === JSON.stringify(want.meshes.map((m) => m.name)), 'the same meshes, in order');
  got.meshes.forEach((m, i) => {
    const w = want.meshes[i];
    check(m.joint === w.joint && m.skinned === w.skinned, `${m.name}: on ${m.joint} (${m.skinned}), native ${w.joint} (${w.skinned})`);
    check(m.materials.length === w.materials.length, `${m.name}: ${m.materials.length} primitives`);
    m.materials.forEach((g, k) => {
      const n = w.materials[k];
      check(n !== null, `${m.name} primitive ${k}: a material`);
      check(g.name === n.name && g.texture === n.texture && g.normalMap === n.normal_texture && g.transparent === n.transparent &&
            g.doubleSided === n.double_sided && Math.abs(g.alphaTest - n.alpha_test) < 1e-7 && Math.abs(g.opacity - n.opacity) < 1e-7,
            `${m.name} primitive ${k}: ${JSON.stringify(g)} against ${JSON.stringify(n)}`);
      near(g.colour, n.colour, `${m.name} primitive ${k}: the colour`);
    });
  });
}

// ---- The e-75, picked as a folder ----------------------------------------------------------

await vehiclesTest('the e-75 folder: listed and the vehicle drawn, 47 meshes with their materials, the missing texture said', async () => {
  const folder = join(vehicles, 'e-75');
  // Three times, each on a fresh page (the first in a fresh browser): from the pick to the list
  // settled, then to the vehicle drawn (its first sequence opened, the GPU finished).
  const runs = [];
  let opened;
  for (let r = 0; r < 3; ++r) {
    await fresh();
    const started = Date.now();
    await pick(folder);
    const listedMs = Date.now() - started;
    opened = await open('e-75/e-75.mdl');
    await page.evaluate(() => document.querySelector('#skeleton-canvas').getContext('webgl2').finish());
    runs.push({ listedMs, drawnMs: Date.now() - started });
    check(!opened.error && opened.skeleton === 'e-75/e-75.mdl', `opened: ${JSON.stringify(opened).slice(0, 300)}`);
  }
  const median = (key) => runs.map((x) => x[key]).sort((a, b) => a - b)[1];
  console.log(`MEASURE e75_listed_ms ${runs.map((x) => x.listedMs).join(' ')} median ${median('listedMs')}`);
  measure('e75_listed_and_drawn_ms', `${runs.map((x) => x.drawnMs).join(' ')} median ${median('drawnMs')}`,
          { text: '< 2000', met: () => median('drawnMs') < 2000 });
  const got = await figure();
  const want = native('figure', join(folder, 'e-75.mdl'));
  check(got.meshes.length === 47 && want.meshes.length === 47, `${got.meshes.length} meshes drawn, native ${want.meshes.length}`);
  sameMaterials(got, want);
  // Every part is shown at frame 0 of the first sequence (none is hidden at rest or by it).
  check(got.meshes.every((m) => m.visible) && want.meshes.every((m) => m.shown), `hidden: ${got.meshes.filter((m) => !m.visible).map((m) => m.name)}`);
  check(JSON.stringify(got.meshes.filter((m) => m.skinned).map((m) => m.name)) === JSON.stringify(['trackl.ply', 'trackr.ply']), 'the skinned tracks');
  // The tracks' material: textured, its normal map, masked at the .mtl's alpharef.
  const track = got.meshes.find((m) => m.name === 'trackl.ply').materials[0];
  check(track.texture === 'tiger_ii_track' && track.normalMap === 'Tiger_II_track_NM' && Math.abs(track.alphaTest - 127 / 255) < 1e-6,
        `the track's material: ${JSON.stringify(track)}`);
  // The body's texture is missing: said on the page as the library says it, with the user's paths,
  // and the body drawn in its material's colour.
  // (The native paths are the folder as the library found it, which may be spelt otherwise than
  // `vehicles`: /work/x/../shared or /work/shared; everything up to the vehicles' folder goes.)
  const notes = want.warnings.filter((w) => w.id === 'model.figure').map((w) => w.message.replace(/[^ ,()]*gem-vehicles\//g, ''));
  check(notes.length === 2 && JSON.stringify(got.notes) === JSON.stringify(notes), `notes ${JSON.stringify(got.notes)} against ${JSON.stringify(notes)}`);
  check(got.notes[0] === "material 'material_#28.mtl': diffuse texture 'e-75' not found (looked for e-75/e-75.dds, e-75/e-75.tga); drawn without it",
        `the note: ${got.notes[0]}`);
  const body = got.meshes.find((m) => m.name === 'body.ply').materials[0];
  check(body.texture === null && body.colour.every((c) => Math.abs(c - 230 / 255) < 1e-6), `the body untextured in its colour: ${JSON.stringify(body)}`);
  // Readable: each note its own line inside the side panel, no wider than it.
  const layout = await page.evaluate(() => {
    const side = document.querySelector('#side').getBoundingClientRect();
    return Array.from(document.querySelectorAll('#figure-notes li'), (li) => {
      const r = li.getBoundingClientRect();
      return { inside: r.left >= side.left && r.right <= side.right + 0.5, scroll: li.scrollWidth, client: li.clientWidth, height: r.height };
    });
  });
  check(layout.length === 2 && layout.every((l) => l.inside && l.scroll <= l.client && l.height > 0), `the notes laid out: ${JSON.stringify(layout)}`);
  check(got.summary === '47 meshes drawn (10461 triangles), 3 materials, 2 textures', `the summary: ${got.summary}`);
});

await vehiclesTest('the skeleton overlay: off once the vehicle is shown, on and off with its box; always on without a figure', async () => {
  let got = await figure();
  check(!got.overlay.checked && !got.overlay.disabled && !got.overlay.drawn, `off by default: ${JSON.stringify(got.overlay)}`);
  const without = await canvasPicture();
  await page.click('#skeleton-overlay');
  got = await figure();
  check(got.overlay.checked && got.overlay.drawn, `on: ${JSON.stringify(got.overlay)}`);
  const withLines = await canvasPicture();
  check(withLines !== without, 'the lines change the picture');
  // Kept while the model's other sequences are shown.
  const fire = await open('e-75/e-75.mdl', 'fire');
  check(!fire.error && fire.animation === 'e-75/fire.anm', `fire: ${fire.error}`);
  check((await figure()).overlay.drawn, 'still on for another sequence of the model');
  await page.click('#skeleton-overlay');
  got = await figure();
  check(!got.overlay.checked && !got.overlay.drawn, `off again: ${JSON.stringify(got.overlay)}`);
  // An animation on no skeleton: no figure, the skeleton is all there is.
  await page.evaluate((bytes) => window.anmkitViewer.addFiles([{ path: 'loose/fire.anm', bytes }]), Array.from(readFileSync(join(vehicles, 'e-75', 'fire.anm'))));
  const alone = await open('loose/fire.anm');
  check(!alone.error && alone.skeleton === null, `alone: ${JSON.stringify(alone).slice(0, 200)}`);
  check(await figure() === null, 'no figure without a model');
  const box = await page.evaluate(() => ({ checked: document.querySelector('#skeleton-overlay').checked, disabled: document.querySelector('#skeleton-overlay').disabled,
                                           panel: document.querySelector('#figure-panel').hidden }));
  check(box.checked && box.disabled && box.panel, `without a figure: ${JSON.stringify(box)}`);
});

await vehiclesTest('the e-75\'s collision volumes: off by default; on, its 23 volumes drawn translucent where native puts them; off again, gone', async () => {
  await fresh();
  await pick(join(vehicles, 'e-75'));
  const opened = await open('e-75/e-75.mdl', 'fire');
  check(!opened.error, opened.error);
  let got = await figure();
  check(!got.volumes.checked && !got.volumes.disabled, `the box: ${JSON.stringify(got.volumes)}`);
  check(got.meshes.length === 47 && !got.meshes.some((m) => m.collision), `${got.meshes.length} meshes, none a volume`);
  const frame = Math.floor(opened.frameCount / 2);
  await page.evaluate((f) => window.anmkitViewer.setFrame(f), frame);
  await page.evaluate(() => window.anmkitViewer.setVolumes(true));
  got = await figure();
  const volumes = got.meshes.filter((m) => m.collision);
  check(got.volumes.checked && volumes.length === 23 && got.meshes.length === 47 + 23, `${volumes.length} volumes of ${got.meshes.length} meshes`);
  check(volumes.every((v) => v.visible && v.name.startsWith('volume ')), 'every volume shown, named "volume NAME"');
  check(got.summary === '47 meshes drawn (10461 triangles), 4 materials, 2 textures, 23 collision volumes', `the summary: ${got.summary}`);
  check(await page.evaluate(() => Number(document.querySelector('#frame').value)) === frame, 'the frame shown is kept');
  const gun = volumes.find((v) => v.name === 'volume gun');
  check(gun && gun.joint === 'gun', `the gun's volume on its bone: ${JSON.stringify(gun)}`);
  const material = gun.materials[0];
  check(material.name === 'collision volume' && material.transparent && !material.depthWrite && material.doubleSided &&
        material.flatShading && Math.abs(material.opacity - 0.35) < 1e-7, `translucent: ${JSON.stringify(material)}`);
  near(material.colour, [1, 0.35, 0.1], 'the volumes\' colour');
  // Where native puts the gun's cylinder at this frame of fire (the gun recoils) and the turret's .vol.
  for (const name of ['gun', 'turret']) {
    const bounds = await page.evaluate(([m, f]) => window.anmkitViewer.worldBounds(m, f), [`volume ${name}`, frame]);
    const want = native('volume_bounds', join(vehicles, 'e-75', 'e-75.mdl'), join(vehicles, 'e-75', 'fire.anm'), name, String(frame));
    near(bounds.min, want.min, `volume ${name}'s box, min`);
    near(bounds.max, want.max, `volume ${name}'s box, max`);
  }
  await page.evaluate(() => window.anmkitViewer.setVolumes(false));
  got = await figure();
  check(!got.volumes.checked && got.meshes.length === 47 && !got.meshes.some((m) => m.collision), `off: ${got.meshes.length} meshes`);
  check(got.summary === '47 meshes drawn (10461 triangles), 3 materials, 2 textures', `the summary: ${got.summary}`);
});

await vehiclesTest('the e-75: a rigid part where native puts it, at several frames of fire.anm; the time of a frame', async () => {
  const opened = await open('e-75/e-75.mdl', 'fire');
  check(!opened.error, opened.error);
  const frames = [0, Math.floor(opened.frameCount / 2), opened.frameCount - 1];
  const want = native('vertex', join(vehicles, 'e-75', 'e-75.mdl'), join(vehicles, 'e-75', 'fire.anm'), 'gun2.ply', '7', ...frames.map(String));
  const seen = [];
  for (const f of frames) {
    const got = await vertex('gun2.ply', 7, f);
    near(got.morphed, want[String(f)].morphed, `gun2.ply vertex 7 at ${f}, in its joint's frame`);
    near(got.world, want[String(f)].world, `gun2.ply vertex 7 at ${f}, in the world`);
    seen.push(got.world);
  }
  check(seen.some((w) => Math.hypot(w[0] - seen[0][0], w[1] - seen[0][1], w[2] - seen[0][2]) > 1e-3), `the gun moves: ${JSON.stringify(seen)}`);
  const ms = await page.evaluate(() => window.anmkitViewer.frameTime(120));
  measure('e75_frame_ms', ms.toFixed(3), { text: '< 8', met: () => ms < 8 });
});

// ---- The e-25's texture, against the native decoder --------------------------------------------

await vehiclesTest('e-25: the body texture the page draws with is the native decoder\'s, byte for byte, sampled as glTF says', async () => {
  await fresh();
  await pick(join(vehicles, 'e-25'));
  const opened = await open('e-25/e-25.mdl');
  check(!opened.error, opened.error);
  const got = await page.evaluate(() => window.anmkitViewer.texture('e25body'));
  check(got !== null, 'the texture e25body');
  const raw = join(scratch, 'e25body.rgba');
  const size = native('texture', join(vehicles, 'e-25', 'e-25.mdl'), 'e25body', raw);
  check(got.width === 1024 && got.height === 1024 && size.width === 1024 && size.height === 1024, `${got.width} x ${got.height}, native ${size.width} x ${size.height}`);
  const pixels = Buffer.from(got.base64, 'base64');
  const want = readFileSync(raw);
  check(pixels.length === 4 * 1024 * 1024 && pixels.equals(want), `the pixels differ (${pixels.length} bytes against ${want.length})`);
  check(got.flipY === false && got.colorSpace === 'srgb' && got.repeat, `sampled: ${JSON.stringify({ ...got, base64: undefined })}`);
  sameMaterials(await figure(), native('figure', join(vehicles, 'e-25', 'e-25.mdl')));
  check((await figure()).notes.length === 0, 'nothing missing');
});

// ---- pzh2000_x's track: mesh animation -----------------------------------------------------------

await vehiclesTest('pzh2000_x: trackL.anm\'s mesh animation moves the skinned track\'s vertices, as native', async () => {
  await fresh();
  await pick(join(vehicles, 'pzh2000_x'));
  const model = await open('pzh2000_x/pzh2000_x.mdl');
  const index = model.declared.findIndex((d) => d.opens === 'pzh2000_x/trackL.anm');
  check(index >= 0, 'a sequence opens trackL.anm');
  const opened = await open('pzh2000_x/pzh2000_x.mdl', index);
  check(!opened.error && opened.frameCount === 13, `trackL: ${JSON.stringify(opened).slice(0, 200)}`);
  const note = await page.textContent('#mesh-note');
  check(note === "Mesh animation: this file holds 13 MESH keys (vertex data the game writes into the mesh of bone trackl). Shown on the model's mesh as morph targets: each key's shape from its frame on.",
        `the note: ${note}`);
  const frames = [0, 1, 6, 12];
  const want = native('vertex', join(vehicles, 'pzh2000_x', 'pzh2000_x.mdl'), join(vehicles, 'pzh2000_x', 'trackL.anm'), 'trackl.ply', '0', ...frames.map(String));
  for (const f of frames) {
    const got = await vertex('trackl.ply', 0, f);
    near(got.morphed, want[String(f)].morphed, `trackl.ply vertex 0 at ${f}, morphed`);
    near(got.world, want[String(f)].world, `trackl.ply vertex 0 at ${f}, skinned, in the world`);
    // STEP: frame f's key shows its target in full, the others none.
    const track = (await figure()).meshes.find((m) => m.name === 'trackl.ply');
    check(track.skinned && track.weights.length === 13 && track.weights.every((w, k) => w === (k === f ? 1 : 0)), `weights at ${f}: ${track.weights}`);
  }
  const moved = want['12'].world.map((c, i) => c - want['0'].world[i]);
  check(Math.hypot(...moved) > 0.05, `the vertex moves ${Math.hypot(...moved)} m from frame 0 to 12`);
  // The right track has no mesh animation in this file.
  check((await figure()).meshes.find((m) => m.name === 'trackr.ply').weights.length === 0, 'trackr is not morphed');
});

// ---- The game's texture folder ------------------------------------------------------------------

await vehiclesTest('pzh2000_x: its "$/" textures read from the game texture folder once picked, as the game finds them; the pixels native\'s', async () => {
  await fresh();
  await pick(join(vehicles, 'pzh2000_x'));
  check(!(await open('pzh2000_x/pzh2000_x.mdl')).error, 'opened');
  let got = await figure();
  const said = got.notes.filter((n) => n.includes('$/vehicle2/puma_track_dif'));
  check(said.length === 1 && said[0] === "material 'tracks.mtl': diffuse texture '$/vehicle2/puma_track_dif' is in the game's shared " +
        'textures, which were not given (the "Game textures…" folder); drawn without it', `the note: ${said}`);
  // A texture folder without the track's pictures: each is said missing where it was looked for,
  // as the user picked the folder ('texture/...'), and nothing on the page names the module's own
  // places for the picked files (/files/, /game-textures/).
  await page.evaluate((l) => window.anmkitViewer.setGameTextures(l), [{ path: 'texture/VEHICLE2/unused.dds', bytes: [1, 2, 3] }]);
  got = await figure();
  const missing = got.notes.filter((n) => n.includes('$/vehicle2/puma_track_dif'));
  check(missing.length === 1 && missing[0] === "material 'tracks.mtl': diffuse texture '$/vehicle2/puma_track_dif' not found (looked for " +
        'texture/VEHICLE2/puma_track_dif.dds, texture/VEHICLE2/puma_track_dif.tga, texture/common/vehicle2/puma_track_dif.dds, ' +
        'texture/common/vehicle2/puma_track_dif.tga); drawn without it', `the note: ${missing}`);
  const visible = await page.evaluate(() => [document.body.innerText, ...Array.from(document.querySelectorAll('[title]'), (e) => e.title)].join('\n'));
  for (const internal of ['/game-textures', '/files/']) {
    check(!visible.includes(internal), `the page shows ${internal}: ${visible.split('\n').filter((l) => l.includes(internal)).join(' | ')}`);
  }
  // A texture folder as a game's: the track's pictures under other cases and under common/, and a
  // file no model names (not a picture: read, it would be said).
  const e75 = join(vehicles, 'e-75');
  const list = [
    { path: 'texture/VEHICLE2/Puma_Track_Dif.dds', bytes: Array.from(readFileSync(join(e75, 'Tiger_II_track.dds'))) },
    { path: 'texture/common/vehicle2/puma_track_nm.dds', bytes: Array.from(readFileSync(join(e75, 'tiger_ii_track_nm.dds'))) },
    { path: 'texture/VEHICLE2/unused.dds', bytes: [1, 2, 3] },
  ];
  const before = await page.evaluate(() => window.anmkitViewer.figureReads());
  await page.evaluate((l) => window.anmkitViewer.setGameTextures(l), list);
  got = await figure();
  // Asked for once; read from the browser: what the library said the figure needs, and no more
  // (its meshes and materials, the two track pictures; not the unused picture, not an animation).
  const reads = await page.evaluate(() => window.anmkitViewer.figureReads());
  check(reads.asks === before.asks + 1, `the library was asked ${reads.asks - before.asks} times for the figure`);
  check(reads.last.includes('game-textures/texture/VEHICLE2/Puma_Track_Dif.dds') &&
        reads.last.includes('game-textures/texture/common/vehicle2/puma_track_nm.dds') &&
        !reads.last.some((n) => n.includes('unused') || n.endsWith('.anm') || n.endsWith('.mdl')) &&
        reads.last.every((n) => /\.(ply|mtl|dds|tga)$/i.test(n)), `read for the figure: ${reads.last.join(', ')}`);
  console.log(`MEASURE pzh2000_figure_files_read ${reads.last.length}`);
  const track = got.meshes.find((m) => m.name === 'trackl.ply').materials[0];
  check(track.texture === "$/vehicle2/puma_track_dif" && track.normalMap === "$/vehicle2/puma_track_nm", `the track: ${JSON.stringify(track)}; notes: ${got.notes}`);
  check(!got.notes.some((n) => n.includes('puma_track') || n.includes('unused')), `notes: ${got.notes}`);
  check(await page.textContent('#textures-picked') === 'game textures: texture (3 files)', 'the folder said');
  const drawn = await page.evaluate(() => window.anmkitViewer.texture('$/vehicle2/puma_track_dif'));
  const raw = join(scratch, 'puma_track_dif.rgba');
  const size = native('texture', join(e75, 'e-75.mdl'), 'tiger_ii_track', raw);
  check(drawn.width === size.width && drawn.height === size.height && Buffer.from(drawn.base64, 'base64').equals(readFileSync(raw)),
        `the pixels differ from native's (${drawn.width} x ${drawn.height})`);
});

// ---- Visibility: a bone hides its own mesh, a mesh hidden at rest until the clip shows it -----------

await vehiclesTest('visibility: a hidden bone hides its own mesh, not its children\'s; a mesh hidden at rest shows when the clip shows it', async () => {
  // The turret's five bones (examples/turret_v60.anm) on a .mdl with e-25's meshes: gun_rot's mesh
  // hidden at rest ({Visibility 0}), moved from frame 0 but with no visibility key before it shows at
  // 10 (so hidden as it rests until then); turret1 hidden from 4 to 8
  // (its child hatch stays); hatch hidden from 22 (the example's own key); a periscope hidden at
  // rest that the clip never animates.
  const folder = join(scratch, 'turret');
  mkdirSync(folder, { recursive: true });
  for (const name of ['body.ply', 'turret1.ply', 'gun_rot.ply', 'mgun.ply', 'mgun_rot.ply', '12_-_default.mtl', '02_-_default.mtl']) {
    copyFileSync(join(vehicles, 'e-25', name), join(folder, name));
  }
  writeFileSync(join(folder, 'turret.mdl'), `{Skeleton
  {animation {sequence "fire" {file "fire.anm"}}}
  {bone "basis"
    {bone "body" {VolumeView "body.ply"}
      {bone "turret1" {VolumeView "turret1.ply"}
        {bone "gun_rot" {VolumeView "gun_rot.ply"} {Visibility 0}}
        {bone "hatch" {VolumeView "mgun.ply"}}
        {bone "periscope" {VolumeView "mgun_rot.ply"} {Visibility 0}}
      }
    }
  }
}
`);
  const dump = JSON.parse(run('dump', join(examples, 'turret_v60.anm')).out);
  const at = (frame) => dump.frames.find((f) => f.frame === frame);
  const gunAt0 = at(0).keys.find((k) => k.bone === 3);
  check(gunAt0.flags === 0x0b, `gun_rot's key at 0: ${JSON.stringify(gunAt0)}`);
  gunAt0.flags = 0x03;  // position, orientation: its visibility left to its rest
  const add = (frame, key) => { at(frame).keys.push(key); at(frame).keys.sort((a, b) => a.bone - b.bone); };
  add(4, { bone: 2, flags: 0x10 });
  add(8, { bone: 2, flags: 0x08 });
  add(10, { bone: 3, flags: 0x08 });
  writeFileSync(join(scratch, 'turret.json'), JSON.stringify(dump));
  const built = run('build', join(scratch, 'turret.json'), '-o', join(folder, 'fire.anm'));
  check(built.code === 0, built.err);
  const want = native('figure', join(folder, 'turret.mdl'));
  check(JSON.stringify(want.meshes.map((m) => [m.name, m.shown])) === JSON.stringify(
    [['body.ply', true], ['turret1.ply', true], ['gun_rot.ply', false], ['mgun.ply', true], ['mgun_rot.ply', false]]), `native: ${JSON.stringify(want.meshes)}`);
  await fresh();
  await pick(folder);
  const opened = await open('turret/turret.mdl');
  check(!opened.error && opened.animation === 'turret/fire.anm', `opened: ${opened.error}`);
  const visible = async (frame) => {
    await page.evaluate((f) => window.anmkitViewer.setFrame(f), frame);
    return Object.fromEntries((await figure()).meshes.map((m) => [m.joint, m.visible]));
  };
  const expect = async (frame, want) => {
    const got = await visible(frame);
    check(JSON.stringify(got) === JSON.stringify(want), `frame ${frame}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  await expect(0, { body: true, turret1: true, gun_rot: false, hatch: true, periscope: false });
  await expect(5, { body: true, turret1: false, gun_rot: false, hatch: true, periscope: false });
  await expect(9, { body: true, turret1: true, gun_rot: false, hatch: true, periscope: false });
  await expect(10, { body: true, turret1: true, gun_rot: true, hatch: true, periscope: false });
  await expect(22, { body: true, turret1: true, gun_rot: true, hatch: false, periscope: false });
  // The skeleton's lines keep greying a hidden bone's children (as before), the meshes do not.
  await page.evaluate(() => window.anmkitViewer.setFrame(5));
  const greyed = await page.evaluate(() => window.anmkitViewer.hiddenNodes());
  check(JSON.stringify(greyed) === JSON.stringify(['turret1', 'gun_rot', 'hatch', 'periscope']), `greyed at 5: ${greyed}`);
});

// A model in the game's lower-case style whose {matrix34} holds 9 numbers: the .mdl reader's one
// wording for it, as the command line, Python and the add-on give it (issue 38).
const BROKEN_MODEL = '{skeleton\n  {bone revolute "basis"\n    {matrix34 1 0 0  0 1 0  0 0 1}\n  }\n}\n';
const BROKEN_WORDS = "line 3: the {matrix34} of bone 'basis' holds 9 values, where it takes 12 numbers";

await test('a broken model: the library\'s words for it, those of the command line', async () => {
  const folder = join(scratch, 'broken');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'broken.mdl'), BROKEN_MODEL);
  copyFileSync(join(examples, 'turret_v60.anm'), join(folder, 'fire.anm'));
  const cli = run('info', join(folder, 'broken.mdl'));
  check(cli.code === 1 && cli.err === `${join(folder, 'broken.mdl')}:39: error: ${BROKEN_WORDS}\n`, `the command line: ${cli.err}`);
  // The game's armour file, kept under .mdl too: another file, neither a model nor an error.
  writeFileSync(join(folder, 'armour.mdl'), '("set-gun" thickness(50))\n{volume "body1" {thickness 15}}\n');
  await fresh();
  const listed = Object.fromEntries((await pick(folder)).map((e) => [e.path, e]));
  check(listed['broken/broken.mdl'].error === `broken/broken.mdl:39: error: ${BROKEN_WORDS}`, `listed: ${JSON.stringify(listed)}`);
  const armour = listed['broken/armour.mdl'];
  check(!armour.error && !armour.model && !armour.format, `armour: ${JSON.stringify(armour)}`);
  const opened = await open('broken/broken.mdl');
  check(opened.error === `broken/broken.mdl:39: error: ${BROKEN_WORDS}`, `opened: ${JSON.stringify(opened).slice(0, 300)}`);
});

await test('no script error on the page', async () => {
  check(pageErrors.length === 0, pageErrors.join('\n'));
});

await finish(browser);
