// The WebAssembly module (build/viewer/anmkit_wasm.js) in Node, as a page uses it: every
// function of anmkit.h and the runtime's helpers are on the module object, files are written into
// its MEMFS and opened by path. What it makes of each input is written into OUT_DIR, for
// wasm_test.sh to compare with what the native library makes of the same files
// (native_outputs.py): the same names, the same bytes.
//
// Usage: node module_test.js MODULE.js ANMKIT_H OUT_DIR INPUT...
//   INPUT: .anm files (a .bin of the same name beside one is also given as its skeleton) and
//   .mdl files (with every file of their folder, which they name).
'use strict';
const fs = require('fs');
const path = require('path');

const [modulePath, header, outDir, ...inputs] = process.argv.slice(2);
if (!inputs.length) {
  console.error('usage: node module_test.js MODULE.js ANMKIT_H OUT_DIR INPUT...');
  process.exit(2);
}

let checks = 0;
let failures = 0;
function check(condition, what) {
  ++checks;
  if (!condition) {
    ++failures;
    console.error('failed: ' + what);
  }
}

function run(M) {
  // Struct sizes and offsets from the module's own layout (Wasm.LayoutIsTheHeaders checks it
  // against anmkit.h): S.open_options.sizeof, S.open_options.skeleton (an offset), ...
  const S = {};
  for (const s of JSON.parse(M.UTF8ToString(M._anmkit_abi_layout())).structs) {
    S[s.name.replace('anmkit_', '')] = Object.fromEntries([...s.fields.map(f => [f.name, f.offset]), ['sizeof', s.size]]);
  }

  // The exports: the header's functions, malloc and free, the runtime's helpers, the heaps.
  const names = [...fs.readFileSync(header, 'utf8').matchAll(/^ANMKIT_API [^(]*?\b(anmkit_\w+)\(/gm)].map(m => m[1]);
  check(names.length >= 40, `anmkit.h declares ${names.length} functions`);
  for (const name of names) check(typeof M['_' + name] === 'function', `_${name} is exported`);
  for (const name of ['_malloc', '_free', 'ccall', 'cwrap', 'UTF8ToString', 'stringToUTF8', 'lengthBytesUTF8',
                      'getValue', 'setValue']) {
    check(typeof M[name] === 'function', `${name} is exported`);
  }
  check(M.FS && typeof M.FS.writeFile === 'function' && typeof M.FS.mkdirTree === 'function', 'FS is exported');
  for (const heap of ['HEAP8', 'HEAPU8', 'HEAP16', 'HEAPU16', 'HEAP32', 'HEAPU32', 'HEAPF32', 'HEAPF64']) {
    check(M[heap] && M[heap].buffer === M.HEAPU8.buffer, `${heap} is on the module`);
  }
  check(/^\d+\.\d+\.\d+$/.test(M.UTF8ToString(M._anmkit_library_version())), 'anmkit_library_version');
  check(M.ccall('anmkit_status_name', 'string', ['number'], [4]) === 'bad_value', 'anmkit_status_name');

  const error = M._malloc(S.error.sizeof);
  const out = M._malloc(16);  // out pointers and sizes
  const u32 = address => M.HEAPU32[address >> 2];  // read the heap anew: it may have grown
  const failed = what => `${what}: ${M.UTF8ToString(error + S.error.message)}`;
  const write = (name, data) => fs.writeFileSync(path.join(outDir, name), data);
  // A function that hands out bytes (pointer, size), as a copy; freed with anmkit_bytes_free.
  const takeBytes = (status, what) => {
    check(status === 0, failed(what));
    if (status !== 0) return Buffer.alloc(0);
    const data = u32(out), size = u32(out + 4);
    const copy = Buffer.from(M.HEAPU8.slice(data, data + size));
    M._anmkit_bytes_free(data);
    return copy;
  };
  const diagnosticsText = list => {
    const D = S.diagnostic;
    const item = M._malloc(D.sizeof);
    let text = '';
    for (let i = 0; i < M._anmkit_diagnostics_count(list); ++i) {
      M.HEAPU32[(item + D.struct_size) >> 2] = D.sizeof;
      check(M._anmkit_diagnostics_get(list, i, item, error) === 0, failed('anmkit_diagnostics_get'));
      const severity = M.HEAP32[(item + D.severity) >> 2] === 1 ? 'error' : 'warning';
      const where = M.HEAP32[(item + D.has_offset) >> 2] ? String(u32(item + D.offset) + u32(item + D.offset + 4) * 2 ** 32)
                                                         : M.UTF8ToString(u32(item + D.pointer));
      text += `${where}: ${severity}: ${M.UTF8ToString(u32(item + D.id))}: ${M.UTF8ToString(u32(item + D.message))}\n`;
    }
    M._free(item);
    M._anmkit_diagnostics_free(list);
    return text;
  };

  // Every input's folder, whole, at the same path in MEMFS: messages name the same files.
  for (const dir of new Set(inputs.map(input => path.dirname(path.resolve(input))))) {
    M.FS.mkdirTree(dir);
    for (const entry of fs.readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (fs.statSync(file).isFile()) M.FS.writeFile(file, fs.readFileSync(file));
    }
  }

  for (const input of inputs.map(i => path.resolve(i))) {
    const base = path.basename(input);
    if (input.endsWith('.mdl')) {
      // The model as a document of its kind (ANMKIT_KIND_MODEL): its summary as `info` prints it.
      const options = M._malloc(S.open_options.sizeof);
      M._anmkit_open_options_init(options);
      M.HEAPU32[(options + S.open_options.kinds) >> 2] = 2;
      const opened = M.ccall('anmkit_open_file', 'number', ['string', 'number', 'number', 'number'], [input, options, out, error]);
      M._free(options);
      check(opened === 0, failed(`anmkit_open_file ${base} as a model`));
      if (opened === 0) {
        const model = u32(out);
        check(M.UTF8ToString(M._anmkit_kind(model)) === 'model', `anmkit_kind ${base}`);
        for (const asJson of [0, 1]) {
          write(`${base}.summary.${asJson ? 'json' : 'txt'}`,
                takeBytes(M._anmkit_summary(model, asJson, out, out + 4, error), `anmkit_summary ${base}`));
        }
        M._anmkit_free(model);
      }
      const status = M.ccall('anmkit_model_to_gltf', 'number', ['string', 'number', 'number', 'number', 'number', 'number', 'number'],
                             [input, 0, 1, out, out + 4, out + 8, error]);
      const warnings = u32(out + 8);
      write(`${base}.glb`, takeBytes(status, `anmkit_model_to_gltf ${base}`));
      if (status === 0) write(`${base}.warnings.txt`, diagnosticsText(warnings));
      continue;
    }
    const skeletons = [null];
    const bin = input.replace(/\.anm$/, '.bin');
    if (bin !== input && fs.existsSync(bin)) skeletons.push(bin);
    for (const skeleton of skeletons) {
      const name = skeleton ? `${base}+${path.basename(skeleton)}` : base;
      const options = M._malloc(S.open_options.sizeof);
      M._anmkit_open_options_init(options);
      check(u32(options + S.open_options.struct_size) === S.open_options.sizeof, 'anmkit_open_options_init sets its size');
      const skeletonPath = skeleton ? M._malloc(M.lengthBytesUTF8(skeleton) + 1) : 0;
      if (skeleton) {
        M.stringToUTF8(skeleton, skeletonPath, M.lengthBytesUTF8(skeleton) + 1);
        M.HEAPU32[(options + S.open_options.skeleton) >> 2] = skeletonPath;
      }
      const opened = M.ccall('anmkit_open_file', 'number', ['string', 'number', 'number', 'number'],
                             [input, options, out, error]);
      check(opened === 0, failed(`anmkit_open_file ${name}`));
      if (opened !== 0) {
        M._free(options);
        continue;
      }
      const doc = u32(out);
      write(`${name}.format.txt`, `${M.UTF8ToString(M._anmkit_format(doc))} ${M.UTF8ToString(M._anmkit_version(doc))}\n`);
      const json = takeBytes(M._anmkit_to_json(doc, 1, out, out + 4, error), `anmkit_to_json ${name}`);
      write(`${name}.json`, json);
      write(`${name}.compact.json`, takeBytes(M._anmkit_to_json(doc, 0, out, out + 4, error), `anmkit_to_json ${name}`));
      write(`${name}.summary.txt`, takeBytes(M._anmkit_summary(doc, 0, out, out + 4, error), `anmkit_summary ${name}`));
      write(`${name}.summary.json`, takeBytes(M._anmkit_summary(doc, 1, out, out + 4, error), `anmkit_summary ${name}`));
      const bytes = takeBytes(M._anmkit_write(doc, out, out + 4, error), `anmkit_write ${name}`);
      check(bytes.equals(fs.readFileSync(input)), `${name}: anmkit_write gives the input's bytes`);
      check(M._anmkit_validate(doc, out, error) === 0, failed(`anmkit_validate ${name}`));
      write(`${name}.validate.txt`, diagnosticsText(u32(out)));

      // The dump read back (from_json) writes the same bytes.
      const jsonAt = M._malloc(json.length);
      M.HEAPU8.set(json, jsonAt);
      const rebuilt = M.ccall('anmkit_from_json', 'number', ['number', 'number', 'string', 'number', 'number', 'number'],
                              [jsonAt, json.length, name, options, out, error]);
      M._free(jsonAt);
      check(rebuilt === 0, failed(`anmkit_from_json ${name}`));
      if (rebuilt === 0) {
        const again = u32(out);
        check(takeBytes(M._anmkit_write(again, out, out + 4, error), 'anmkit_write').equals(bytes),
              `${name}: the dump read back writes the same bytes`);
        M._anmkit_free(again);
      }

      if (M._anmkit_is_skeletal(doc)) {
        write(`${name}.glb`, takeBytes(M._anmkit_to_gltf(doc, 1, out, out + 4, error), `anmkit_to_gltf ${name}`));
        // Every whole frame of every bone: translation, rotation, scale, visible, mirrored.
        const info = M._malloc(S.clip_info.sizeof);
        M.HEAPU32[(info + S.clip_info.struct_size) >> 2] = S.clip_info.sizeof;
        check(M._anmkit_clip_info_get(doc, info, error) === 0, failed(`anmkit_clip_info_get ${name}`));
        const frameCount = u32(info + S.clip_info.frame_count);
        const entries = u32(info + S.clip_info.bone_count) * frameCount;
        M._free(info);
        check(M._anmkit_sampler_new(doc, out, error) === 0, failed(`anmkit_sampler_new ${name}`));
        const sampler = u32(out);
        const widths = [12, 16, 12, 1, 1];  // bytes an entry, array by array
        const arrays = widths.map(w => M._malloc(Math.max(1, w * entries)));
        const P = S.pose_arrays;
        const pose = M._malloc(P.sizeof);
        M.HEAPU8.fill(0, pose, pose + P.sizeof);
        M.HEAPU32[(pose + P.struct_size) >> 2] = P.sizeof;
        M.HEAPU32[(pose + P.capacity) >> 2] = entries;
        ['translation', 'rotation', 'scale', 'visible', 'mirrored'].forEach((a, i) => { M.HEAPU32[(pose + P[a]) >> 2] = arrays[i]; });
        check(M._anmkit_sample_frames(sampler, 0, frameCount, pose, error) === 0, failed(`anmkit_sample_frames ${name}`));
        write(`${name}.poses`, Buffer.concat(arrays.map((at, i) => Buffer.from(M.HEAPU8.slice(at, at + widths[i] * entries)))));
        arrays.forEach(at => M._free(at));
        M._free(pose);
        M._anmkit_sampler_free(sampler);
      }
      M._anmkit_free(doc);
      M._free(options);
      if (skeletonPath) M._free(skeletonPath);
    }
  }
  M._free(out);
  M._free(error);
  console.log(`${checks} checks: ${checks - failures} passed, ${failures} failed`);
  process.exitCode = failures === 0 ? 0 : 1;
}

fs.mkdirSync(outDir, { recursive: true });
require(path.resolve(modulePath))().then(run, e => {
  console.error('the module did not load:', e);
  process.exitCode = 1;
});
