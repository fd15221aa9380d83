#!/usr/bin/env python3
"""An independent DXT1/DXT3/DXT5 decoder for the texture tests (texture_corpus_test.cpp).

  dxt_reference.py FILE.dds OUT.rgba

Writes the top level of FILE.dds as raw RGBA, 4 bytes a pixel, top row first. Written from the
format's description (Microsoft's BC1, BC2 and BC3 pages), not from libsquish's code: colours are
RGB 5:6:5 widened by repeating their top bits; a DXT1 block whose first colour is not greater
than its second holds three colours and transparent black; DXT3 has 4-bit alpha, DXT5 two alphas
and the six or four between them. The description leaves the rounding of the values between to
the decoder; this one divides as libsquish does (integer division, truncating), so that the test
can compare every byte."""
import struct
import sys


def colour(c):
    r, g, b = (c >> 11) & 31, (c >> 5) & 63, c & 31
    return (r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2, 255)


def colours(block, three_allowed):
    c0, c1 = struct.unpack_from("<HH", block)
    p0, p1 = colour(c0), colour(c1)
    if three_allowed and c0 <= c1:
        return [p0, p1, tuple((a + b) // 2 for a, b in zip(p0[:3], p1[:3])) + (255,), (0, 0, 0, 0)]
    return [p0, p1, tuple((2 * a + b) // 3 for a, b in zip(p0[:3], p1[:3])) + (255,),
            tuple((a + 2 * b) // 3 for a, b in zip(p0[:3], p1[:3])) + (255,)]


def dxt5_alphas(a0, a1):
    if a0 > a1:
        return [a0, a1] + [((7 - i) * a0 + i * a1) // 7 for i in range(1, 7)]
    return [a0, a1] + [((5 - i) * a0 + i * a1) // 5 for i in range(1, 5)] + [0, 255]


def main(source, target):
    data = open(source, "rb").read()
    if data[:4] != b"DDS ":
        sys.exit(f"{source}: not a DDS file")
    height, width = struct.unpack_from("<II", data, 12)
    fourcc = data[84:88]
    if fourcc not in (b"DXT1", b"DXT3", b"DXT5"):
        sys.exit(f"{source}: {fourcc!r} is not DXT1, DXT3 or DXT5")
    size = 8 if fourcc == b"DXT1" else 16
    out = bytearray(width * height * 4)
    at = 128
    for by in range((height + 3) // 4):
        for bx in range((width + 3) // 4):
            block = data[at:at + size]
            at += size
            alpha = None
            if fourcc == b"DXT3":
                bits = int.from_bytes(block[:8], "little")
                alpha = [((bits >> (4 * i)) & 15) * 17 for i in range(16)]
            elif fourcc == b"DXT5":
                codes = dxt5_alphas(block[0], block[1])
                bits = int.from_bytes(block[2:8], "little")
                alpha = [codes[(bits >> (3 * i)) & 7] for i in range(16)]
            colour_block = block[-8:]
            palette = colours(colour_block, fourcc == b"DXT1")
            indices = int.from_bytes(colour_block[4:8], "little")
            for i in range(16):
                x, y = bx * 4 + i % 4, by * 4 + i // 4
                if x >= width or y >= height:
                    continue
                r, g, b, a = palette[(indices >> (2 * i)) & 3]
                if alpha is not None:
                    a = alpha[i]
                out[(y * width + x) * 4:(y * width + x) * 4 + 4] = bytes((r, g, b, a))
    open(target, "wb").write(out)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
