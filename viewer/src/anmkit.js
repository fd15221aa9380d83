// anmkit's C API (include/anmkit/anmkit.h) as the WebAssembly module exposes it, wrapped for the
// page: animations opened from the module's in-memory file system (module_files.js writes dropped
// files there while the page uses them), a model's figure and sequences read through files handed
// over by name (Files: only those the library wants are read), errors thrown as AnmkitError. Struct sizes and field
// offsets are the module's own (abi_layout.js, from anmkit_abi_layout), read once at start-up into
// `kit.L`. Every buffer the page allocates and every handle it is given is freed on every path,
// errors included (try/finally): a page that opens thousands of hostile files must not fill the
// module's heap. Names inside files are bytes, shown as printable.js says.

import { FIGURE_FIELDS, FILE_KIND_FIELDS, FILES_FIELDS, HOW_NAMED_FIELDS, KIND_FIELDS, REFERENCE_ROOT_FIELDS, VOLUME_FIELDS, structLayouts } from './abi_layout.js';
import { printable, utf8OrNull } from './printable.js';

// anmkit_open_options.kinds: a model file (ANMKIT_KIND_MODEL in anmkit.h).
const KIND_MODEL = 2;

// The page's words for the settings a figure's warnings name.
const FIGURE_WORDS = { texture_dir: 'the "Game textures…" folder' };

export class AnmkitError extends Error {
  constructor(code, codeName, file, offset, pointer, message) {
    const where = offset !== null ? `:${offset}` : pointer ? `:${pointer}` : '';
    super(`${file}${where}: error: ${message}`);
    this.code = code;
    this.codeName = codeName;
    this.file = file;
    this.offset = offset;
    this.pointer = pointer;
    this.detail = message;
  }
}

export class Anmkit {
  // `shown`: what the page makes of a message the library worded before anyone sees it (its paths
  // in the module's file system said as the user picked them: module_files.js userWords); every
  // message this class hands out (errors, diagnostics, the pairing's reason) passes through it.
  constructor(M, { shown = (text) => text } = {}) {
    this.M = M;
    this.shown = shown;
    if (typeof M._anmkit_abi_layout !== 'function') {
      throw new Error('anmkit.h changed: the module has no anmkit_abi_layout (it is older than the page)');
    }
    const layout = M.UTF8ToString(M._anmkit_abi_layout());
    this.L = structLayouts(layout);
    this.rootsAt = structLayouts(layout, REFERENCE_ROOT_FIELDS).open_options;
    this.howNamedAt = structLayouts(layout, HOW_NAMED_FIELDS).model_sequence;
    this.figureAt = structLayouts(layout, FIGURE_FIELDS);
    this.volumesAt = structLayouts(layout, VOLUME_FIELDS);
    this.kindsAt = structLayouts(layout, KIND_FIELDS).open_options;
    this.fileKindAt = structLayouts(layout, FILE_KIND_FIELDS).file_kind;
    this.filesAt = structLayouts(layout, FILES_FIELDS).open_options;
    this.error = M._malloc(this.L.error.sizeof);
    this.version = M.UTF8ToString(M._anmkit_library_version());
  }

  u8(p) { return this.M.HEAPU8[p]; }
  u32(p) { return this.M.HEAPU32[p >>> 2]; }
  i32(p) { return this.M.HEAP32[p >>> 2]; }
  f32(p) { return this.M.HEAPF32[p >>> 2]; }
  f64(p) { return new Float64Array(this.M.HEAPU8.buffer, p, 1)[0]; }
  u64(p) { return this.u32(p) + this.u32(p + 4) * 4294967296; }
  setU32(p, v) { this.M.HEAPU32[p >>> 2] = v; }
  setF64(p, v) { new Float64Array(this.M.HEAPU8.buffer, p, 1)[0] = v; }

  // A struct of `layout`'s size, zeroed (the fields the page leaves take 0: the defaults), with
  // its struct_size set when it has one. Freed with M._free.
  alloc(layout) {
    const p = this.M._malloc(layout.sizeof);
    this.M.HEAPU8.fill(0, p, p + layout.sizeof);
    if ('struct_size' in layout) this.setU32(p + layout.struct_size, layout.sizeof);
    return p;
  }

  cstring(text) {
    const size = this.M.lengthBytesUTF8(text) + 1;
    const p = this.M._malloc(size);
    this.M.stringToUTF8(text, p, size);
    return p;
  }

  // fn(...buffers) with a buffer of each size in `sizes` (at least 1 byte), all freed afterwards
  // whether fn returns or throws.
  withBuffers(sizes, fn) {
    const M = this.M;
    const buffers = [];
    try {
      for (const size of sizes) buffers.push(M._malloc(Math.max(1, size)));
      return fn(...buffers);
    } finally {
      for (const p of buffers) M._free(p);
    }
  }

  // The `size` bytes at `p` (a name the library gives as bytes).
  bytesAt(p, size) { return this.M.HEAPU8.slice(p, p + size); }
  // A name from a file, to show (printable.js).
  name(p, size) { return printable(this.bytesAt(p, size)); }

  // Options for the open and model functions: the defaults, `skeleton` (a path in the module's
  // file system), `fps`, `tickHz`, and `referenceRoots` (folders there under which the files a
  // model names may lie besides its own folder). Returns { pointer, free }.
  openOptions({ skeleton = null, fps = 0, tickHz = 0, referenceRoots = [], textureDir = null, volumes = false, kinds = 0,
                noMeshes = false, files = null } = {}) {
    const M = this.M;
    const O = this.L.open_options;
    const owned = [];
    const free = () => { for (const p of owned) M._free(p); };
    try {
      const options = this.alloc(O);
      owned.push(options);
      M._anmkit_open_options_init(options);
      if (skeleton) {
        owned.push(this.cstring(skeleton));
        this.setU32(options + O.skeleton, owned[owned.length - 1]);
      }
      this.setF64(options + O.fps, fps);
      this.setF64(options + O.tick_hz, tickHz);
      if (volumes) this.setU32(options + this.volumesAt.open_options.volumes, 1);
      if (kinds) this.setU32(options + this.kindsAt.kinds, kinds);
      if (noMeshes) this.setU32(options + this.kindsAt.no_meshes, 1);
      if (files) this.setU32(options + this.filesAt.files, files.handle);
      if (referenceRoots.length) {
        const roots = M._malloc(4 * referenceRoots.length);
        owned.push(roots);
        referenceRoots.forEach((root, i) => {
          owned.push(this.cstring(root));
          this.setU32(roots + 4 * i, owned[owned.length - 1]);
        });
        this.setU32(options + this.rootsAt.reference_roots, roots);
        this.setU32(options + this.rootsAt.reference_root_count, referenceRoots.length);
      }
      if (textureDir) {
        owned.push(this.cstring(textureDir));
        this.setU32(options + this.figureAt.open_options.texture_dir, owned[owned.length - 1]);
      }
      return { pointer: options, free };
    } catch (error) {
      free();
      throw error;
    }
  }

  // Throws the error the last call left, when its status is not 0.
  check(status) {
    if (status === 0) return;
    const e = this.error;
    const E = this.L.error;
    const M = this.M;
    const code = this.i32(e + E.code);
    throw new AnmkitError(code, M.UTF8ToString(M._anmkit_status_name(code)), this.shown(M.UTF8ToString(e + E.file)),
                          this.i32(e + E.has_offset) ? this.u64(e + E.offset) : null, M.UTF8ToString(e + E.pointer),
                          this.shown(M.UTF8ToString(e + E.message)));
  }

  // The entries of a diagnostics list the library handed out (not freed here).
  // `words`: the page's words for settings a message names ({ texture_dir: 'the ... folder' }),
  // put in place of the library's (anmkit_diagnostic's settings and their places in the message).
  diagnostics(list, words = {}) {
    const M = this.M;
    const D = this.L.diagnostic;
    const d = this.alloc(D);
    try {
      const found = [];
      for (let i = 0; i < M._anmkit_diagnostics_count(list); ++i) {
        this.setU32(d + D.struct_size, D.sizeof);
        this.check(M._anmkit_diagnostics_get(list, i, d, this.error));
        found.push({
          severity: this.i32(d + D.severity) === 1 ? 'error' : 'warning',
          offset: this.i32(d + D.has_offset) ? this.u64(d + D.offset) : null,
          id: M.UTF8ToString(this.u32(d + D.id)),
          message: this.shown(this.worded(d, words)),
          pointer: M.UTF8ToString(this.u32(d + D.pointer)),
        });
      }
      return found;
    } finally {
      M._free(d);
    }
  }

  // The message of the diagnostic at `d`, each setting it names that `words` has in the page's words.
  worded(d, words) {
    const M = this.M;
    const S = this.figureAt.diagnostic;
    const message = this.u32(d + this.L.diagnostic.message);
    let end = message;
    while (M.HEAPU8[end]) ++end;
    const bytes = M.HEAPU8.subarray(message, end);
    const decode = (b) => new TextDecoder().decode(b);
    let text = '';
    let done = 0;
    let name = this.u32(d + S.settings);
    for (let i = 0; name && M.HEAPU8[name] && i < 4; ++i) {
      const setting = M.UTF8ToString(name);
      name += M.lengthBytesUTF8(setting) + 1;
      const at = this.u32(d + S.setting_at + 4 * i), size = this.u32(d + S.setting_size + 4 * i);
      if (!(setting in words) || at < done || at + size > bytes.length) continue;
      text += decode(bytes.subarray(done, at)) + words[setting];
      done = at + size;
    }
    return text + decode(bytes.subarray(done));
  }

  // A new set of files handed over (anmkit_files): free() it once the documents opened with it are.
  files() {
    return new Files(this);
  }

  // The model file at `path` in `files` (a Files) as a document (ANMKIT_KIND_MODEL) whose figure
  // is read with `textureDir` ("$/..." textures) and `volumes`: filesWanted() says what it still
  // needs of the files named without their bytes, figure() reads it. free() it.
  modelDocument(path, files, { textureDir = null, volumes = false } = {}) {
    const M = this.M;
    const p = this.cstring(path);
    const out = M._malloc(4);
    const options = this.openOptions({ textureDir, volumes, kinds: KIND_MODEL, files });
    try {
      M.HEAPU32[out >>> 2] = 0;
      this.check(M._anmkit_open_file(p, options.pointer, out, this.error));
      return new ModelDocument(this, this.u32(out));
    } finally {
      for (const q of [p, out]) M._free(q);
      options.free();
    }
  }

  // Makes the folder `path` in the module's file system, and the folders it is in, as needed.
  makeFolder(path) {
    const FS = this.M.FS;
    let dir = '';
    for (const part of path.split('/').filter(Boolean)) {
      dir += '/' + part;
      if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
    }
  }

  // Writes `bytes` at `path` in the module's file system (folders made as needed).
  writeFile(path, bytes) {
    this.makeFolder(path.slice(0, path.lastIndexOf('/') + 1));
    this.M.FS.writeFile(path, bytes);
  }

  detect(bytes) {
    const M = this.M;
    return this.withBuffers([bytes.length], (p) => {
      M.HEAPU8.set(bytes, p);
      const name = M._anmkit_detect(p, bytes.length);
      return name ? M.UTF8ToString(name) : null;
    });
  }

  // Opens the file at `path` (in the module's file system); `skeleton` a .mdl or .bin path there.
  open(path, { skeleton = null, tickHz = 0, fps = 0 } = {}) {
    const M = this.M;
    const options = this.openOptions({ skeleton, tickHz, fps });
    const p = this.cstring(path);
    try {
      const handle = this.withBuffers([4], (out) => {
        this.check(M._anmkit_open_file(p, options.pointer, out, this.error));
        return this.u32(out);
      });
      try {
        return new Document(this, handle, path);
      } catch (error) {
        M._anmkit_free(handle);
        throw error;
      }
    } finally {
      M._free(p);
      options.free();
    }
  }

  // The registered formats, as the registry knows them (name, skeletal, sprite, the model file's
  // extension without its dot, whether that file lists its animations).
  formats() {
    if (this.formatList) return this.formatList;
    const M = this.M;
    const F = this.L.format_info;
    const p = this.alloc(F);
    const list = [];
    try {
      while (M._anmkit_format_info_get(list.length, p, 0) === 0) {
        list.push({
          name: M.UTF8ToString(this.u32(p + F.name)), skeletal: this.i32(p + F.skeletal) === 1,
          sprite: this.i32(p + F.sprite) === 1, skeletonExtension: M.UTF8ToString(this.u32(p + F.skeleton_extension)).replace(/^\./, ''),
          listsAnimations: this.i32(p + F.skeleton_lists_animations) === 1,
        });
      }
    } finally {
      M._free(p);
    }
    this.formatList = list;
    return list;
  }

  // Every kind of file the formats read, as their entries register them: { format, name
  // ("animation", "model", "mesh", ...), extension (lower case, without its dot), opensAs
  // ("animation", "model", "resource", or null for a file no open takes: a texture) }.
  fileKinds() {
    if (this.fileKindList) return this.fileKindList;
    const M = this.M;
    const F = this.fileKindAt;
    const p = this.alloc(F);
    const opens = { 1: 'animation', 2: 'model', 4: 'resource' };
    const list = [];
    try {
      while (M._anmkit_file_kind_get(list.length, p, 0) === 0) {
        list.push({
          format: M.UTF8ToString(this.u32(p + F.format)), name: M.UTF8ToString(this.u32(p + F.name)),
          extension: M.UTF8ToString(this.u32(p + F.extension)).replace(/^\./, ''), opensAs: opens[this.u32(p + F.opens_as)] ?? null,
        });
      }
    } finally {
      M._free(p);
    }
    this.fileKindList = list;
    return list;
  }

  // The model file (in the module's file system) that gives the animation at `path` its
  // skeleton, by the library's one rule (anmkit_find_skeleton), or null.
  findSkeleton(path) {
    const M = this.M;
    const p = this.cstring(path);
    const out = M._malloc(24);  // model, model size, reason, reason text, its size, warnings
    M.HEAPU8.fill(0, out, out + 24);
    try {
      this.check(M._anmkit_find_skeleton(p, 0, 0, 0, out, out + 4, out + 8, out + 12, out + 16, out + 20, this.error));
      const model = this.u32(out) ? M.UTF8ToString(this.u32(out), this.u32(out + 4)) : null;
      const why = this.shown(this.name(this.u32(out + 12), this.u32(out + 16)));
      return model ? { model, why } : null;
    } finally {
      // What a failed call leaves is 0, which the frees take.
      M._anmkit_bytes_free(this.u32(out));
      M._anmkit_bytes_free(this.u32(out + 12));
      M._anmkit_diagnostics_free(this.u32(out + 20));
      M._free(p);
      M._free(out);
    }
  }

  // A model file (.mdl, .bin): { format, jointCount, sequences: [{ name, file, declaredBy, howNamed,
  // exists, path }] }: `file` as written, shown; `declaredBy` the joint whose block declares it
  // ('' when the format does not say); `howNamed` '' when the model names the file, else how it
  // was found ("paired by name"); `path` where the library finds it in the module's file system,
  // as the game on Windows would (`\\` a separator, letters in either case), or null when it
  // refuses the name (out of the model's folder and `referenceRoots`, or two files). Names are
  // shown as printable.js says; `path` is text (the module's file names are).
  model(path, { referenceRoots = [], files = null } = {}) {
    const M = this.M;
    const { model_sequence: S } = this.L;
    const p = this.cstring(path);
    const out = M._malloc(4);
    const s = this.alloc(S);
    // A model document (ANMKIT_KIND_MODEL), its meshes not read: what it is, its sequences.
    const options = this.openOptions({ referenceRoots, kinds: KIND_MODEL, noMeshes: true, files });
    const text = (at, size) => this.name(this.u32(s + at), this.u32(s + size));
    try {
      this.check(M._anmkit_open_file(p, options.pointer, out, this.error));
      const model = this.u32(out);
      try {
        const sequences = [];
        for (let i = 0; i < M._anmkit_sequence_count(model); ++i) {
          this.check(M._anmkit_sequence_get(model, i, s, this.error));
          const path = utf8OrNull(this.bytesAt(this.u32(s + S.path), this.u32(s + S.path_size)));
          sequences.push({ name: text(S.name, S.name_size), file: text(S.file, S.file_size),
                           declaredBy: text(S.declared_by, S.declared_by_size),
                           howNamed: text(this.howNamedAt.how_named, this.howNamedAt.how_named_size),
                           exists: this.i32(s + S.exists) === 1, path: path || null });
        }
        const said = M._malloc(8);  // its summary's JSON, and its size: the bone count
        M.HEAPU8.fill(0, said, said + 8);
        try {
          this.check(M._anmkit_summary(model, 1, said, said + 4, this.error));
          const summary = JSON.parse(new TextDecoder().decode(this.bytesAt(this.u32(said), this.u32(said + 4))));
          return { format: M.UTF8ToString(M._anmkit_format(model)), jointCount: summary.bone_count, sequences };
        } finally {
          M._anmkit_bytes_free(this.u32(said));
          M._free(said);
        }
      } finally {
        M._anmkit_free(model);
      }
    } finally {
      for (const q of [p, out, s]) M._free(q);
      options.free();
    }
  }
}

// Files handed to the library (anmkit_files): each named first (declare: a picked file, not read),
// its bytes added when the library wants them.
export class Files {
  constructor(kit) {
    this.kit = kit;
    const out = kit.M._malloc(4);
    try {
      kit.check(kit.M._anmkit_files_new(out, kit.error));
      this.handle = kit.u32(out);
    } finally {
      kit.M._free(out);
    }
  }

  declare(name) {
    const p = this.kit.cstring(name);
    try {
      this.kit.check(this.kit.M._anmkit_files_declare(this.handle, p, this.kit.error));
    } finally {
      this.kit.M._free(p);
    }
  }

  add(name, bytes) {
    const { kit } = this;
    const p = kit.cstring(name);
    kit.withBuffers([Math.max(1, bytes.length)], (data) => {
      kit.M.HEAPU8.set(bytes, data);
      try {
        kit.check(kit.M._anmkit_files_add(this.handle, p, data, bytes.length, kit.error));
      } finally {
        kit.M._free(p);
      }
    });
  }

  free() {
    if (this.handle) this.kit.M._anmkit_files_free(this.handle);
    this.handle = 0;
  }
}

// A model document read through files handed over (Anmkit.modelDocument).
export class ModelDocument {
  constructor(kit, handle) {
    this.kit = kit;
    this.handle = handle;
  }

  // The files its figure still needs, by their names in the Files (anmkit_document_files_wanted).
  filesWanted() {
    const { kit } = this;
    const M = kit.M;
    return kit.withBuffers([8], (out) => {
      M.HEAPU8.fill(0, out, out + 8);
      kit.check(M._anmkit_document_files_wanted(this.handle, out, out + 4, kit.error));
      const names = kit.u32(out);
      return Array.from({ length: kit.u32(out + 4) }, (_, i) => M.UTF8ToString(kit.u32(names + 4 * i)));
    });
  }

  // What it shows on its skeleton (anmkit_document_figure: GEM .mdl meshes, materials and decoded
  // textures; an LM .bin shows nothing): a Figure (its data copied out, its handle kept for mesh
  // animation until free()); the document and its files may be let go once it is read.
  figure() {
    const { kit } = this;
    const M = kit.M;
    const out = M._malloc(8);  // the figure, its warnings
    M.HEAPU8.fill(0, out, out + 8);
    let handle = 0;
    try {
      kit.check(M._anmkit_document_figure(this.handle, out, out + 4, kit.error));
      handle = kit.u32(out);
      const figure = new Figure(kit, handle, kit.diagnostics(kit.u32(out + 4), FIGURE_WORDS));
      handle = 0;
      return figure;
    } finally {
      if (handle) M._anmkit_figure_free(handle);
      M._anmkit_diagnostics_free(kit.u32(out + 4));
      M._free(out);
    }
  }

  free() {
    if (this.handle) this.kit.M._anmkit_free(this.handle);
    this.handle = 0;
  }
}

export class Document {
  constructor(kit, handle, path) {
    this.kit = kit;
    this.handle = handle;
    this.path = path;
    const M = kit.M;
    this.format = M.UTF8ToString(M._anmkit_format(handle));
    this.version = M.UTF8ToString(M._anmkit_version(handle));
    this.skeletal = M._anmkit_is_skeletal(handle) === 1;
    this.sprite = M._anmkit_is_sprite(handle) === 1;
    this.sampler = 0;
  }

  free() {
    if (this.sampler) this.kit.M._anmkit_sampler_free(this.sampler);
    if (this.handle) this.kit.M._anmkit_free(this.handle);
    if (this.poses) for (const p of Object.values(this.poses.pointers)) this.kit.M._free(p);
    this.handle = this.sampler = 0;
    this.poses = null;
    this.pens = null;
  }

  validate() {
    const { kit } = this;
    const M = kit.M;
    const out = M._malloc(4);
    M.HEAPU8.fill(0, out, out + 4);
    try {
      kit.check(M._anmkit_validate(this.handle, out, kit.error));
      return kit.diagnostics(kit.u32(out));
    } finally {
      M._anmkit_diagnostics_free(kit.u32(out));
      M._free(out);
    }
  }

  // What `anmkit info --json` says of the file (anmkit_summary), parsed: frames, bones, keys,
  // mesh keys and comments for GEM, nodes and keys for LM, the canvas and sequences for MM2.
  // Names in it are JSON text: bytes that are not UTF-8 as "hex:..." (jsonTextBytes).
  summary() {
    if (this.summaryInfo) return this.summaryInfo;
    const { kit } = this;
    const M = kit.M;
    const out = M._malloc(8);  // the text, its size
    M.HEAPU8.fill(0, out, out + 8);
    try {
      kit.check(M._anmkit_summary(this.handle, 1, out, out + 4, kit.error));
      this.summaryInfo = JSON.parse(new TextDecoder().decode(kit.bytesAt(kit.u32(out), kit.u32(out + 4))));
      return this.summaryInfo;
    } finally {
      M._anmkit_bytes_free(kit.u32(out));  // 0 after a failed call, which it takes
      M._free(out);
    }
  }

  // Bones (name, joint), joints (name, parent, rest, mirrored), frames, fps, loop, up axis.
  clip() {
    if (this.clipInfo) return this.clipInfo;
    const { kit } = this;
    const M = kit.M;
    const { clip_info: C, bone: B, joint: J } = kit.L;
    const p = kit.alloc(C), bone = kit.alloc(B), joint = kit.alloc(J);
    const f32s = (at, n) => Array.from({ length: n }, (_, i) => kit.f32(at + 4 * i));
    try {
      kit.check(M._anmkit_clip_info_get(this.handle, p, kit.error));
      const info = {
        boneCount: kit.u32(p + C.bone_count), jointCount: kit.u32(p + C.joint_count),
        frameCount: kit.u32(p + C.frame_count), loop: kit.i32(p + C.loop) === 1, fps: kit.f64(p + C.fps),
        upRotation: f32s(p + C.up_rotation, 4), metresPerUnit: kit.f32(p + C.metres_per_unit),
        toRightHanded: f32s(p + C.to_right_handed, 3),
        bones: [], joints: [],
      };
      for (let b = 0; b < info.boneCount; ++b) {
        kit.check(M._anmkit_bone_get(this.handle, b, bone, kit.error));
        info.bones.push({ name: kit.name(kit.u32(bone + B.name), kit.u32(bone + B.name_size)), joint: kit.i32(bone + B.joint) });
      }
      for (let j = 0; j < info.jointCount; ++j) {
        kit.check(M._anmkit_joint_get(this.handle, j, joint, kit.error));
        info.joints.push({
          name: kit.name(kit.u32(joint + J.name), kit.u32(joint + J.name_size)), parent: kit.i32(joint + J.parent),
          mirrored: kit.i32(joint + J.mirrored) === 1, translation: f32s(joint + J.translation, 3),
          rotation: f32s(joint + J.rotation, 4), scale: f32s(joint + J.scale, 3),
        });
      }
      this.clipInfo = info;
      return info;
    } finally {
      for (const q of [p, bone, joint]) M._free(q);
    }
  }

  // Every bone at `frame` into arrays the module owns (reused: no allocation per call). Returns
  // views { translation (3 a bone), rotation (x y z w), scale, visible, mirrored } valid until the
  // next call.
  sample(frame) {
    const { kit } = this;
    const M = kit.M;
    const n = this.clip().boneCount;
    if (!this.sampler) {
      this.sampler = kit.withBuffers([4], (out) => {
        kit.check(M._anmkit_sampler_new(this.handle, out, kit.error));
        return kit.u32(out);
      });
      // Owned by the document from here (free() releases them).
      const A = kit.L.pose_arrays;
      const pointers = {
        arrays: kit.alloc(A), translation: M._malloc(12 * n + 4), rotation: M._malloc(16 * n + 4),
        scale: M._malloc(12 * n + 4), visible: M._malloc(n + 4), mirrored: M._malloc(n + 4),
      };
      const a = pointers.arrays;
      kit.setU32(a + A.capacity, n);
      for (const array of ['translation', 'rotation', 'scale', 'visible', 'mirrored']) kit.setU32(a + A[array], pointers[array]);
      this.poses = { pointers };
    }
    const p = this.poses.pointers;
    kit.check(M._anmkit_sample(this.sampler, frame, p.arrays, kit.error));
    const buffer = M.HEAPU8.buffer; // after any memory growth
    return {
      translation: new Float32Array(buffer, p.translation, 3 * n), rotation: new Float32Array(buffer, p.rotation, 4 * n),
      scale: new Float32Array(buffer, p.scale, 3 * n), visible: new Uint8Array(buffer, p.visible, n),
      mirrored: new Uint8Array(buffer, p.mirrored, n),
    };
  }

  // The sprite: canvas size, palette (RGBA bytes), stored frames (drawn rect, own size),
  // sequences of { state, ticks }, tick rate. Pixels are not read here: a 4096 x 4096 sprite has
  // 16 MB of pens a state, so `statePens(k)` and `framePens(f)` read one picture when it is shown.
  spriteData() {
    if (this.spriteInfo) return this.spriteInfo;
    const { kit } = this;
    const M = kit.M;
    const { sprite_info: I, rect: R, sprite_step: S } = kit.L;
    const rect = (at) => [R.x, R.y, R.width, R.height].map((offset) => kit.u32(at + offset));
    const s = kit.withBuffers([I.sizeof], (p) => {
      M.HEAPU8.fill(0, p, p + I.sizeof);
      kit.setU32(p + I.struct_size, I.sizeof);
      kit.check(M._anmkit_sprite_info_get(this.handle, p, kit.error));
      return {
        width: kit.u32(p + I.width), height: kit.u32(p + I.height), frameCount: kit.u32(p + I.frame_count),
        stateCount: kit.u32(p + I.state_count), sequenceCount: kit.u32(p + I.sequence_count),
        paletteSize: kit.u32(p + I.palette_size), planes: kit.u32(p + I.planes), tickHz: kit.f64(p + I.tick_hz),
        frames: [], sequences: [],
        statePens: (k) => this.statePens(k), framePens: (f) => this.framePens(f),
      };
    });
    s.palette = kit.withBuffers([s.paletteSize * 4], (palette) => {
      kit.check(M._anmkit_sprite_palette(this.handle, palette, s.paletteSize * 4, kit.error));
      return kit.bytesAt(palette, s.paletteSize * 4);
    });
    for (let f = 0; f < s.frameCount; ++f) {
      s.frames.push(kit.withBuffers([2 * R.sizeof], (rects) => {
        kit.check(M._anmkit_sprite_frame_rect(this.handle, f, rects, rects + R.sizeof, kit.error));
        const drawn = rect(rects);
        const size = rect(rects + R.sizeof);
        return { x: drawn[0], y: drawn[1], drawnWidth: drawn[2], drawnHeight: drawn[3], width: size[2], height: size[3] };
      }));
    }
    for (let q = 0; q < s.sequenceCount; ++q) {
      const n = kit.withBuffers([4], (count) => {
        kit.check(M._anmkit_sprite_sequence(this.handle, q, 0, 0, count, kit.error));
        return kit.u32(count);
      });
      s.sequences.push(kit.withBuffers([S.sizeof * n, 4], (steps, count) => {
        kit.check(M._anmkit_sprite_sequence(this.handle, q, steps, n, count, kit.error));
        return Array.from({ length: n }, (_, i) => ({ state: kit.u32(steps + S.sizeof * i + S.state),
                                                       ticks: kit.u32(steps + S.sizeof * i + S.ticks) }));
      }));
    }
    this.spriteInfo = s;
    return s;
  }

  // The pens of composed state `k` (canvas size, a pen a byte). The last picture read is kept, so
  // that a redraw (another zoom) reads nothing again.
  statePens(k) {
    const s = this.spriteData();
    return this.picturePens(`state ${k}`, s.width * s.height,
                            (pens, size) => this.kit.M._anmkit_sprite_state_pixels(this.handle, k, pens, size, this.kit.error));
  }

  // The pens of stored frame `f` (its own size).
  framePens(f) {
    const frame = this.spriteData().frames[f];
    return this.picturePens(`frame ${f}`, frame.width * frame.height,
                            (pens, size) => this.kit.M._anmkit_sprite_frame_pixels(this.handle, f, pens, size, this.kit.error));
  }

  picturePens(key, size, read) {
    if (this.pens && this.pens.key === key) return this.pens.bytes;
    if (!this.handle) throw new Error('the document was closed');
    const bytes = this.kit.withBuffers([size], (pens) => {
      this.kit.check(read(pens, size));
      return this.kit.bytesAt(pens, size);
    });
    this.pens = { key, bytes };
    return bytes;
  }
}

// What a model shows (anmkit_figure): its joints' names, meshes, materials and textures, copied out
// of the module when it is opened (three.js keeps its own arrays), and its mesh animations added
// on demand (addMeshAnimation), which need the library's figure: the handle is kept until free().
//   joints     [name]
//   meshes     [{ name, joint, shown, vertexCount, positions, normals, uvs (Float32Array or null),
//                 skin (Int32Array of joints, null for a rigid mesh), joints (Uint16Array, 4 a vertex),
//                 weights (Float32Array, 4 a vertex), primitives: [{ indices (Uint32Array), material }],
//                 collision (a collision volume: named after its {Volume}, no normals or uvs) }]
//   materials  [{ name, baseColour [r, g, b, a], baseTexture, normalTexture, alphaMode, alphaCutoff, doubleSided }]
//   textures   [{ name, path, width, height, rgba (Uint8Array, top row first, or null: not found) }]
//   warnings   the library's diagnostics: what is missing and why (id "model.figure")
export class Figure {
  constructor(kit, handle, warnings) {
    this.kit = kit;
    this.handle = handle;
    this.warnings = warnings;
    const M = kit.M;
    const { joint: J, mesh: S, primitive: P, material: T, texture: X } = kit.figureAt;
    const copy = (Type, p, n) => (p ? new Type(M.HEAPU8.buffer.slice(p, p + n * Type.BYTES_PER_ELEMENT)) : null);
    const read = (layout, get) => {
      const p = kit.alloc(layout);
      try {
        return get(p);
      } finally {
        M._free(p);
      }
    };
    this.joints = read(J, (p) => Array.from({ length: M._anmkit_figure_joint_count(handle) }, (_, i) => {
      kit.check(M._anmkit_figure_joint_get(handle, i, p, kit.error));
      return kit.name(kit.u32(p + J.name), kit.u32(p + J.name_size));
    }));
    this.meshes = read(S, (p) => read(P, (q) => Array.from({ length: M._anmkit_figure_mesh_count(handle) }, (_, i) => {
      kit.check(M._anmkit_figure_mesh_get(handle, i, p, kit.error));
      const n = kit.u32(p + S.vertex_count);
      const skinned = kit.u32(p + S.skin_size) > 0;
      const mesh = {
        name: kit.name(kit.u32(p + S.name), kit.u32(p + S.name_size)), joint: kit.i32(p + S.joint),
        shown: kit.i32(p + S.shown) === 1, vertexCount: n, positions: copy(Float32Array, kit.u32(p + S.positions), 3 * n),
        normals: copy(Float32Array, kit.u32(p + S.normals), 3 * n), uvs: copy(Float32Array, kit.u32(p + S.uvs), 2 * n),
        skin: skinned ? copy(Int32Array, kit.u32(p + S.skin), kit.u32(p + S.skin_size)) : null,
        joints: skinned ? copy(Uint16Array, kit.u32(p + S.joints), 4 * n) : null,
        weights: skinned ? copy(Float32Array, kit.u32(p + S.weights), 4 * n) : null,
        primitives: [], collision: kit.i32(p + kit.volumesAt.mesh.collision) === 1,
      };
      const primitives = kit.u32(p + S.primitive_count);
      for (let k = 0; k < primitives; ++k) {
        kit.check(M._anmkit_figure_primitive_get(handle, i, k, q, kit.error));
        mesh.primitives.push({ indices: copy(Uint32Array, kit.u32(q + P.indices), kit.u32(q + P.index_count)) || new Uint32Array(0),
                               material: kit.i32(q + P.material) });
      }
      return mesh;
    })));
    this.materials = read(T, (p) => Array.from({ length: M._anmkit_figure_material_count(handle) }, (_, i) => {
      kit.check(M._anmkit_figure_material_get(handle, i, p, kit.error));
      return {
        name: kit.name(kit.u32(p + T.name), kit.u32(p + T.name_size)),
        baseColour: [0, 1, 2, 3].map((c) => kit.f32(p + T.base_colour + 4 * c)), baseTexture: kit.i32(p + T.base_texture),
        normalTexture: kit.i32(p + T.normal_texture), alphaMode: kit.i32(p + T.alpha_mode), alphaCutoff: kit.f32(p + T.alpha_cutoff),
        doubleSided: kit.i32(p + T.double_sided) === 1,
      };
    }));
    this.textures = read(X, (p) => Array.from({ length: M._anmkit_figure_texture_count(handle) }, (_, i) => {
      kit.check(M._anmkit_figure_texture_get(handle, i, p, kit.error));
      const rgba = kit.u32(p + X.rgba);
      return {
        name: kit.name(kit.u32(p + X.name), kit.u32(p + X.name_size)), path: kit.name(kit.u32(p + X.path), kit.u32(p + X.path_size)),
        width: kit.u32(p + X.width), height: kit.u32(p + X.height), rgba: rgba ? copy(Uint8Array, rgba, kit.u32(p + X.rgba_size)) : null,
      };
    }));
  }

  free() {
    if (this.handle) this.kit.M._anmkit_figure_free(this.handle);
    this.handle = 0;
  }

  // The mesh animation of `document`'s clip (anmkit_figure_add_mesh_animation: GEM's MESH keys as
  // morph targets): { morphs: [{ mesh, keys: [{ frame, target }], targets: Map(target -> { name,
  // positions, normals }) }], warnings }. Per mesh, from each key's frame on, until the next, the
  // mesh shows its target in full (its own shape for -1). The targets are the differences from the
  // mesh's positions and normals, copied out; only those the keys show are read.
  addMeshAnimation(document, name = null) {
    const { kit } = this;
    const M = kit.M;
    if (!this.handle) throw new Error('the figure was closed');
    const { mesh_morphs: R, morph_key: K, morph_target: G } = kit.figureAt;
    const p = name === null ? 0 : kit.cstring(name);
    const out = M._malloc(8);  // the animation's index, its warnings
    M.HEAPU8.fill(0, out, out + 8);
    const m = kit.alloc(R);
    const t = kit.alloc(G);
    try {
      kit.check(M._anmkit_figure_add_mesh_animation(this.handle, document.handle, p, out, out + 4, kit.error));
      const animation = kit.u32(out);
      const warnings = kit.diagnostics(kit.u32(out + 4));
      const morphs = [];
      for (let i = 0; i < M._anmkit_figure_morphs_count(this.handle, animation); ++i) {
        kit.check(M._anmkit_figure_morphs_get(this.handle, animation, i, m, kit.error));
        const keysAt = kit.u32(m + R.keys);
        const keys = Array.from({ length: kit.u32(m + R.key_count) }, (_, k) => (
          { frame: kit.u32(keysAt + K.sizeof * k + K.frame), target: kit.i32(keysAt + K.sizeof * k + K.target) }));
        const mesh = kit.u32(m + R.mesh);
        const targets = new Map();
        for (const { target } of keys) {
          if (target < 0 || targets.has(target)) continue;
          kit.check(M._anmkit_figure_target_get(this.handle, mesh, target, t, kit.error));
          const n = kit.u32(t + G.vertex_count);
          const positions = kit.u32(t + G.positions);
          const normals = kit.u32(t + G.normals);
          targets.set(target, {
            name: kit.name(kit.u32(t + G.name), kit.u32(t + G.name_size)),
            positions: new Float32Array(M.HEAPU8.buffer.slice(positions, positions + 12 * n)),
            normals: normals ? new Float32Array(M.HEAPU8.buffer.slice(normals, normals + 12 * n)) : null,
          });
        }
        morphs.push({ mesh, keys, targets });
      }
      return { morphs, warnings };
    } finally {
      M._anmkit_diagnostics_free(kit.u32(out + 4));
      for (const q of [p, out, m, t]) if (q) M._free(q);
    }
  }
}
