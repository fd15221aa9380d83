#!/usr/bin/env python3
"""The numbers mesh_corpus_test.cpp expects of the real vehicle folders, found by a reader written
apart from the library's (chunk by chunk, as gem-mesh.notes.md §2-§5 describe them). Run:
    python3 tests/formats/gem/mesh/corpus_facts.py [../shared/corpus/gem-vehicles]
"""
import glob
import os
import struct
import sys

SIZES = {6: 1, 8: 2, 10: 3, 12: 4, 14: 5}


def stride_of(fvf, flags):
    betas = SIZES.get(fvf & 0xE, 0)
    size = 12 + 4 * betas
    size += 12 if fvf & 0x10 else 0
    size += 4 * bool(fvf & 0x20) + 4 * bool(fvf & 0x40) + 4 * bool(fvf & 0x80)
    size += 8 * ((fvf >> 8) & 0xF) * (2 if flags & 0x1000 else 1)
    return size + (16 if flags & 0x100 else 0)


def parse(b):
    assert b[:4] == b"EPLY"
    p, out, flags = 4, {"chunks": [], "subsets": []}, 0
    while p < len(b):
        tag = b[p:p + 4].decode()
        p += 4
        out["chunks"].append(tag)
        if tag == "BNDS":
            out["bnds"] = struct.unpack_from("<6f", b, p)
            p += 24
        elif tag == "SKIN":
            (n,) = struct.unpack_from("<I", b, p)
            p += 4
            names = []
            for _ in range(n):
                names.append(b[p + 1:p + 1 + b[p]])
                p += 1 + b[p]
            out["skin"] = names
        elif tag == "MESH":
            fvf, first, count, f = struct.unpack_from("<4I", b, p)
            p += 16
            color = None
            if f & 0x200:
                (color,) = struct.unpack_from("<I", b, p)
                p += 4
            name = b[p + 1:p + 1 + b[p]]
            p += 1 + b[p]
            palette = None
            if f & 0x800:
                palette = list(b[p + 1:p + 1 + b[p]])
                p += 1 + b[p]
            flags |= f
            out["subsets"].append((fvf, first, count, f, color, name, palette))
        elif tag == "VERT":
            n, stride, vflags = struct.unpack_from("<IHH", b, p)
            out["vert"] = (n, stride, p + 8)
            p += 8 + n * stride
        elif tag == "INDX":
            (n,) = struct.unpack_from("<I", b, p)
            out["indices"] = struct.unpack_from("<%dH" % n, b, p + 4)
            p += 4 + 2 * n
        elif tag == "MROR":
            out["mror"] = True
        else:
            raise ValueError("chunk %r at %d" % (tag, p - 4))
    assert p == len(b)
    assert stride_of(out["subsets"][0][0], flags) == out["vert"][1]
    return out


def parse_vol(b):
    """EVLM, then VERT (u32 n, n x 3 f32), INDX (u32 n, n u16), SIDE (u32 n, n bytes)."""
    assert b[:4] == b"EVLM"
    p, out = 4, {}
    while p < len(b):
        tag = b[p:p + 4].decode()
        (n,) = struct.unpack_from("<I", b, p + 4)
        out[tag] = n
        p += 8 + n * {"VERT": 12, "INDX": 2, "SIDE": 1}[tag]
    assert p == len(b)
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../../../../shared/corpus/gem-vehicles")
    files = sorted(glob.glob(os.path.join(root, "*", "*.ply")))
    meshes = {os.path.relpath(f, root): parse(open(f, "rb").read()) for f in files}
    print("files", len(files))
    print("vertices", sum(m["vert"][0] for m in meshes.values()))
    print("triangles", sum(len(m["indices"]) // 3 for m in meshes.values()))
    print("skinned", sum(1 for m in meshes.values() if "skin" in m))
    print("mirrored", sum(1 for m in meshes.values() if m.get("mror")))
    volumes = {os.path.relpath(f, root): parse_vol(open(f, "rb").read())
               for f in sorted(glob.glob(os.path.join(root, "*", "*.vol")))}
    print("volumes", len(volumes), "triangles", sum(v["SIDE"] for v in volumes.values()),
          "e-25/body.vol", volumes["e-25/body.vol"])
    for name, m in meshes.items():
        unused = m["vert"][0] - (max(m["indices"]) + 1)
        if unused:
            print("unused tail", name, unused)
    for name in ["e-25/body.ply", "e-25/gun.ply", "pzh2000_x/trackl.ply", "e-75/enumerator.ply", "e-75/wheelr10.ply"]:
        m = meshes[name]
        b = open(os.path.join(root, name), "rb").read()
        n, stride, at = m["vert"]
        print(name, "vertices", n, "stride", stride, "triangles", len(m["indices"]) // 3, "bounds", m["bnds"])
        for s in m["subsets"]:
            print("  subset fvf 0x%x first %d count %d flags 0x%x colour %s %s palette %s" %
                  (s[0], s[1], s[2], s[3], None if s[4] is None else "0x%08x" % s[4], s[5], s[6]))
        print("  vertex 0", struct.unpack_from("<%df" % (3 if stride != 56 else 4), b, at), b[at + 12:at + 20].hex())
        print("  first triangle", m["indices"][:3], "skin", m.get("skin"))
        if stride == 56:
            kinds = {}
            for v in range(n):
                key = (struct.unpack_from("<f", b, at + v * stride + 12)[0], b[at + v * stride + 16])
                kinds[key] = kinds.get(key, 0) + 1
            print("  (weight, first slot): vertices", kinds)


if __name__ == "__main__":
    main()
