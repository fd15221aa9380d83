// Pens to the pixels a sprite canvas shows, within a bound: a canvas is at most MAX_SIDE pixels
// on a side, whatever the picture and the zoom, so that a hostile 4096 x 4096 sprite at zoom 4 is
// neither a 16384 x 16384 canvas nor 16 million pixels converted on every redraw.

export const MAX_SIDE = 2048;

// How a width x height picture is drawn at `zoom`: every `step`-th pixel of each row and column
// (1 unless the picture is larger than MAX_SIDE), each `zoom` times (the zoom asked for, lowered
// so that the canvas fits), into a canvas of width x height pixels.
export function fit(width, height, zoom) {
  const side = Math.max(width, height, 1);
  const step = Math.ceil(side / MAX_SIDE);
  const sampled = { width: Math.ceil(width / step), height: Math.ceil(height / step) };
  const shown = step > 1 ? 1 : Math.max(1, Math.min(zoom, Math.floor(MAX_SIDE / side)));
  return { step, zoom: shown, sampled, width: sampled.width * shown, height: sampled.height * shown };
}

// RGBA bytes of every `step`-th pixel of `pens` (width x height, a pen a byte) through the palette
// (RGBA bytes a pen): ceil(width / step) x ceil(height / step) pixels.
export function rgbaOf(pens, width, height, palette, step = 1) {
  const colours = new Uint32Array(palette.buffer, palette.byteOffset, palette.length >> 2);
  const w = Math.ceil(width / step);
  const h = Math.ceil(height / step);
  const out = new Uint8ClampedArray(w * h * 4);
  const pixels = new Uint32Array(out.buffer);  // the palette's bytes, in the same order
  let i = 0;
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step) pixels[i++] = colours[pens[row + x]];
  }
  return out;
}
