#!/usr/bin/env python3
"""anmkit_abi_layout describes every struct of anmkit.h, every field, in the header's order, at the
offsets and sizes C gives them: the structs are parsed from the header here and laid out by C's
rules (each field at its alignment), independently of the compiler, and compared with what the
library reports. A field added to the header and not to src/capi/capi_layout.cpp fails here.

Usage: layout_test.py HEADER LIBRARY                       the native shared library
       layout_test.py HEADER --wasm32 JSON_FILE [WASM_MD]  the WebAssembly module's layout text,
                                                           and docs/wasm.md's table of it"""
import ctypes
import json
import re
import sys

SCALARS = {"char": "char", "int8_t": "i8", "uint8_t": "u8", "int16_t": "i16", "uint16_t": "u16", "int32_t": "i32",
           "uint32_t": "u32", "int64_t": "i64", "uint64_t": "u64", "int": "i32", "float": "f32", "double": "f64"}


def parse_structs(header: str):
    """[(struct, [(field, type, count)])] in header order; count is None for a scalar."""
    text = re.sub(r"/\*.*?\*/|//[^\n]*", "", header, flags=re.S)
    defines = dict(re.findall(r"^#define\s+(\w+)\s+(\d+)\s*$", text, flags=re.M))
    structs = re.findall(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", text, flags=re.S)
    if len(structs) != len(re.findall(r"\bstruct\s+\w+\s*\{", text)):
        sys.exit("a struct of the header is not of the form 'typedef struct NAME { ... } NAME;': the parser missed it")
    parsed = []
    for name, body, alias in structs:
        if name != alias:
            sys.exit(f"struct {name} is typedef'd as {alias}")
        fields = []
        for declaration in filter(None, (d.strip() for d in body.split(";"))):
            m = re.fullmatch(r"(?:const\s+)?(\w+)\s*(.*)", declaration, flags=re.S)
            base, declarators = m.group(1), m.group(2)
            for declarator in declarators.split(","):
                # Pointers of any depth ("const char* const* roots") are pointers.
                d = re.fullmatch(r"\s*((?:\*\s*(?:const\b\s*)?)*)(\w+)\s*(?:\[\s*(\w+)\s*\])?\s*", declarator)
                if d is None:
                    sys.exit(f"{name}: cannot read the declaration '{declaration}'")
                pointer, field, count = d.groups()
                if not pointer and base not in SCALARS and base != "size_t":
                    sys.exit(f"{name}.{field}: unknown type {base}")
                count = None if count is None else int(defines.get(count, count))
                fields.append((field, "ptr" if pointer else base, count))
        parsed.append((name, fields))
    return parsed


def lay_out(structs, pointer_size: int, alignment_of):
    """The layout C gives the structs: each field at the next multiple of its alignment."""
    laid_out = []
    for name, fields in structs:
        offset, struct_align, described = 0, 1, []
        for field, base, count in fields:
            if base == "ptr":
                type_name, size = "ptr", pointer_size
            elif base == "size_t":
                type_name, size = f"u{8 * pointer_size}", pointer_size
            else:
                type_name = SCALARS[base]
                size = 1 if type_name == "char" else int(type_name[1:]) // 8
            align = alignment_of(type_name, size)
            offset = -(-offset // align) * align
            total = size * (count or 1)
            described.append({"name": field, "offset": offset, "size": total,
                              "type": type_name if count is None else f"{type_name}[{count}]"})
            offset += total
            struct_align = max(struct_align, align)
        laid_out.append({"name": name, "size": -(-offset // struct_align) * struct_align, "align": struct_align,
                         "fields": described})
    return {"pointer_size": pointer_size, "structs": laid_out}


def native_alignment(type_name: str, size: int) -> int:
    ctype = {"ptr": ctypes.c_void_p, "char": ctypes.c_char, "f32": ctypes.c_float, "f64": ctypes.c_double}.get(
        type_name, {1: ctypes.c_uint8, 2: ctypes.c_uint16, 4: ctypes.c_uint32, 8: ctypes.c_uint64}[size])
    return ctypes.alignment(ctype)


def wasm32_alignment(type_name: str, size: int) -> int:
    return size  # every scalar at its own size, uint64_t and double at 8 (clang's wasm32 ABI)


def differences(expected, reported):
    """What the reported layout gets wrong, in words naming the struct and the field."""
    names = [s["name"] for s in expected["structs"]]
    got = [s["name"] for s in reported["structs"]]
    problems = [f"struct {n} is in anmkit.h, not in the layout (src/capi/capi_layout.cpp)" for n in names if n not in got]
    problems += [f"struct {n} is in the layout, not in anmkit.h" for n in got if n not in names]
    if not problems and names != got:
        problems.append(f"the layout's structs are not in the header's order: {', '.join(got)}")
    if expected["pointer_size"] != reported["pointer_size"]:
        problems.append(f"pointer_size is {reported['pointer_size']}, C's is {expected['pointer_size']}")
    reported_by_name = {s["name"]: s for s in reported["structs"]}
    for want in expected["structs"]:
        have = reported_by_name.get(want["name"])
        if have is None:
            continue
        struct = want["name"]
        want_fields, have_fields = [f["name"] for f in want["fields"]], [f["name"] for f in have["fields"]]
        if want_fields != have_fields:
            missing = [f for f in want_fields if f not in have_fields]
            extra = [f for f in have_fields if f not in want_fields]
            problems += [f"{struct}.{f} is in anmkit.h, not in the layout" for f in missing]
            problems += [f"{struct}.{f} is in the layout, not in anmkit.h" for f in extra]
            if not missing and not extra:
                problems.append(f"{struct}: the layout's fields are not in the header's order: {', '.join(have_fields)}")
            continue
        for w, h in zip(want["fields"], have["fields"]):
            if w != h:
                problems.append(f"{struct}.{w['name']}: the layout says {h}, C lays it out as {w}")
        for key in ("size", "align"):
            if want[key] != have[key]:
                problems.append(f"{struct}: the layout's {key} is {have[key]}, C's is {want[key]}")
    return problems


def table_differences(doc: str, reported):
    """What docs/wasm.md's table of sizes and offsets (| `struct` | bytes | field offset, ... |)
    gets wrong about the module's layout."""
    rows = re.findall(r"^\| `(anmkit_\w+)` \| (\d+) \| (.*) \|$", doc, flags=re.M)
    table = [(name, int(size), [(f, int(o)) for f, o in re.findall(r"(\w+) (\d+)", fields)]) for name, size, fields in rows]
    laid_out = [(s["name"], s["size"], [(f["name"], f["offset"]) for f in s["fields"]]) for s in reported["structs"]]
    if [t[0] for t in table] != [s[0] for s in laid_out]:
        return [f"docs/wasm.md's table lists {', '.join(t[0] for t in table)}; the module has "
                f"{', '.join(s[0] for s in laid_out)}"]
    return [f"docs/wasm.md: {name} is {size} bytes, {fields}; the module has {want_size} bytes, {want_fields}"
            for (name, size, fields), (_, want_size, want_fields) in zip(table, laid_out)
            if (size, fields) != (want_size, want_fields)]


def main():
    header_path = sys.argv[1]
    header = open(header_path, encoding="utf-8").read()
    if sys.argv[2] == "--wasm32":
        reported, pointer_size, alignment = json.load(open(sys.argv[3], encoding="utf-8")), 4, wasm32_alignment
    else:
        library = ctypes.CDLL(sys.argv[2])
        library.anmkit_abi_layout.restype = ctypes.c_char_p
        reported = json.loads(library.anmkit_abi_layout().decode())
        pointer_size, alignment = ctypes.sizeof(ctypes.c_void_p), native_alignment
    structs = parse_structs(header)
    if len(structs) < 12:
        sys.exit(f"only {len(structs)} structs found in {header_path}: the parser no longer reads it")
    problems = differences(lay_out(structs, pointer_size, alignment), reported)
    found_in_header = list(problems)
    if sys.argv[2] == "--wasm32" and len(sys.argv) > 4:
        problems += table_differences(open(sys.argv[4], encoding="utf-8").read(), reported)

    # The test must fail on the change it exists for: a field added to the header, not the table.
    grown = header.replace("  uint32_t ticks;", "  uint32_t added_field;\n  uint32_t ticks;", 1)
    caught = differences(lay_out(parse_structs(grown), pointer_size, alignment), reported)
    added = "anmkit_sprite_step.added_field is in anmkit.h, not in the layout"
    if grown == header or sorted(caught) != sorted(found_in_header + [added]):
        problems.append(f"a field added to anmkit_sprite_step is not caught as it should be: {caught}")

    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    fields = sum(len(s["fields"]) for s in reported["structs"])
    print(f"{len(structs)} structs, {fields} fields: the layout is the header's (pointers of {pointer_size} bytes)")


main()
