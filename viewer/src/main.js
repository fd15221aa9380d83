// The viewer page: files dropped or picked (one, many, or a whole folder) are listed, and the one
// clicked is opened with anmkit compiled to WebAssembly: a skeleton in 3D with a timeline for GEM
// and LM, the sprite views for MM2, its diagnostics with their offsets. window.anmkitViewer is the
// small hook the tests (and curious users) drive it with.
import { Anmkit } from './anmkit.js';
import { FileList } from './file_list.js';
import { ModuleFiles } from './module_files.js';
import { nodesOf } from './pose.js';
import { SkeletonView } from './skeleton_view.js';
import { SpriteView, schedule, stepAt } from './sprite_view.js';
import { Vector3 } from 'three';

const $ = (selector) => document.querySelector(selector);
const MEMFS_ROOT = '/files/';
const extension = (path) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
const folderOf = (path) => path.slice(0, path.lastIndexOf('/') + 1);
const stemOf = (path) => path.slice(0, path.lastIndexOf('.'));

// `name` (a path a model file gives, '/' between folders) from `folder` (a list path ending in
// '/'): the list's path it names, or null when it climbs out of everything dropped.
function joined(folder, name) {
  const parts = [];
  for (const part of (folder + name).split('/')) {
    if (part === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else if (part !== '.' && part !== '') {
      parts.push(part);
    }
  }
  return parts.join('/');
}

let kit;
let moduleFiles;     // the files written into the module's file system while in use
let current = null;  // { entry, document, nodes, frame, playing, sequences, paths (held) }
let opening = 0;     // which openEntry call is the latest: an older one still reading gives way
const SUPERSEDED = new Error('another file was opened meanwhile');
const files = new FileList($('#files'), $('#files-summary'), inspect);
const skeletonView = new SkeletonView($('#skeleton-canvas'), $('#tooltip'));
const spriteView = new SpriteView($('#sprite-view'));

// ---- Files ----------------------------------------------------------------------------------

// What a file that cannot be read (removed after it was picked, no permission) says on its row.
const unreadable = (error) => `cannot be read: ${error && error.name ? `${error.name}: ${error.message}` : String(error)}`;

// Format, version and validity of one file, for the list (its bytes are let go afterwards).
async function inspect(entry) {
  let path;
  try {
    path = await moduleFiles.hold(entry);
  } catch (error) {
    return { error: unreadable(error), unreadable: true };
  }
  try {
    const ext = extension(entry.path);
    const head = kit.M.FS.readFile(path);
    if (kit.detect(head) === null && (ext === 'mdl' || ext === 'bin')) {
      try {
        const model = kit.model(path);
        return { model: model.format, bones: model.jointCount };
      } catch (error) {
        return ext === 'bin' ? {} : { error: userWords(error.message) };
      }
    }
    if (kit.detect(head) === null && ext !== 'anm') return {};
    const document = kit.open(path);
    try {
      const found = document.validate();
      return { format: document.format, version: document.version, errors: found.filter((d) => d.severity === 'error').length,
               warnings: found.filter((d) => d.severity === 'warning').length };
    } finally {
      document.free();
    }
  } catch (error) {
    return { error: userWords(error.message) };
  } finally {
    moduleFiles.release(path);
  }
}

// The model file that pairs with `entry` (then held, by `hold`), by the library's one rule
// (anmkit_find_skeleton): the model files in its folder (by the registry's extensions) are put
// where the library can read them for the search, and all but the one it picks are let go at once.
async function skeletonFor(entry, hold) {
  const folder = folderOf(entry.path);
  const extensions = new Set(kit.formats().map((f) => f.skeletonExtension).filter(Boolean));
  const candidates = files.entries.filter((e) => folderOf(e.path) === folder && extensions.has(extension(e.path)));
  const searched = [];
  try {
    for (const candidate of candidates) {
      try {
        searched.push(await moduleFiles.hold(candidate));
      } catch {
        // An unreadable model file is no candidate (its row says why).
      }
    }
    const found = kit.findSkeleton(moduleFiles.pathOf(entry));
    const model = found ? files.byPath(found.model.slice(MEMFS_ROOT.length)) || null : null;
    if (model) await hold(model);
    return model;
  } finally {
    for (const path of searched) moduleFiles.release(path);
  }
}

// The folders under which a model's {file} names may lead when the box is ticked: the top folder
// the model was dropped in (all that was dropped, for loose files).
function referenceRootsFor(model) {
  if (!$('#reference-roots').checked) return [];
  const top = model.path.includes('/') ? model.path.slice(0, model.path.indexOf('/')) : '';
  return [(MEMFS_ROOT + top).replace(/\/$/, '')];
}

function close() {
  if (!current) return;
  spriteView.stop();
  current.playing = false;
  current.document.free();
  for (const p of current.paths) moduleFiles.release(p);
  current = null;
}

// Messages name files by their place in the module's file system: shown as the user's paths.
const userWords = (text) => text.split(MEMFS_ROOT).join('');

function showError(text) {
  $('#error').hidden = !text;
  $('#error').textContent = userWords(text || '');
}

// Whether the clip's up rotation (which turns its format's up axis to +Y) takes +Z to +Y: the
// clip says which way is up, whatever its format.
function isZUp([x, y, z, w]) {
  // The rotated +Z is the third column of the rotation matrix.
  const up = [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)];
  return Math.abs(up[1] - 1) < 1e-4;
}

// A .mdl's sequences, each with the dropped file it names (entry, or null), whether that file is
// outside the model's folder, and which one to open (`sequence`, or the first it may open).
function sequencesOf(entry, model, sequence) {
  const folder = folderOf(entry.path);
  const roots = referenceRootsFor(entry).length > 0;
  const sequences = model.sequences.map((s, index) => {
    const path = s.fileText === null ? null : joined(folder, s.fileText);
    const outside = path === null || !path.startsWith(folder);
    return { name: s.name, file: s.file, index, outside, entry: (path !== null && files.byPath(path)) || null };
  });
  const chosen = sequence !== null ? sequences.find((s) => s.entry && s.name === sequence)
    : sequences.find((s) => s.entry && (roots || !s.outside));
  return { sequences, chosen };
}

// Opens `entry` (an animation, or a .mdl with its sequences); `sequence` picks one of a .mdl's.
// The files it needs are held in the module's file system while it is shown, and only those.
async function openEntry(entry, sequence = null) {
  const ticket = ++opening;
  close();
  showError('');
  for (const row of files.entries) row.row.classList.toggle('selected', row === entry);
  $('#title').textContent = entry.path;
  const paths = [];
  const hold = async (e) => {
    let path;
    try {
      path = await moduleFiles.hold(e);
    } catch (error) {
      throw new Error(`${e.path}: ${unreadable(error)}`);
    }
    paths.push(path);
    if (ticket !== opening) throw SUPERSEDED;
    return path;
  };
  let sequences = null;
  try {
    let animation = entry;
    let skeleton = null;
    const first = await hold(entry);
    if (extension(entry.path) === 'mdl' && kit.detect(kit.M.FS.readFile(first)) === null) {
      const referenceRoots = referenceRootsFor(entry);
      const model = kit.model(first, { referenceRoots });
      const found = sequencesOf(entry, model, sequence);
      sequences = found.sequences;
      const { chosen } = found;
      if (!chosen) {
        const outside = sequences.filter((s) => s.entry && s.outside).length;
        throw new Error(`${entry.path}: none of its ${sequences.length} sequence files was dropped with it` +
                        (outside ? ` in its folder (${outside} outside it: tick "resolve model references anywhere under the dropped folder")` : ''));
      }
      skeleton = entry;
      animation = chosen.entry;
      await hold(animation);
      // A file outside the model's folder: the library says whether the model may name it (under
      // a reference root) or not.
      if (chosen.outside && !kit.model(first, { referenceRoots }).sequences[chosen.index].exists) {
        throw new Error(`${entry.path}: sequence '${chosen.name}': its file ${chosen.file} is outside the model's folder` +
                        (referenceRoots.length ? ' and the dropped folder' : '; tick "resolve model references anywhere under the dropped folder" to open it'));
      }
      $('#title').textContent = `${entry.path}: ${chosen.name}`;
    }
    const bytes = kit.M.FS.readFile(moduleFiles.pathOf(animation));
    const format = kit.detect(bytes);
    const info = kit.formats().find((f) => f.name === format);
    if (!skeleton && info && info.skeletonExtension) skeleton = await skeletonFor(animation, hold);
    const document = kit.open(moduleFiles.pathOf(animation), { skeleton: skeleton ? moduleFiles.pathOf(skeleton) : null });
    current = { entry, document, paths, frame: 0, playing: false, sequences, skeleton, sequence };
    showDiagnostics(document.validate());
    $('#skeleton-name').textContent = skeleton ? `skeleton: ${skeleton.path}` : document.skeletal ? 'no skeleton: the bones hang under one root' : '';
    showSequences(sequences, entry);
    if (document.sprite) {
      $('#skeletal-view').hidden = true;
      $('#sprite-view').hidden = false;
      spriteView.show(document.spriteData(), stemOf(animation.path.split('/').pop()));
    } else {
      $('#sprite-view').hidden = true;
      $('#skeletal-view').hidden = false;
      const clip = document.clip();
      current.nodes = nodesOf(clip);
      current.clip = clip;
      skeletonView.show(current.nodes, isZUp(clip.upRotation));
      skeletonView.onSelect = () => showBone();
      $('#frame').max = String(Math.max(0, clip.frameCount - 1));
      $('#loop').checked = clip.loop;
      setFrame(0);
    }
  } catch (error) {
    if (current && current.paths === paths) close();
    else for (const path of paths) moduleFiles.release(path);
    if (error === SUPERSEDED) return;  // the newer call shows its own file
    showSequences(sequences, entry);  // a .mdl's other sequences stay a click away
    $('#skeletal-view').hidden = true;
    $('#sprite-view').hidden = true;
    showError(error.message);
  }
}

function showDiagnostics(found) {
  $('#diagnostics').replaceChildren(...found.map((d) => {
    const li = document.createElement('li');
    li.className = d.severity;
    li.textContent = `${d.offset !== null ? `offset ${d.offset}` : d.pointer}: ${d.severity}: ${d.message} (${d.id})`;
    return li;
  }));
}

function showSequences(sequences, model) {
  const list = $('#sequences');
  list.hidden = !sequences;
  if (!sequences) return;
  list.replaceChildren(...sequences.map((s) => {
    const li = document.createElement('li');
    li.textContent = !s.entry ? `${s.name} (its file ${s.file} was not dropped)`
      : s.outside ? `${s.name} (${s.file}: outside the model's folder)` : s.name;
    if (s.entry) li.addEventListener('click', () => openEntry(model, s.name));
    else li.className = 'missing';
    return li;
  }));
}

// ---- Timeline -------------------------------------------------------------------------------

function setFrame(frame) {
  if (!current || !current.document.skeletal) return;
  current.frame = frame;
  $('#frame').value = String(Math.floor(frame));
  $('#frame-number').textContent = `${Math.floor(frame)} / ${Math.max(0, current.clip.frameCount - 1)}`;
  current.pose = current.document.sample(frame);
  skeletonView.update(current.pose);
  showBone();
}

function showBone() {
  const i = skeletonView.selected;
  const table = $('#bone');
  if (!current || i < 0) { table.hidden = true; return; }
  table.hidden = false;
  const node = current.nodes[i];
  const p = current.pose;
  const b = node.bone;
  const t = b >= 0 ? Array.from(p.translation.subarray(3 * b, 3 * b + 3)) : node.joint.translation;
  const r = b >= 0 ? Array.from(p.rotation.subarray(4 * b, 4 * b + 4)) : node.joint.rotation;
  const s = b >= 0 ? Array.from(p.scale.subarray(3 * b, 3 * b + 3)) : node.joint.scale;
  const fmt = (v) => v.map((x) => x.toFixed(6)).join(', ');
  $('#bone-name').textContent = node.name + (skeletonView.hidden[i] ? ' (hidden)' : '') + (b < 0 ? ' (rest: not animated)' : '');
  $('#bone-t').textContent = fmt(t);
  $('#bone-r').textContent = fmt(r);
  $('#bone-s').textContent = fmt(s);
}

let last = 0;
function playback(now) {
  if (!current || !current.playing) return;
  const dt = last ? (now - last) / 1000 : 0;
  last = now;
  const end = Math.max(1, current.clip.frameCount - 1);
  let frame = current.frame + dt * current.clip.fps * Number($('#speed').value);
  if (frame > end) {
    if ($('#loop').checked) frame %= end;
    else { frame = end; current.playing = false; }
  }
  setFrame(frame);
  requestAnimationFrame(playback);
}

$('#play').addEventListener('click', () => {
  if (!current || !current.document.skeletal) return;
  current.playing = !current.playing;
  last = 0;
  if (current.playing) requestAnimationFrame(playback);
});
$('#frame').addEventListener('input', () => setFrame(Number($('#frame').value)));
$('#step-back').addEventListener('click', () => current && setFrame(Math.max(0, Math.floor(current.frame) - 1)));
$('#step-forward').addEventListener('click', () => current && setFrame(Math.min(current.clip.frameCount - 1, Math.floor(current.frame) + 1)));

// ---- Dropping and picking --------------------------------------------------------------------

const fromFile = (file, path) => ({ path, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) });

// A file the browser cannot give (removed since, no permission) is listed all the same, and its
// row says why; the rest of the folder is read on.
const failed = (path, error) => ({ path, size: 0, bytes: () => Promise.reject(error) });

async function entriesOf(item, prefix, out) {
  if (item.isFile) {
    try {
      const file = await new Promise((resolve, reject) => item.file(resolve, reject));
      out.push(fromFile(file, prefix + file.name));
    } catch (error) {
      out.push(failed(prefix + item.name, error));
    }
  } else if (item.isDirectory) {
    const reader = item.createReader();
    for (;;) {
      let batch;
      try {
        batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      } catch (error) {
        out.push(failed(`${prefix}${item.name}/`, error));
        break;
      }
      if (!batch.length) break;
      for (const child of batch) await entriesOf(child, `${prefix}${item.name}/`, out);
    }
  }
}

document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', async (e) => {
  e.preventDefault();
  const found = [];
  for (const item of Array.from(e.dataTransfer.items).map((i) => i.webkitGetAsEntry()).filter(Boolean)) await entriesOf(item, '', found);
  files.add(found);
});
for (const input of [$('#pick-files'), $('#pick-folder')]) {
  input.addEventListener('change', () => {
    files.add(Array.from(input.files).map((f) => fromFile(f, f.webkitRelativePath || f.name)));
    input.value = '';
  });
}
files.onSelect = (entry) => openEntry(entry);

// ---- Start, and the hook ----------------------------------------------------------------------

$('#reference-roots').addEventListener('change', () => {
  if (current && current.sequences) openEntry(current.entry, current.sequence);
});

const ready = globalThis.createAnmkit().then((M) => {
  kit = new Anmkit(M);
  moduleFiles = new ModuleFiles(kit, MEMFS_ROOT);
  $('#version').textContent = `anmkit ${kit.version} (WebAssembly)`;
  $('#status').textContent = 'Drop files or a folder here, or pick them.';
});

window.anmkitViewer = {
  ready,
  // Files given as { path, bytes (an array or Uint8Array) }; resolves when all are listed.
  async addFiles(list) {
    files.add(list.map((f) => ({ path: f.path, size: f.bytes.length, bytes: async () => Uint8Array.from(f.bytes) })));
    await this.listed();
  },
  async listed() {
    while (files.queue.length || files.working) await new Promise((resolve) => setTimeout(resolve, 10));
    return files.entries.map((e) => ({ path: e.path, size: e.size, ...e.info }));
  },
  async open(path, sequence = null) {
    const entry = files.byPath(path);
    if (!entry) throw new Error(`no file ${path} in the list`);
    await openEntry(entry, sequence);
    if (!current) return { error: $('#error').textContent };
    const d = current.document;
    return {
      format: d.format, version: d.version, skeleton: current.skeleton ? current.skeleton.path : null,
      nodes: current.nodes ? current.nodes.map((n) => n.name) : [], frameCount: d.skeletal ? current.clip.frameCount : 0,
      sequences: current.sequences ? current.sequences.map((s) => s.name) : null,
    };
  },
  error: () => $('#error').textContent,
  setFrame,
  // Every drawn node's world position at `frame`, in the format's own axes and units.
  worldPositions(frame) {
    setFrame(frame);
    const out = {};
    const p = new Vector3();
    current.nodes.forEach((n, i) => { out[n.name] = p.setFromMatrixPosition(skeletonView.world[i]).toArray(); });
    return out;
  },
  hiddenNodes: () => current.nodes.filter((_, i) => skeletonView.hidden[i]).map((n) => n.name),
  // The sprite canvas as shown at zoom 1 in a view ('states', 'raw'): RGBA bytes and size.
  spritePixels(mode, index) {
    $('#sprite-zoom').value = '1';
    spriteView.stop();
    spriteView.draw(spriteView.picture(mode, index));
    const c = $('#sprite-canvas');
    return { width: c.width, height: c.height, rgba: Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data) };
  },
  // The sequence player's plan (start and duration of each step, ms) and the state it shows at `ms`.
  sequencePlan: (q) => schedule(current.document.spriteData().sequences[q], current.document.spriteData().tickHz),
  stateAt: (q, ms) => {
    const plan = schedule(current.document.spriteData().sequences[q], current.document.spriteData().tickHz);
    return plan[stepAt(plan, ms)].state;
  },
  // Speed: ms a read of `bytes` takes in WebAssembly (anmkit_open_memory and free), best of `runs`
  // runs.
  readTime(bytes, runs) {
    const M = kit.M;
    const p = M._malloc(bytes.length);
    M.HEAPU8.set(bytes, p);
    const out = M._malloc(4);
    let best = Infinity;
    // performance.now() is coarse in a page (100 us without cross-origin isolation): each run
    // times 20 reads.
    for (let r = 0; r < runs; ++r) {
      const t0 = performance.now();
      for (let i = 0; i < 20; ++i) {
        kit.check(M._anmkit_open_memory(p, bytes.length, 0, 0, out, kit.error));
        M._anmkit_free(kit.u32(out));
      }
      best = Math.min(best, (performance.now() - t0) / 20);
    }
    M._free(p);
    M._free(out);
    return best;
  },
  // Speed: ms to sample and draw one frame (the GPU finished), the median over batches of 10
  // frames (performance.now() is coarse in a page).
  frameTime(frames) {
    const times = [];
    for (let f = 0; f < frames; f += 10) {
      const t0 = performance.now();
      for (let i = f; i < f + 10; ++i) {
        setFrame(i % Math.max(1, current.clip.frameCount));
        skeletonView.renderer.getContext().finish();
      }
      times.push((performance.now() - t0) / 10);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  },
};
