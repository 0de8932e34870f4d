#!/usr/bin/env python3
"""Writes twemoji.txt, the emoji shortcodes of pymdownx.emoji's twemoji
index (the index Material for MkDocs' material.extensions.emoji.twemoji
extends with its icons), from pymdown-extensions' twemoji_db.py:

    python3 gen_twemoji.py /usr/lib/python3/dist-packages/pymdownx > twemoji.txt

One line a shortcode, "name code-points" (hexadecimal, "-" between), names
without their colons, sorted; an alias is a line of its own. The skin-tone
variants (":thumbsup_tone3:") are left out: they make half the index and
few pages write them.
"""
import sys

sys.path.insert(0, sys.argv[1] + "/..")
from pymdownx import twemoji_db as db  # noqa: E402
from pymdownx import __meta__ as meta  # noqa: E402

rows = {}
for name, e in db.emoji.items():
    if "_tone" not in name:
        rows[name.strip(":")] = e["unicode"]
for alias, name in db.aliases.items():
    if "_tone" not in alias and name in db.emoji and "_tone" not in name:
        rows[alias.strip(":")] = db.emoji[name]["unicode"]
print("# pymdownx.emoji twemoji index, pymdown-extensions %s (gen_twemoji.py)" % meta.__version__)
for name in sorted(rows):
    print(name, rows[name])
