// anmkit's C API (include/anmkit/anmkit.h) as the WebAssembly module exposes it, wrapped for the
// page: documents opened from the module's in-memory file system (dropped files are written there
// when first opened), errors thrown as AnmkitError. The struct layouts below are wasm32's (size_t
// and pointers 4 bytes, uint64_t and double 8-aligned; docs/wasm.md has the table). The open
// options' size is checked at start-up (the one struct here with an init function); a moved field
// elsewhere is caught by Viewer.Page, which compares what the page shows with the native library.

const ERROR_SIZE = 2320; // int32 code, has_offset; uint64 offset; char pointer[256], file[1024], message[1024]
const LAYOUT = { open_options: 72, diagnostic: 40, clip_info: 56, bone: 16, joint: 60, pose_arrays: 28, sprite_info: 40 };

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
  constructor(M) {
    this.M = M;
    this.error = M._malloc(ERROR_SIZE);
    const probe = M._malloc(128);
    const sizes = {
      open_options: () => { M._anmkit_open_options_init(probe); return this.u32(probe); },
    };
    for (const [name, read] of Object.entries(sizes)) {
      if (read() !== LAYOUT[name]) throw new Error(`anmkit.h changed: ${name} is ${read()} bytes, the page expects ${LAYOUT[name]}`);
    }
    M._free(probe);
    this.version = M.UTF8ToString(M._anmkit_library_version());
  }

  u8(p) { return this.M.HEAPU8[p]; }
  u32(p) { return this.M.HEAPU32[p >>> 2]; }
  i32(p) { return this.M.HEAP32[p >>> 2]; }
  f32(p) { return this.M.HEAPF32[p >>> 2]; }
  f64(p) { return new Float64Array(this.M.HEAPU8.buffer, p, 1)[0]; }
  u64(p) { return this.u32(p) + this.u32(p + 4) * 4294967296; }
  setU32(p, v) { this.M.HEAPU32[p >>> 2] = v; }

  cstring(text) {
    const size = this.M.lengthBytesUTF8(text) + 1;
    const p = this.M._malloc(size);
    this.M.stringToUTF8(text, p, size);
    return p;
  }

  // Throws the error the last call left, when its status is not 0.
  check(status) {
    if (status === 0) return;
    const e = this.error;
    const M = this.M;
    throw new AnmkitError(this.i32(e), M.UTF8ToString(M._anmkit_status_name(this.i32(e))), M.UTF8ToString(e + 272),
                          this.i32(e + 4) ? this.u64(e + 8) : null, M.UTF8ToString(e + 16), M.UTF8ToString(e + 1296));
  }

  // Writes `bytes` at `path` in the module's file system (folders made as needed).
  writeFile(path, bytes) {
    const FS = this.M.FS;
    const parts = path.split('/').filter(Boolean);
    let dir = '';
    for (const part of parts.slice(0, -1)) {
      dir += '/' + part;
      if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
    }
    FS.writeFile(path, bytes);
  }

  detect(bytes) {
    const M = this.M;
    const p = M._malloc(Math.max(1, bytes.length));
    M.HEAPU8.set(bytes, p);
    const name = M._anmkit_detect(p, bytes.length);
    M._free(p);
    return name ? M.UTF8ToString(name) : null;
  }

  // Opens the file at `path` (in the module's file system); `skeleton` a .mdl or .bin path there.
  open(path, { skeleton = null, tickHz = 0, fps = 0 } = {}) {
    const M = this.M;
    const options = M._malloc(LAYOUT.open_options);
    M._anmkit_open_options_init(options);
    const strings = [this.cstring(path)];
    if (skeleton) {
      strings.push(this.cstring(skeleton));
      this.setU32(options + 44, strings[1]);
    }
    new Float64Array(M.HEAPU8.buffer, options + 48, 2).set([fps, tickHz]);
    const out = M._malloc(4);
    try {
      this.check(M._anmkit_open_file(strings[0], options, out, this.error));
      return new Document(this, this.u32(out), path);
    } finally {
      for (const s of strings) M._free(s);
      M._free(options);
      M._free(out);
    }
  }

  // What `anmkit info MODEL --json` prints of a .mdl or .bin, parsed.
  modelSummary(path) {
    const M = this.M;
    const p = this.cstring(path);
    const out = M._malloc(8);
    try {
      this.check(M._anmkit_model_summary(p, 0, 1, out, out + 4, this.error));
      const text = M.UTF8ToString(this.u32(out), this.u32(out + 4));
      M._anmkit_bytes_free(this.u32(out));
      return JSON.parse(text);
    } finally {
      M._free(p);
      M._free(out);
    }
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
  }

  validate() {
    const { kit } = this;
    const M = kit.M;
    const out = M._malloc(4);
    const d = M._malloc(LAYOUT.diagnostic);
    try {
      kit.check(M._anmkit_validate(this.handle, out, kit.error));
      const list = kit.u32(out);
      const found = [];
      for (let i = 0; i < M._anmkit_diagnostics_count(list); ++i) {
        kit.setU32(d, LAYOUT.diagnostic);
        kit.check(M._anmkit_diagnostics_get(list, i, d, kit.error));
        found.push({
          severity: kit.i32(d + 4) === 1 ? 'error' : 'warning',
          offset: kit.i32(d + 8) ? kit.u64(d + 16) : null,
          id: M.UTF8ToString(kit.u32(d + 24)),
          message: M.UTF8ToString(kit.u32(d + 28)),
          pointer: M.UTF8ToString(kit.u32(d + 32)),
        });
      }
      M._anmkit_diagnostics_free(list);
      return found;
    } finally {
      M._free(out);
      M._free(d);
    }
  }

  // Bones (name, joint), joints (name, parent, rest, mirrored), frames, fps, loop, up axis.
  clip() {
    if (this.clipInfo) return this.clipInfo;
    const { kit } = this;
    const M = kit.M;
    const p = M._malloc(64);
    try {
      kit.setU32(p, LAYOUT.clip_info);
      kit.check(M._anmkit_clip_info_get(this.handle, p, kit.error));
      const info = {
        boneCount: kit.u32(p + 4), jointCount: kit.u32(p + 8), frameCount: kit.u32(p + 12), loop: kit.i32(p + 16) === 1,
        fps: kit.f64(p + 24), upRotation: [0, 1, 2, 3].map((i) => kit.f32(p + 32 + 4 * i)), metresPerUnit: kit.f32(p + 48),
        bones: [], joints: [],
      };
      for (let b = 0; b < info.boneCount; ++b) {
        kit.setU32(p, LAYOUT.bone);
        kit.check(M._anmkit_bone_get(this.handle, b, p, kit.error));
        info.bones.push({ name: M.UTF8ToString(kit.u32(p + 4), kit.u32(p + 8)), joint: kit.i32(p + 12) });
      }
      for (let j = 0; j < info.jointCount; ++j) {
        kit.setU32(p, LAYOUT.joint);
        kit.check(M._anmkit_joint_get(this.handle, j, p, kit.error));
        info.joints.push({
          name: M.UTF8ToString(kit.u32(p + 4), kit.u32(p + 8)), parent: kit.i32(p + 12), mirrored: kit.i32(p + 16) === 1,
          translation: [0, 1, 2].map((i) => kit.f32(p + 20 + 4 * i)),
          rotation: [0, 1, 2, 3].map((i) => kit.f32(p + 32 + 4 * i)),
          scale: [0, 1, 2].map((i) => kit.f32(p + 48 + 4 * i)),
        });
      }
      this.clipInfo = info;
      return info;
    } finally {
      M._free(p);
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
      const out = M._malloc(4);
      kit.check(M._anmkit_sampler_new(this.handle, out, kit.error));
      this.sampler = kit.u32(out);
      M._free(out);
      const pointers = {
        arrays: M._malloc(LAYOUT.pose_arrays), translation: M._malloc(12 * n + 4), rotation: M._malloc(16 * n + 4),
        scale: M._malloc(12 * n + 4), visible: M._malloc(n + 4), mirrored: M._malloc(n + 4),
      };
      const a = pointers.arrays;
      [LAYOUT.pose_arrays, n, pointers.translation, pointers.rotation, pointers.scale, pointers.visible, pointers.mirrored]
        .forEach((v, i) => kit.setU32(a + 4 * i, v));
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

  // The sprite: canvas size, palette (RGBA bytes), stored frames (pens, drawn rect, own size),
  // composed states (pens), sequences of { state, ticks }, tick rate.
  spriteData() {
    if (this.spriteInfo) return this.spriteInfo;
    const { kit } = this;
    const M = kit.M;
    const p = M._malloc(64);
    const copy = (pointer, size) => M.HEAPU8.slice(pointer, pointer + size);
    try {
      kit.setU32(p, LAYOUT.sprite_info);
      kit.check(M._anmkit_sprite_info_get(this.handle, p, kit.error));
      const s = {
        width: kit.u32(p + 4), height: kit.u32(p + 8), frameCount: kit.u32(p + 12), stateCount: kit.u32(p + 16),
        sequenceCount: kit.u32(p + 20), paletteSize: kit.u32(p + 24), planes: kit.u32(p + 28), tickHz: kit.f64(p + 32),
        frames: [], states: [], sequences: [],
      };
      const palette = M._malloc(s.paletteSize * 4);
      kit.check(M._anmkit_sprite_palette(this.handle, palette, s.paletteSize * 4, kit.error));
      s.palette = copy(palette, s.paletteSize * 4);
      M._free(palette);
      for (let f = 0; f < s.frameCount; ++f) {
        const rects = M._malloc(32);
        kit.check(M._anmkit_sprite_frame_rect(this.handle, f, rects, rects + 16, kit.error));
        const drawn = [0, 1, 2, 3].map((i) => kit.u32(rects + 4 * i));
        const size = [0, 1, 2, 3].map((i) => kit.u32(rects + 16 + 4 * i));
        M._free(rects);
        const bytes = size[2] * size[3];
        const pens = M._malloc(Math.max(1, bytes));
        kit.check(M._anmkit_sprite_frame_pixels(this.handle, f, pens, bytes, kit.error));
        s.frames.push({ x: drawn[0], y: drawn[1], drawnWidth: drawn[2], drawnHeight: drawn[3], width: size[2], height: size[3],
                        pens: copy(pens, bytes) });
        M._free(pens);
      }
      const canvas = s.width * s.height;
      for (let k = 0; k < s.stateCount; ++k) {
        const pens = M._malloc(Math.max(1, canvas));
        kit.check(M._anmkit_sprite_state_pixels(this.handle, k, pens, canvas, kit.error));
        s.states.push(copy(pens, canvas));
        M._free(pens);
      }
      const count = M._malloc(4);
      for (let q = 0; q < s.sequenceCount; ++q) {
        kit.check(M._anmkit_sprite_sequence(this.handle, q, 0, 0, count, kit.error));
        const n = kit.u32(count);
        const steps = M._malloc(Math.max(1, 8 * n));
        kit.check(M._anmkit_sprite_sequence(this.handle, q, steps, n, count, kit.error));
        const list = [];
        for (let i = 0; i < n; ++i) list.push({ state: kit.u32(steps + 8 * i), ticks: kit.u32(steps + 8 * i + 4) });
        s.sequences.push(list);
        M._free(steps);
      }
      M._free(count);
      this.spriteInfo = s;
      return s;
    } finally {
      M._free(p);
    }
  }
}
