"""The package's function signatures (_capi.py's table and the ones set apart) against anmkit.h's
prototypes: every function of the header is bound with as many arguments as it declares, each of
the kind it declares (a pointer, an integer of its width and sign, a float, a double), and the same
return. A prototype changed in the header and not in _capi.py fails here, naming the function, as a
struct changed there fails the import (test_layout.py)."""
import ctypes
import pathlib
import re

from anmkit import _capi, _layout

HEADER = pathlib.Path(__file__).resolve().parents[2] / "include" / "anmkit" / "anmkit.h"

# The header's scalar types in the layout's words (_layout.type_name).
SCALARS = {"void": "void", "int": "i32", "int32_t": "i32", "uint32_t": "u32", "int64_t": "i64", "uint64_t": "u64",
           "uint8_t": "u8", "int8_t": "i8", "uint16_t": "u16", "int16_t": "i16", "float": "f32", "double": "f64",
           "size_t": _layout.type_name(ctypes.c_size_t)}


def header_prototypes(text: str) -> dict:
    """{name: (return kind, [parameter kinds])} of every ANMKIT_API function of the header `text`."""
    text = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
    enums = set(re.findall(r"typedef\s+enum\s+\w*\s*\{.*?\}\s*(\w+)\s*;", text, flags=re.S))
    pointers = set(re.findall(r"typedef[^;]*?\(\s*\*\s*(\w+)\s*\)\s*\(", text))

    def kind(declaration: str) -> str:
        declaration = re.sub(r"\bconst\b", " ", declaration).strip()
        if "*" in declaration or "[" in declaration:
            return "ptr"
        base = declaration.split()[-1] if declaration else "void"
        if base in enums:
            return "i32"
        if base in pointers:
            return "ptr"
        return SCALARS[base]

    out = {}
    for returned, name, parameters in re.findall(r"ANMKIT_API\s+([^;(]*?)\b(anmkit_\w+)\s*\(([^)]*)\)\s*;", text, flags=re.S):
        kinds = []
        for parameter in (p.strip() for p in parameters.split(",")):
            if parameter in ("", "void"):
                continue
            # The type without the parameter's name (the last word, after any '*').
            kinds.append(kind(re.sub(r"\w+\s*(\[\s*\w*\s*\])?$", lambda m: "*" if m.group(1) else "", parameter)))
        out[name] = (kind(returned), kinds)
    return out


def bound_kind(ctype) -> str:
    """A ctypes argument or return type in the same words."""
    if ctype is None:
        return "void"
    if ctype in (ctypes.c_char_p, ctypes.c_void_p) or issubclass(ctype, (ctypes._Pointer, ctypes._CFuncPtr)):
        return "ptr"
    return _layout.type_name(ctype)


def lagging(prototypes: dict, library) -> list:
    """Each function whose binding in `library` is not its prototype, in words."""
    out = []
    for name, (returned, parameters) in sorted(prototypes.items()):
        function = getattr(library, name)
        if function.argtypes is None:
            out.append(f"{name}: not declared in _capi.py")
            continue
        got = [bound_kind(t) for t in function.argtypes]
        got_return = bound_kind(function.restype)
        if got != parameters or got_return != returned:
            out.append(f"{name}: the header declares {returned} ({', '.join(parameters)}), _capi.py {got_return} ({', '.join(got)})")
    return out


def test_every_function_of_the_header_is_bound_as_it_declares():
    prototypes = header_prototypes(HEADER.read_text())
    assert len(prototypes) >= 80, sorted(prototypes)
    assert lagging(prototypes, _capi.lib) == []


def test_a_prototype_changed_in_the_header_alone_is_named():
    text = HEADER.read_text()
    changed = text.replace("ANMKIT_API void anmkit_free(anmkit_document* document);",
                           "ANMKIT_API void anmkit_free(anmkit_document* document, uint32_t flags);")
    assert changed != text
    assert lagging(header_prototypes(changed), _capi.lib) == [
        "anmkit_free: the header declares void (ptr, u32), _capi.py void (ptr)"]
    # A wider integer where the binding has a narrower one is named too.
    changed = text.replace("ANMKIT_API const char* anmkit_format_name(size_t index);",
                           "ANMKIT_API const char* anmkit_format_name(uint32_t index);")
    assert changed != text
    assert lagging(header_prototypes(changed), _capi.lib) == [
        "anmkit_format_name: the header declares ptr (u32), _capi.py ptr (u64)"]
