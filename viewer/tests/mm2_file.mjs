// A hand-built Might and Magic II sprite (docs/formats/mm2.md; the layout of
// tests/support/mm2_fixture.hpp): a base of width x height in pen 1 and `patches` 16 x 16 patches
// in pen 2 along the top row, one sequence showing every state for 10 ticks. Every plane is one
// run of a nibble, so a 4096 x 4096 base takes 1.3 MB: the hostile file of issue 29.

const rasSize = (w, h) => h * (((w + 15) >> 3) & ~1);

// The pixel stream of a frame whose plane p is all ones when bit p of `pen` is set, else zeros:
// runs of 16 nibbles (a command byte each), the last run shorter.
function stream(w, h, pen) {
  const nibbles = 2 * rasSize(w, h);
  const commands = [];
  for (let p = 0; p < 5; ++p) {
    const high = pen & (1 << p) ? 0xf0 : 0x00;
    for (let left = nibbles; left > 0; left -= 16) commands.push(high | (Math.min(16, left) - 1));
  }
  return Uint8Array.from(commands);
}

export function mm2File(width, height, patches) {
  const bytes = [0, 0, 0x54, 0x56];
  for (let slot = 0; slot < 11; ++slot) bytes.push(...(slot < patches ? [16 * slot, 0, 16, 16] : [0xff, 0xff, 0xff, 0xff]));
  bytes.push(0x10, 0x82, 0x05);  // the three unknown bytes, as the fixture has them
  bytes.push(0xff, ...Array.from({ length: patches + 1 }, (_, k) => [k, 10]).flat());
  bytes.push(0xff);
  const u16 = (v) => bytes.push(v >> 8, v & 0xff);
  u16(patches + 1);
  u16(3);
  const frames = [[width, height, 1], ...Array.from({ length: patches }, () => [16, 16, 2])];
  for (const [w, h] of frames) { u16(w); u16(h); u16(0); }
  for (let pen = 0; pen < 32; ++pen) u16(pen === 0 ? 0 : (pen * 0x123 + 0x0f0) & 0x0fff);
  const streams = frames.map(([w, h, pen]) => stream(w, h, pen));
  const out = new Uint8Array(bytes.length + streams.reduce((n, s) => n + s.length, 0));
  out.set(bytes);
  let at = bytes.length;
  for (const s of streams) { out.set(s, at); at += s.length; }
  return out;
}
