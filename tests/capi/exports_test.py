#!/usr/bin/env python3
"""The C API's shared library exports exactly the functions its header declares: every
ANMKIT_API function is there, and nothing else (no C++ symbol, no fmt, no anmkit internals).

Usage: exports_test.py LIBRARY HEADER"""
import re
import subprocess
import sys

library, header = sys.argv[1], sys.argv[2]
declared = set(re.findall(r"ANMKIT_API\b[^;(]*?\b(anmkit_\w+)\s*\(", open(header, encoding="utf-8").read()))
listing = subprocess.run(["nm", "-D", "--defined-only", library], check=True, capture_output=True, text=True).stdout
exported = {line.split()[-1].split("@")[0] for line in listing.splitlines()
            if len(line.split()) >= 3 and line.split()[1] in "TtWwDdBbRrVviIu"}
problems = []
if len(declared) < 30:
    problems.append(f"only {len(declared)} functions found in {header}: the pattern no longer matches it")
for name in sorted(declared - exported):
    problems.append(f"declared but not exported: {name}")
for name in sorted(exported - declared):
    problems.append(f"exported but not in the header: {name}")
for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"{len(declared)} functions declared, the same {len(exported)} exported")
