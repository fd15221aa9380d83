// The viewer page: files dropped or picked (one, many, or a whole folder) are listed as a tree of
// their folders, and the one clicked is opened with anmkit compiled to WebAssembly: a skeleton in
// 3D with a timeline for GEM and LM, the sprite views for MM2, what `anmkit info` says of it, its
// diagnostics with their offsets; on a model that shows something (a GEM .mdl's meshes), the
// vehicle itself, textured and animated, with the skeleton as an overlay. window.anmkitViewer is
// the small hook the tests (and curious users) drive it with.
import { Anmkit } from './anmkit.js';
import { FigureView } from './figure_view.js';
import { FileList } from './file_list.js';
import { FILES_ROOT, HANDED_FILES, HANDED_TEXTURES, ModuleFiles, userWords } from './module_files.js';
import { nodesOf, viewMatrix } from './pose.js';
import { jsonTextShown } from './printable.js';
import { SkeletonView } from './skeleton_view.js';
import { SpriteView, schedule, stepAt } from './sprite_view.js';
import { Box3, Mesh, Vector3 } from 'three';

const $ = (selector) => document.querySelector(selector);
const extension = (path) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
// What the formats' entries say a file of this name may open as ("animation", "model",
// "resource"), never an extension written here.
const mayOpenAs = (path, kind) => kit.fileKinds().some((k) => k.opensAs === kind && k.extension === extension(path));
// A model that lists its animations (GEM's .mdl), by the same rule; a paired model (LM's .bin)
// is found by its name beside its animation and has no signature.
const listsAnimations = (path) => kit.formats().some((f) => f.listsAnimations && f.skeletonExtension === extension(path));
const folderOf = (path) => path.slice(0, path.lastIndexOf('/') + 1);
const stemOf = (path) => path.slice(0, path.lastIndexOf('.'));
// The top folder a file was dropped in ('game/'), or '' for a file dropped alone.
const topOf = (path) => path.slice(0, path.indexOf('/') + 1);

let kit;
let moduleFiles;     // the files written into the module's file system while in use
// The game's shared texture folder (resource/texture), picked: where a model's textures named
// "$/..." are. { folder (its name), entries ({ path, size, bytes }, its files) }, or null. Its
// files are read only when a model names them: a game's folder holds thousands.
let gameTextures = null;
let current = null;  // { entry, document, nodes, frame, playing, sequences, paths (held) }
let shown = null;    // what was asked for last, { entry, sequence }, shown or refused
let opening = 0;     // which openEntry call is the latest: an older one still reading gives way
let lastOpen = Promise.resolve();
const SUPERSEDED = new Error('another file was opened meanwhile');
// The skeleton picked for an animation (its path -> a model's path, or '' for none), over the
// library's pairing.
const skeletonPicks = new Map();
const files = new FileList({ table: $('#files'), summary: $('#files-summary'), shown: $('#files-shown'), filter: $('#filter'),
                             only: $('#only-animations') }, inspect);
const skeletonView = new SkeletonView($('#skeleton-canvas'), $('#tooltip'));
// What the skeleton shown shows (figure_view.js), kept while its model's animations are shown one
// after another: { path (the model's, in the list), listed (how many files were listed when it was
// read), volumes (whether it was read with its collision volumes), figure (anmkit.js Figure, its
// handle kept for mesh animation), view (FigureView),
// animations (animation path -> its mesh animation), error }. Freed when another model is shown.
let figureShown = null;
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
    const head = kit.M.FS.readFile(path);
    if (kit.detect(head) === null && mayOpenAs(entry.path, 'model')) {
      try {
        const model = kit.model(path);
        return { model: model.format, bones: model.jointCount };
      } catch (error) {
        // A file the library knows is no model (the game's armour files under .mdl) is another
        // file; a .mdl that does not read is a broken model, with the reader's words.
        return !listsAnimations(entry.path) || error.codeName === 'unknown_format' ? {} : { error: error.message };
      }
    }
    if (kit.detect(head) === null && !mayOpenAs(entry.path, 'animation')) return {};
    const document = kit.open(path);
    try {
      const found = document.validate();
      return { format: document.format, version: document.version, errors: found.filter((d) => d.severity === 'error').length,
               warnings: found.filter((d) => d.severity === 'warning').length };
    } finally {
      document.free();
    }
  } catch (error) {
    return { error: error.message };
  } finally {
    moduleFiles.release(path);
  }
}

// The model file that pairs with `entry` (then held, by `hold`), by the library's one rule
// (anmkit_find_skeleton), and the library's words for why: the model files in its folder (by the
// registry's extensions) are put where the library can read them for the search, and all but the
// one it picks are let go at once. { model (an entry, or null), why }.
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
    const model = found ? files.byPath(found.model.slice(FILES_ROOT.length)) || null : null;
    if (model) await hold(model);
    return { model, why: found ? found.why : '' };
  } finally {
    for (const path of searched) moduleFiles.release(path);
  }
}

function close() {
  if (!current) return;
  spriteView.stop();
  current.playing = false;
  current.document.free();
  for (const p of current.paths) moduleFiles.release(p);
  current = null;
}

// The library's messages come through the kit with the user's paths (userWords); the page's own
// name the files by the list's paths.
function showError(text) {
  $('#error').hidden = !text;
  $('#error').textContent = text || '';
}

// The dropped files under `top` named in `handed` (anmkit_files) without their bytes, each under
// HANDED_FILES: a map from each name to its entry (a name the library refuses is left out: that
// file is not found).
function declareDropped(handed, top) {
  const byName = new Map();
  for (const e of files.entries) {
    if (!e.path.startsWith(top) || e.path.endsWith('/')) continue;
    try {
      handed.declare(HANDED_FILES + e.path);
      byName.set(HANDED_FILES + e.path, e);
    } catch {
      // Not a name the library takes: not found.
    }
  }
  return byName;
}

// A .mdl's declared sequences, each its own entry (a name declared on several joints, `repair`
// on each part it repairs, is several): its name, the joint whose block declares it, the file it
// names as written, and the dropped file that name is, found by the library as the game on
// Windows finds it (`\` a separator, letters in either case: anmkit_model_sequence.path) among
// the dropped files under the model's top folder, handed over by name (none is read). `path` is
// the model's in the module's file system (held).
//   entry     the dropped file it opens, or null
//   refused   the library refuses the name (out of the folders it may name files in, or two files)
//   outside   refused without the box ticked, and the dropped file it would open with it, or null
function sequencesOf(model, path) {
  const handed = kit.files();
  try {
    const top = topOf(model.path);
    declareDropped(handed, top);
    const named = HANDED_FILES + model.path;
    handed.add(named, kit.M.FS.readFile(path));
    // The folders under which its {file} names may lead when the box is ticked: the top folder the
    // model was dropped in (all that was dropped, for loose files).
    const roots = (ticked) => (ticked ? [(HANDED_FILES + top).replace(/\/$/, '')] : []);
    const ticked = $('#reference-roots').checked;
    const declared = kit.model(named, { referenceRoots: roots(ticked), files: handed }).sequences;
    const wider = !ticked && declared.some((s) => s.path === null) ? kit.model(named, { referenceRoots: roots(true), files: handed }).sequences : null;
    const dropped = (p) => (p !== null && p.startsWith(HANDED_FILES) ? files.byPath(p.slice(HANDED_FILES.length)) || null : null);
    return declared.map((s, index) => ({
      index, name: s.name, file: s.file, declaredBy: s.declaredBy, howNamed: s.howNamed, entry: dropped(s.path),
      refused: s.path === null, outside: s.path === null && wider ? dropped(wider[index].path) : null,
    }));
  } finally {
    handed.free();
  }
}

// How the figures shown so far were read (window.anmkitViewer.figureReads): the times the library
// was asked for a figure, the files and bytes read from the browser for them, and the names (as
// handed over) of those read for the last.
const figureReads = { asks: 0, files: 0, bytes: 0, last: [] };

// What `model` (a model file in the list) shows (anmkit_document_figure), read once while it is
// shown. Returns figureShown, or null when the model shows nothing (no meshes: an LM .bin, a .mdl
// without {VolumeView}), which it tells first.
async function figureOf(model, ticket) {
  const volumes = $('#collision-volumes').checked;
  const again = figureShown && figureShown.path === model.path && figureShown.listed === files.entries.length &&
                figureShown.textures === gameTextures && figureShown.volumes === volumes;
  if (again) return figureShown.view || figureShown.error ? figureShown : null;
  dropFigure();
  const shown = { path: model.path, listed: files.entries.length, textures: gameTextures, volumes, figure: null, view: null,
                  animations: new Map(), error: null };
  try {
    shown.figure = await figureRead(model, ticket, { volumes });
    if (!shown.figure.meshes.length && !shown.figure.warnings.length) {
      shown.figure.free();
      return null;
    }
    if (shown.figure.meshes.length) shown.view = new FigureView(shown.figure);
  } catch (error) {
    if (error === SUPERSEDED) throw error;
    if (shown.figure) shown.figure.free();
    shown.figure = null;
    shown.error = error.message;
  }
  figureShown = shown;
  return shown.view || shown.error ? shown : null;
}

// The figure of `model` (with its collision volumes when `volumes`), its "$/..." textures looked
// for in the game's texture folder when one was picked. Every dropped file under the model's top
// folder, and every file of the texture folder, is handed to the library by name alone; the
// library says which of them the figure needs (anmkit_document_files_wanted: the meshes, then their
// materials, then the textures), only those are read from the browser and handed over, and the
// library is asked for the figure once.
async function figureRead(model, ticket, { volumes = false } = {}) {
  const handed = kit.files();
  let document = null;
  figureReads.last = [];
  try {
    const byName = declareDropped(handed, topOf(model.path));
    let textureDir = null;
    if (gameTextures && gameTextures.entries.length) {
      textureDir = HANDED_TEXTURES + gameTextures.folder;
      for (const e of gameTextures.entries) {
        try {
          handed.declare(HANDED_TEXTURES + e.path);
          byName.set(HANDED_TEXTURES + e.path, e);
        } catch {
          // Not a name the library takes: not found.
        }
      }
    }
    const named = HANDED_FILES + model.path;
    handed.add(named, await model.bytes());
    if (ticket !== opening) throw SUPERSEDED;
    document = kit.modelDocument(named, handed, { textureDir, volumes });
    const tried = new Set([named]);
    for (;;) {
      // A file the browser could not read stays wanted: asked for once, then left to the figure's words.
      const wanted = document.filesWanted().filter((name) => !tried.has(name));
      if (!wanted.length) break;
      await Promise.all(wanted.map(async (name) => {
        tried.add(name);
        const entry = byName.get(name);
        if (!entry) return;
        try {
          const bytes = await entry.bytes();
          handed.add(name, bytes);
          figureReads.files += 1;
          figureReads.bytes += bytes.length;
          figureReads.last.push(name);
        } catch {
          // Unreadable (removed since it was picked): the figure says what it lacks.
        }
      }));
      if (ticket !== opening) throw SUPERSEDED;
    }
    figureReads.asks += 1;
    return document.figure();
  } finally {
    if (document) document.free();
    handed.free();
  }
}

function dropFigure() {
  if (!figureShown) return;
  if (figureShown.view) figureShown.view.dispose();
  if (figureShown.figure) figureShown.figure.free();
  figureShown = null;
}

// The mesh animation of `document` (the animation at `path`) on the figure shown, added once.
function meshAnimationOf(shown, document, path) {
  if (!shown.animations.has(path)) {
    try {
      shown.animations.set(path, shown.figure.addMeshAnimation(document));
    } catch (error) {
      shown.animations.set(path, { morphs: [], warnings: [], error: error.message });
    }
  }
  return shown.animations.get(path);
}

// The sequence to open: `sequence` by its index or by its name (the first so named that opens),
// else the first that opens.
function chosenSequence(sequences, sequence) {
  if (typeof sequence === 'number') return sequences[sequence] || null;
  if (typeof sequence === 'string') {
    const named = sequences.filter((s) => s.name === sequence);
    return named.find((s) => s.entry) || named.find((s) => s.outside) || named[0] || null;
  }
  return sequences.find((s) => s.entry) || null;
}

// Why a declared sequence does not open (null when it does).
function sequenceProblem(model, s) {
  if (s.entry) return null;
  const where = `${model.path}: sequence '${s.name}'${s.declaredBy ? ` (on ${s.declaredBy})` : ''}: its file ${s.file}`;
  if (s.outside) return `${where} is outside the model's folder; tick "resolve model references anywhere under the dropped folder" to open it`;
  if (s.refused) {
    return $('#reference-roots').checked ? `${where} is outside the model's folder and the dropped folder`
      : `${where} is refused: it leads out of the dropped folder, or names two files that differ only in case`;
  }
  return `${where} was not dropped with it`;
}

// Opens `entry` (an animation, or a .mdl with its sequences); `sequence` picks one of a .mdl's
// (its index, or its name). The files it needs are held in the module's file system while it is
// shown, and only those.
function openEntry(entry, sequence = null) {
  lastOpen = opened(entry, sequence);
  return lastOpen;
}

async function opened(entry, sequence) {
  const ticket = ++opening;
  close();
  showError('');
  shown = { entry, sequence };
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
  let chosen = null;
  let skeletal = null;  // the skeleton panel's facts, once known
  try {
    let animation = entry;
    let skeleton = null;
    let pairing = null;  // how the skeleton was found, for a file opened on its own
    const first = await hold(entry);
    if (listsAnimations(entry.path) && kit.detect(kit.M.FS.readFile(first)) === null) {
      sequences = sequencesOf(entry, first);
      chosen = chosenSequence(sequences, sequence);
      if (!chosen) {
        const outside = sequences.filter((s) => s.outside).length;
        throw new Error(`${entry.path}: none of its ${sequences.length} sequence files was dropped with it` +
                        (outside ? ` in its folder (${outside} outside it: tick "resolve model references anywhere under the dropped folder")` : ''));
      }
      const problem = sequenceProblem(entry, chosen);
      if (problem) throw new Error(problem);
      skeleton = entry;
      animation = chosen.entry;
      await hold(animation);
      $('#title').textContent = `${entry.path}: ${chosen.name}${chosen.declaredBy ? ` (on ${chosen.declaredBy})` : ''} — ${animation.path}`;
    }
    const bytes = kit.M.FS.readFile(moduleFiles.pathOf(animation));
    const format = kit.detect(bytes);
    const info = kit.formats().find((f) => f.name === format);
    if (!skeleton && info && info.skeletonExtension) {
      if (skeletonPicks.has(animation.path)) {
        const picked = skeletonPicks.get(animation.path);
        skeleton = picked ? files.byPath(picked) || null : null;
        if (skeleton) await hold(skeleton);
        pairing = { picked: true, why: '' };
      } else {
        const found = await skeletonFor(animation, hold);
        skeleton = found.model;
        pairing = { picked: false, why: found.why };
      }
    }
    if (info && info.skeletal) skeletal = { doc: null, animation, skeleton, pairing, format, ext: info.skeletonExtension };
    const figure = skeleton && info && info.skeletal ? await figureOf(skeleton, ticket) : null;
    if (!figure) dropFigure();
    const document = kit.open(moduleFiles.pathOf(animation), { skeleton: skeleton ? moduleFiles.pathOf(skeleton) : null });
    current = { entry, animation, document, paths, frame: 0, playing: false, sequences, skeleton, sequence: chosen ? chosen.index : null,
                figure: null };
    showDiagnostics(document.validate());
    showInfo(document);
    showSequences(sequences, entry, chosen);
    if (document.sprite) {
      showSkeleton(null);
      showFigure(null, null);
      volumesBoxFor(null);
      $('#skeletal-view').hidden = true;
      $('#sprite-view').hidden = false;
      spriteView.show(document.spriteData(), stemOf(animation.path.split('/').pop()));
    } else {
      $('#sprite-view').hidden = true;
      $('#skeletal-view').hidden = false;
      const clip = document.clip();
      current.nodes = nodesOf(clip);
      current.clip = clip;
      showSkeleton({ ...skeletal, doc: document });
      const view = viewMatrix(clip);
      let meshAnimation = null;
      if (figure && figure.view) {
        meshAnimation = meshAnimationOf(figure, document, animation.path);
        figure.view.attach(current.nodes, view, meshAnimation);
        current.figure = figure;
      }
      showFigure(figure, meshAnimation);
      volumesBoxFor(current.figure);
      if (meshAnimation) showMeshNote(document.summary(), meshAnimation);  // read by showInfo already
      skeletonView.show(current.nodes, view, current.figure ? figure.view : null);
      skeletonView.setOverlay(overlayWanted());
      skeletonView.onSelect = () => showBone();
      $('#frame').max = String(Math.max(0, clip.frameCount - 1));
      $('#loop').checked = clip.loop;
      setFrame(0);
    }
  } catch (error) {
    if (current && current.paths === paths) close();
    else for (const path of paths) moduleFiles.release(path);
    if (error === SUPERSEDED) return;  // the newer call shows its own file
    dropFigure();
    showFigure(null, null);
    volumesBoxFor(null);
    showSequences(sequences, entry, chosen);  // a .mdl's other sequences stay a click away
    showSkeleton(skeletal && skeletal.pairing && skeletal.pairing.picked ? skeletal : null);  // a pick can be taken back
    showInfo(null);
    $('#skeletal-view').hidden = true;
    $('#sprite-view').hidden = true;
    $('#bone').hidden = true;
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

// The skeleton panel of a skeletal file: the model it is shown on and how it was found, and, for
// a file opened on its own, a picker of the dropped model files of its format (`ext`: .mdl for
// GEM, .bin for LM) to show it on instead (anmkit_open_options.skeleton). `doc` is null when the
// file did not open: the picker stays, so that a pick can be taken back.
function showSkeleton(shownWith) {
  $('#skeleton-panel').hidden = !shownWith;
  $('#skeleton-name').textContent = '';
  $('#skeleton-note').textContent = '';
  if (!shownWith) return;
  const { doc, animation, skeleton, pairing, format, ext } = shownWith;
  $('#skeleton-name').textContent = skeleton ? `skeleton: ${skeleton.path}` : 'no skeleton: the bones hang under one root';
  const notes = [];
  if (pairing && pairing.picked) notes.push(skeleton ? 'picked here' : 'none picked here');
  else if (pairing && skeleton) notes.push(`paired by the library's rule: ${pairing.why}`);
  else if (pairing) notes.push(`none paired${pairing.why ? ` (${pairing.why})` : ''}: pick one of the dropped .${ext} files to see the real skeleton`);
  const clip = doc ? doc.clip() : null;
  const lacking = clip && skeleton ? clip.bones.filter((b) => b.joint < 0) : [];
  if (lacking.length) {
    notes.push(`${lacking.length} of the file's ${clip.bones.length} bones are not in this skeleton and are not drawn: ` +
               lacking.slice(0, 8).map((b) => b.name).join(', ') + (lacking.length > 8 ? ', …' : ''));
  }
  $('#skeleton-note').textContent = notes.join('. ');
  const picker = $('#skeleton-picker');
  picker.hidden = !pairing;
  if (!pairing) return;
  const models = files.entries.filter((e) => extension(e.path) === ext && (!e.info || e.info.model === format));
  const none = new Option('none: the bones hang under one root', '');
  $('#skeleton-pick').replaceChildren(none, ...models.map((e) => new Option(e.path, e.path)));
  $('#skeleton-pick').value = skeleton ? skeleton.path : '';
  $('#skeleton-pick').dataset.animation = animation.path;
}

$('#skeleton-pick').addEventListener('change', () => {
  const select = $('#skeleton-pick');
  if (!shown || !select.dataset.animation) return;
  skeletonPicks.set(select.dataset.animation, select.value);
  openEntry(shown.entry, shown.sequence);
});

// What `anmkit info --json` says of the file shown (anmkit_summary): frames, bones, keys, mesh
// keys and comments (GEM), nodes and keys (LM), the canvas and sequences (MM2); and a note when
// the file holds mesh animation (GEM MESH keys), which the view does not show.
function showInfo(doc) {
  const list = $('#info');
  const note = $('#mesh-note');
  $('#info-panel').hidden = !doc;
  note.hidden = true;
  if (!doc) { list.replaceChildren(); return; }
  let s;
  try {
    s = doc.summary();
  } catch (error) {
    list.replaceChildren(row('summary', error.message));
    return;
  }
  const rows = [row('format', `${s.format}${s.version !== undefined && s.version !== '' ? ` ${s.version}` : ''}`)];
  if (s.frame_count !== undefined) rows.push(row('frames', String(s.frame_count)));
  if (s.fps !== undefined) rows.push(row('fps', String(s.fps)));
  if (s.bone_count !== undefined || s.node_count !== undefined) rows.push(row('bones', String(s.bone_count ?? s.node_count)));
  if (s.keys !== undefined) rows.push(row('keys', String(s.keys)));
  const mesh = Array.isArray(s.mesh_keys) ? s.mesh_keys : null;
  if (mesh) rows.push(row('mesh keys', String(mesh.length)));
  if (Array.isArray(s.comments)) {
    const comments = row('comments', s.comments.length ? '' : 'none');
    for (const c of s.comments) {
      const div = document.createElement('div');
      div.className = 'comment';
      div.textContent = jsonTextShown(c);
      comments.lastChild.append(div);
    }
    rows.push(comments);
  }
  if (Array.isArray(s.canvas)) rows.push(row('canvas', `${s.canvas[0]} x ${s.canvas[1]}`));
  if (Array.isArray(s.sequences)) rows.push(row('sequences', String(s.sequences.length)));
  list.replaceChildren(...rows);
  showMeshNote(s, null);
}

// The note on a file with mesh animation (GEM MESH keys, `summary.mesh_keys`): where the figure
// of its model shows it (`animation`: anmkit.js addMeshAnimation's, with the meshes it morphs),
// as morph targets; else that the view shows the skeleton only.
function showMeshNote(summary, animation) {
  const note = $('#mesh-note');
  const mesh = Array.isArray(summary.mesh_keys) ? summary.mesh_keys : null;
  note.hidden = !(mesh && mesh.length);
  if (note.hidden) return;
  const bones = [...new Set(mesh.map((m) => jsonTextShown(String(m.bone))))];
  const morphed = animation ? animation.morphs.length : 0;
  note.textContent = `Mesh animation: this file holds ${mesh.length} MESH key${mesh.length === 1 ? '' : 's'} ` +
    `(vertex data the game writes into the mesh of ${bones.length === 1 ? 'bone' : 'bones'} ${bones.join(', ')}). ` +
    (morphed ? `Shown on the model's ${morphed === 1 ? 'mesh' : `${morphed} meshes`} as morph targets: each key's shape from its frame on.`
      : 'The view shows the skeleton only; the glTF export keeps the vertex data in the animation\'s extras.');
}

// The figure panel: what the model shows (meshes drawn, triangles, materials, textures) and the
// notes of what is missing (the figure's warnings, id model.figure, and the mesh animation's,
// model.mesh-animation), each its own line, paths as the user dropped them.
function showFigure(shown, animation) {
  $('#figure-panel').hidden = !shown;
  const notes = [];
  if (!shown) {
    $('#figure-summary').textContent = '';
  } else if (shown.error) {
    $('#figure-summary').textContent = `what the model shows could not be read: ${shown.error}`;
  } else {
    const f = shown.figure;
    const v = shown.view;
    const parts = v.drawn.filter((d) => !d.collision);
    const volumes = v.drawn.length - parts.length;
    const triangles = parts.reduce((n, d) => n + v.parts[d.index].triangles, 0);
    const decoded = f.textures.filter((t) => t.rgba).length;
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    $('#figure-summary').textContent = `${plural(parts.length, 'mesh')} drawn`.replace('meshs', 'meshes') +
      ` (${triangles} triangles), ${plural(f.materials.length, 'material')}, ${plural(decoded, 'texture')}` +
      (volumes ? `, ${plural(volumes, 'collision volume')}` : '');
    for (const w of f.warnings) notes.push(w.message);
    if (v.unplaced) notes.push(`${plural(v.unplaced, 'mesh')} not drawn: its joint is not in the skeleton shown, or it has no triangles`.replace('meshs', 'meshes'));
    if (animation && animation.error) notes.push(`mesh animation: ${animation.error}`);
    for (const w of animation ? animation.warnings : []) notes.push(w.message);
  }
  $('#figure-notes').replaceChildren(...notes.map((text) => {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
  }));
}

// The skeleton overlay's box: without a figure the skeleton is all there is (on, and the box
// disabled); off by default once a model's figure is shown, then as the user leaves it while that
// model's animations are shown.
let overlayFor = null;
function overlayWanted() {
  const box = $('#skeleton-overlay');
  if (!current || !current.figure) {
    box.checked = true;
    box.disabled = true;
    overlayFor = null;
    return true;
  }
  box.disabled = false;
  if (overlayFor !== current.figure.path) {
    box.checked = false;
    overlayFor = current.figure.path;
  }
  return box.checked;
}
$('#skeleton-overlay').addEventListener('change', () => skeletonView.setOverlay($('#skeleton-overlay').checked));

// The collision volumes' box: the model's figure read again with them (or without), the frame shown
// kept. It can be ticked only while a model's figure is shown, and stays as ticked from model to model.
function volumesBoxFor(figure) {
  $('#collision-volumes').disabled = !figure;
}
async function showVolumes() {
  if (!shown || !current || !current.figure) return;
  const { animation, frame } = current;
  await openEntry(shown.entry, shown.sequence);
  if (current && current.animation === animation && current.clip) setFrame(frame);
}
$('#collision-volumes').addEventListener('change', () => { lastOpen = showVolumes(); });

function row(key, text) {
  const div = document.createElement('div');
  div.dataset.key = key;
  const dt = document.createElement('dt');
  dt.textContent = key;
  const dd = document.createElement('dd');
  dd.textContent = text;
  div.append(dt, dd);
  return div;
}

// A .mdl's declared sequences, each its own row: its name, the joint that declares it and its
// file; a click opens that file on the model's skeleton.
function showSequences(sequences, model, chosen) {
  const list = $('#sequences');
  $('#sequences-panel').hidden = !sequences;
  if (!sequences) { list.replaceChildren(); return; }
  $('#sequence-count').textContent = `(${sequences.length}, ${sequences.filter((s) => s.entry).length} of their files dropped)`;
  list.replaceChildren(...sequences.map((s) => {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = s.name;
    const where = document.createElement('span');
    where.className = 'where';
    const on = s.declaredBy ? ` on ${s.declaredBy}` : '';
    where.textContent = s.entry ? `${on}: ${s.entry.path.slice(folderOf(model.path).length)}${s.howNamed ? ` (${s.howNamed})` : ''}`
      : s.outside ? `${on} (${s.file}: outside the model's folder)`
        : s.refused ? `${on} (${s.file}: refused)` : `${on} (its file ${s.file} was not dropped)`;
    li.append(name, where);
    li.dataset.index = String(s.index);
    if (s.entry || s.outside) li.addEventListener('click', () => openEntry(model, s.index));
    else li.className = 'missing';
    if (chosen && s.index === chosen.index) li.classList.add('shown');
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
  skeletonView.update(current.pose, frame);
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

// The game's texture folder: kept as picked (nothing read yet), and the model shown drawn again.
$('#pick-textures').addEventListener('change', () => {
  const picked = Array.from($('#pick-textures').files);
  $('#pick-textures').value = '';
  if (!picked.length) return;
  const paths = picked.map((f) => f.webkitRelativePath || f.name);
  useGameTextures(paths[0].includes('/') ? paths[0].slice(0, paths[0].indexOf('/')) : '',
                  picked.map((f, i) => fromFile(f, paths[i])));
});

function useGameTextures(folder, entries) {
  gameTextures = { folder, entries };
  $('#textures-picked').textContent = `game textures: ${folder || 'picked'} (${entries.length} files)`;
  if (shown && current && current.figure) openEntry(shown.entry, shown.sequence);
}

// ---- Start, and the hook ----------------------------------------------------------------------

$('#reference-roots').addEventListener('change', () => {
  if (shown && listsAnimations(shown.entry.path)) openEntry(shown.entry, shown.sequence);
});

const ready = globalThis.createAnmkit().then((M) => {
  kit = new Anmkit(M, { shown: userWords });
  moduleFiles = new ModuleFiles(kit, FILES_ROOT);
  files.extensions = new Set(kit.fileKinds().filter((k) => k.opensAs === 'animation' || k.opensAs === 'model').map((k) => k.extension));
  $('#version').textContent = `anmkit ${kit.version} (WebAssembly)`;
  $('#status').textContent = 'Drop files or a folder here, or pick them.';
});

window.anmkitViewer = {
  ready,
  // How the figures shown so far were read: { asks (figures asked of the library), files, bytes
  // (read from the browser for them) }.
  figureReads: () => ({ ...figureReads, last: [...figureReads.last].sort() }),
  // The kinds of file the module's formats read (Anmkit.fileKinds): what the list goes by.
  fileKinds: () => kit.fileKinds(),
  // The game's texture folder given as files { path (under the folder, which is its first
  // part), bytes }, as #pick-textures takes it; resolves when the model shown is drawn again.
  async setGameTextures(list) {
    const entries = list.map((f) => ({ path: f.path, size: f.bytes.length, bytes: async () => Uint8Array.from(f.bytes) }));
    useGameTextures(list.length ? list[0].path.split('/')[0] : '', entries);
    await lastOpen;
  },
  // Files given as { path, bytes (an array or Uint8Array) }; resolves when all are listed.
  async addFiles(list) {
    files.add(list.map((f) => ({ path: f.path, size: f.bytes.length, bytes: async () => Uint8Array.from(f.bytes) })));
    await this.listed();
  },
  async listed() {
    while (files.queue.length || files.working) await new Promise((resolve) => setTimeout(resolve, 10));
    return files.entries.map((e) => ({ path: e.path, size: e.size, ...e.info }));
  },
  // Opens a listed file (a .mdl's sequence by its index or name) as a click does; what it shows.
  async open(path, sequence = null) {
    const entry = files.byPath(path);
    if (!entry) throw new Error(`no file ${path} in the list`);
    await openEntry(entry, sequence);
    return this.shown();
  },
  // What the page shows now: the file (the animation opened, for a .mdl), its skeleton, nodes,
  // frames, and a .mdl's declared sequences, each { name, declaredBy, file (as written), opens
  // (the dropped file it opens, or null) }.
  shown() {
    if (!current) return { error: $('#error').textContent };
    const d = current.document;
    return {
      format: d.format, version: d.version, animation: current.animation.path, skeleton: current.skeleton ? current.skeleton.path : null,
      nodes: current.nodes ? current.nodes.map((n) => n.name) : [], frameCount: d.skeletal ? current.clip.frameCount : 0,
      sequences: current.sequences ? current.sequences.map((s) => s.name) : null, sequence: current.sequence,
      declared: current.sequences ? current.sequences.map((s) => ({ name: s.name, declaredBy: s.declaredBy, file: s.file,
                                                                   opens: s.entry ? s.entry.path : null })) : null,
    };
  },
  // Resolves when the file asked for last (a click, a skeleton picked) is shown or refused.
  settled: () => lastOpen,
  error: () => $('#error').textContent,
  setFrame,
  // Every drawn node's world position at `frame` in the world shown: Blender's after it imports
  // anmkit's glTF (Z up, right-handed, metres; pose.js, viewMatrix).
  worldPositions(frame) {
    setFrame(frame);
    const out = {};
    const p = new Vector3();
    current.nodes.forEach((n, i) => { out[n.name] = p.setFromMatrixPosition(skeletonView.world[i]).toArray(); });
    return out;
  },
  hiddenNodes: () => current.nodes.filter((_, i) => skeletonView.hidden[i]).map((n) => n.name),
  // What the model shows as drawn now, or null: the meshes (name, joint, visible, skinned, morph
  // weights, the material of each primitive: name, texture, colour, alphaTest, transparent, side),
  // the panel's summary and notes, and the skeleton overlay (its box, and whether it is drawn).
  figure() {
    if (!current || !current.figure) return null;
    const v = current.figure.view;
    return {
      model: current.figure.path,
      meshes: v.drawn.map((d) => {
        const o = d.object;
        return {
          name: o.name, joint: v.nodes[d.node].name, visible: o.visible, skinned: d.skinned, collision: d.collision,
          weights: Array.from(o.morphTargetInfluences || []),
          materials: o.geometry.groups.map((g) => {
            const m = o.material[g.materialIndex];
            return { name: m.name, texture: m.map ? m.map.name : null, normalMap: m.normalMap ? m.normalMap.name : null,
                     colour: m.color.toArray(), opacity: m.opacity, alphaTest: m.alphaTest, transparent: m.transparent, doubleSided: m.side === 2,
                     depthWrite: m.depthWrite, flatShading: m.flatShading };
          }),
        };
      }),
      summary: $('#figure-summary').textContent,
      notes: Array.from(document.querySelectorAll('#figure-notes li'), (li) => li.textContent),
      overlay: { checked: $('#skeleton-overlay').checked, disabled: $('#skeleton-overlay').disabled,
                 drawn: skeletonView.lines.visible && skeletonView.points.visible },
      volumes: { checked: $('#collision-volumes').checked, disabled: $('#collision-volumes').disabled },
    };
  },
  // A texture the page drew with, by name: its size, how three.js samples it, and its pixels
  // (the DataTexture's own bytes, base64).
  texture(name) {
    const t = current && current.figure ? current.figure.view.textures.find((x) => x.name === name && x.colorSpace === 'srgb') : null;
    if (!t) return null;
    const bytes = t.image.data;
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { width: t.image.width, height: t.image.height, flipY: t.flipY, colorSpace: t.colorSpace, wrapS: t.wrapS, wrapT: t.wrapT,
             repeat: t.wrapS === 1000 && t.wrapT === 1000, base64: btoa(text) };
  },
  // Vertex `index` of the mesh named `mesh` at `frame`: in the mesh's own frame with its morph
  // targets applied (`morphed`), and in the world shown, skinned (`world`).
  vertex(mesh, index, frame) {
    setFrame(frame);
    const d = current.figure.view.drawn.find((x) => x.object.name === mesh);
    const o = d.object;
    const morphed = Mesh.prototype.getVertexPosition.call(o, index, new Vector3());
    const world = o.getVertexPosition(index, new Vector3()).applyMatrix4(o.matrixWorld);
    return { morphed: morphed.toArray(), world: world.toArray() };
  },
  // The world box (min, max) of the drawn mesh named `mesh` at `frame`, over its vertices.
  worldBounds(mesh, frame) {
    setFrame(frame);
    const d = current.figure.view.drawn.find((x) => x.object.name === mesh);
    const box = new Box3().setFromObject(d.object, true);
    return { min: box.min.toArray(), max: box.max.toArray() };
  },
  // Ticks or unticks the collision volumes' box as a click does; resolves when the figure is shown again.
  async setVolumes(on) {
    $('#collision-volumes').checked = on;
    $('#collision-volumes').dispatchEvent(new Event('change'));
    await lastOpen;
  },
  // Switches the skeleton overlay as a click on its box does.
  setOverlay(on) {
    $('#skeleton-overlay').checked = on;
    $('#skeleton-overlay').dispatchEvent(new Event('change'));
  },
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
