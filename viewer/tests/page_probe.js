// Run in the page before its own scripts (playwright's addInitScript), for the checks on hostile
// input: it watches the page from outside, through what the browser and the module offer, and
// needs no hook of the page's own. window.probe holds:
//   module       the WebAssembly module (captured as createAnmkit resolves)
//   calls        how many times the page called each module function (_anmkit_*, _malloc, _free)
//   ticks        the animation frames in which something happened: { calls, pixels, ms }
//   pixels       pixels put into canvases (putImageData), in all
//   fail(name)   makes the next call of module function `name` fail (status 1), as a bad file would
//   ledger()     starts counting what the page allocates and is handed (buffers, documents of
//                every kind, diagnostics lists, samplers) less what it frees: live() lists the rest
//   files()      the files in the module's file system under /files, sorted
(() => {
  const probe = { module: null, calls: {}, ticks: [], pixels: 0, tick: null, faults: new Map(), live: null };
  window.probe = probe;

  // What a call hands out (a key in the ledger) and what a call gives back.
  const handedOut = {
    _malloc: (args, result) => `buffer ${result}`,
    _anmkit_open_file: (args, result, M) => result === 0 && `document ${M.HEAPU32[args[2] >>> 2]}`,
    _anmkit_validate: (args, result, M) => result === 0 && `diagnostics ${M.HEAPU32[args[1] >>> 2]}`,
    _anmkit_sampler_new: (args, result, M) => result === 0 && `sampler ${M.HEAPU32[args[1] >>> 2]}`,
  };
  const givenBack = {
    _free: (args) => `buffer ${args[0]}`,
    _anmkit_free: (args) => `document ${args[0]}`,
    _anmkit_diagnostics_free: (args) => `diagnostics ${args[0]}`,
    _anmkit_sampler_free: (args) => `sampler ${args[0]}`,
  };

  function instrument(M) {
    probe.module = M;
    for (const name of Object.keys(M).filter((n) => n.startsWith('_anmkit_') || n === '_malloc' || n === '_free')) {
      let real = M[name];
      if (typeof real !== 'function') continue;
      // Emscripten's export wrappers replace themselves with the raw export on their first call
      // (Module._f = asm.f): that write changes what is called, not the watch around it.
      const watched = (...args) => {
        probe.calls[name] = (probe.calls[name] || 0) + 1;
        if (probe.tick) probe.tick.calls[name] = (probe.tick.calls[name] || 0) + 1;
        if (probe.faults.get(name)) {
          probe.faults.set(name, probe.faults.get(name) - 1);
          return 1;
        }
        const result = real(...args);
        if (probe.live) {
          const out = handedOut[name] && handedOut[name](args, result, M);
          if (out) probe.live.add(out);
          if (givenBack[name]) probe.live.delete(givenBack[name](args));
        }
        return result;
      };
      Object.defineProperty(M, name, { configurable: true, get: () => watched, set: (f) => { real = f; } });
    }
  }

  let createAnmkit;
  Object.defineProperty(window, 'createAnmkit', {
    configurable: true,
    get: () => createAnmkit,
    set: (make) => { createAnmkit = (...args) => make(...args).then((M) => { instrument(M); return M; }); },
  });

  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => requestFrame((time) => {
    const tick = { calls: {}, pixels: 0, ms: 0 };
    probe.tick = tick;
    const started = performance.now();
    try {
      callback(time);
    } finally {
      probe.tick = null;
      tick.ms = performance.now() - started;
      if (tick.pixels || Object.keys(tick.calls).length) probe.ticks.push(tick);
    }
  });

  const putImageData = CanvasRenderingContext2D.prototype.putImageData;
  CanvasRenderingContext2D.prototype.putImageData = function (image, ...rest) {
    probe.pixels += image.width * image.height;
    if (probe.tick) probe.tick.pixels += image.width * image.height;
    return putImageData.call(this, image, ...rest);
  };

  probe.fail = (name) => probe.faults.set(name, (probe.faults.get(name) || 0) + 1);
  probe.ledger = () => { probe.live = new Set(); };
  probe.files = () => {
    const FS = probe.module.FS;
    const found = [];
    const walk = (dir) => {
      for (const name of FS.readdir(dir)) {
        if (name === '.' || name === '..') continue;
        const path = `${dir}/${name}`;
        if (FS.isDir(FS.stat(path).mode)) walk(path);
        else found.push(path);
      }
    };
    if (FS.analyzePath('/files').exists) walk('/files');
    return found.sort();
  };
})();
