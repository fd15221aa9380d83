#!/usr/bin/env python3
"""Every call the viewer makes into the WebAssembly C API (M._anmkit_NAME(...) in viewer/src) names a
function of anmkit.h and passes as many arguments as the header declares: JavaScript would call a
function of the wrong arity silently, with undefined for a missing argument. A prototype changed in
the header and not in the viewer fails here, naming the file, the line and the function.

Usage: viewer_calls_test.py HEADER VIEWER_SRC"""
import pathlib
import re
import sys


def header_arity(text: str) -> dict:
    text = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
    out = {}
    for name, parameters in re.findall(r"ANMKIT_API\s+[^;(]*?\b(anmkit_\w+)\s*\(([^)]*)\)\s*;", text, flags=re.S):
        out[name] = len([p for p in parameters.split(",") if p.strip() not in ("", "void")])
    return out


def call_arguments(source: str, start: int) -> int:
    """The number of arguments of the call whose '(' is at `start`: commas at its own depth, outside
    strings and template literals."""
    depth, count, any_argument, i = 0, 0, False, start
    quote = None
    while i < len(source):
        c = source[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"`":
            quote = c
            any_argument = True
        elif c in "([{":
            depth += 1
            if depth > 1:
                any_argument = True
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return count + 1 if any_argument else 0
        elif c == "," and depth == 1:
            count += 1
        elif not c.isspace() and depth >= 1:
            any_argument = True
        i += 1
    raise ValueError("a call that does not close")


def check(header: str, folder: pathlib.Path) -> list:
    arity = header_arity(header)
    wrong = []
    for path in sorted(folder.glob("*.js")):
        source = path.read_text()
        for m in re.finditer(r"\bM\._(anmkit_\w+)\s*\(", source):
            name, line = m.group(1), source.count("\n", 0, m.start()) + 1
            if name not in arity:
                wrong.append(f"{path.name}:{line}: {name} is no function of anmkit.h")
                continue
            passed = call_arguments(source, m.end() - 1)
            if passed != arity[name]:
                wrong.append(f"{path.name}:{line}: {name} takes {arity[name]} arguments in anmkit.h, the viewer passes {passed}")
    return wrong


def main() -> int:
    header, folder = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
    calls = sum(len(re.findall(r"\bM\._anmkit_\w+\s*\(", p.read_text())) for p in folder.glob("*.js"))
    if calls < 20:
        print(f"viewer_calls_test: only {calls} calls found in {folder}: the pattern no longer matches the viewer's code")
        return 1
    wrong = check(header, folder)
    # The check itself: a function given one argument more in the header is named at its calls.
    changed = header.replace("ANMKIT_API void anmkit_free(anmkit_document* document);",
                             "ANMKIT_API void anmkit_free(anmkit_document* document, int flags);")
    caught = [w for w in check(changed, folder) if "anmkit_free takes 2 arguments" in w]
    if changed == header or not caught:
        print("viewer_calls_test: a changed prototype was not caught (the check is broken)")
        return 1
    for w in wrong:
        print(w)
    print(f"viewer_calls_test: {calls} calls, {len(wrong)} not as the header declares")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
