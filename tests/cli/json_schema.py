#!/usr/bin/env python3
"""json_schema.py - checks one pegsol output against doc/json-schema.json.

  json_schema.py SCHEMA DEF NOTATION OUT.json [OUT.csv]
  json_schema.py SCHEMA --batch FILE      (many at once: see main)

Validates OUT.json against $defs/DEF of SCHEMA (the subset of JSON Schema
that file uses: type, const, enum, anyOf, $ref, properties, required,
additionalProperties, items, minItems, maxItems, minimum, maximum, pattern,
minLength), then what a schema cannot say:
  - the JSON is strict (no NaN or Infinity);
  - every hole name is one of the notation's (numeric 16, algebraic d4,
    rowcol (3,3), from 0);
  - the keys of each table row come in the order of the schema, the CSV
    header's order;
  - the output is taken by the schema's top-level anyOf too;
  - in --batch, every key has one JSON type in all the outputs (null
    aside);
and, given OUT.csv of the same run, that the CSV says the same: one block
per table in the JSON's order with the schema's header and the same rows,
then a "key,value" block with every other value (lists of holes joined by
blanks, moves as 'pegsol check' reads them, null empty, booleans
true/false).  Times ("*seconds") are not compared: two runs differ.
Python's standard library only.  Prints what is wrong; exit 1 if anything.
"""
import csv
import io
import json
import re
import sys

HOLE = {
    "numeric": re.compile(r"^[0-9]+$"),
    "algebraic": re.compile(r"^[a-z][1-9][0-9]*$"),
    "rowcol": re.compile(r"^\([0-9]+,[0-9]+\)$"),
}

errors = []


def err(path, msg):
    errors.append("%s: %s" % (path or "$", msg))


def resolve(schema, s):
    while "$ref" in s:
        s = schema["$defs"][s["$ref"].split("/")[-1]]
    return s


def type_ok(v, t):
    if t == "null":
        return v is None
    if t == "boolean":
        return isinstance(v, bool)
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == "string":
        return isinstance(v, str)
    if t == "array":
        return isinstance(v, list)
    if t == "object":
        return isinstance(v, dict)
    raise ValueError("schema type " + t)


def check(schema, s, v, path, notation, out):
    """Appends to out the problems of v against s (no side effects else)."""
    if "$ref" in s:
        name = s["$ref"].split("/")[-1]
        if name == "hole" and isinstance(v, str) and not HOLE[notation].match(v):
            out.append((path, "%r is not a %s hole name" % (v, notation)))
        check(schema, schema["$defs"][name], v, path, notation, out)
        return
    if "anyOf" in s:
        for alt in s["anyOf"]:
            sub = []
            check(schema, alt, v, path, notation, sub)
            if not sub:
                return
        out.append((path, "%s matches none of %s" % (json.dumps(v)[:80],
                                                      json.dumps(s["anyOf"])[:160])))
        return
    if "const" in s and v != s["const"]:
        out.append((path, "%r is not %r" % (v, s["const"])))
    if "enum" in s and v not in s["enum"]:
        out.append((path, "%r is not one of %r" % (v, s["enum"])))
    if "type" in s:
        types = s["type"] if isinstance(s["type"], list) else [s["type"]]
        if not any(type_ok(v, t) for t in types):
            out.append((path, "%s is not %s" % (json.dumps(v)[:80], "/".join(types))))
            return
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        if "minimum" in s and v < s["minimum"]:
            out.append((path, "%r below %r" % (v, s["minimum"])))
        if "maximum" in s and v > s["maximum"]:
            out.append((path, "%r above %r" % (v, s["maximum"])))
    if isinstance(v, str):
        if "pattern" in s and not re.search(s["pattern"], v):
            out.append((path, "%r does not match %s" % (v, s["pattern"])))
        if "minLength" in s and len(v) < s["minLength"]:
            out.append((path, "%r too short" % v))
    if isinstance(v, list):
        if len(v) < s.get("minItems", 0):
            out.append((path, "fewer than %d items" % s["minItems"]))
        if "maxItems" in s and len(v) > s["maxItems"]:
            out.append((path, "more than %d items" % s["maxItems"]))
        if "items" in s:
            for i, x in enumerate(v):
                check(schema, s["items"], x, "%s[%d]" % (path, i), notation, out)
    if isinstance(v, dict) and "properties" in s:
        props = s["properties"]
        for k in s.get("required", []):
            if k not in v:
                out.append((path, "missing key %r" % k))
        for k, x in v.items():
            if k in props:
                check(schema, props[k], x, path + "." + k, notation, out)
            elif s.get("additionalProperties", True) is False:
                out.append((path, "unknown key %r" % k))


def table_header(schema, s):
    """The CSV header of a table property (None when s is not a table)."""
    s = resolve(schema, s)
    if s.get("type") != "array":
        return None
    if "x-csv-header" in s:
        return s["x-csv-header"]
    items = resolve(schema, s.get("items", {}))
    if items.get("type") == "object":
        return list(items["properties"])
    return None


def csv_text(v):
    """The CSV field of a JSON value, by doc/JSON.md's convention."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return " ".join(csv_text(x) for x in v)
    return v if isinstance(v, str) else json.dumps(v)


def same(v, field, path):
    """Whether the CSV field says the JSON value v."""
    if isinstance(v, list) and v and isinstance(v[0], list):  # moves
        words = field.split()
        if len(words) != len(v):
            return False
        for w, mv in zip(words, v):
            holes = w.split("->") if "->" in w else w.split("-")
            if holes != mv:
                return False
        return True
    if isinstance(v, float) or (isinstance(v, int) and not isinstance(v, bool)):
        try:
            return float(field) == float(v)
        except ValueError:
            return False
    if isinstance(v, list) and v and not isinstance(v[0], str):  # [lo, hi]
        try:
            return [float(x) for x in field.split()] == [float(x) for x in v]
        except ValueError:
            return False
    return csv_text(v) == field


def compare_csv(schema, d, doc, text, out):
    blocks = [b for b in re.split(r"\n\n", text.rstrip("\n")) if b]
    parsed = [list(csv.reader(io.StringIO(b + "\n"))) for b in blocks]
    tables = [(k, table_header(schema, d["properties"].get(k, {}))) for k in doc]
    tables = [(k, h) for k, h in tables if h]
    want = len(tables) + (1 if len(doc) > len(tables) else 0)
    if len(parsed) != want:
        out.append(("csv", "%d blocks, want %d (%s and key,value)" %
                    (len(parsed), want, ", ".join(k for k, _ in tables))))
        return
    for (k, header), rows in zip(tables, parsed):
        if rows[0] != header:
            out.append(("csv." + k, "header %s, want %s" % (",".join(rows[0]), ",".join(header))))
            continue
        if len(rows) - 1 != len(doc[k]):
            out.append(("csv." + k, "%d rows, json has %d" % (len(rows) - 1, len(doc[k]))))
            continue
        for i, (row, jrow) in enumerate(zip(rows[1:], doc[k])):
            jcells = [jrow[h] for h in header] if isinstance(jrow, dict) else [jrow]
            for h, f, v in zip(header, row, jcells):
                if not h.endswith("seconds") and not same(v, f, ""):
                    out.append(("csv.%s[%d].%s" % (k, i, h), "%r, json %s" % (f, json.dumps(v)[:60])))
    if len(doc) > len(tables):
        kv = parsed[-1]
        if kv[0] != ["key", "value"]:
            out.append(("csv", "last block's header is %s, not key,value" % ",".join(kv[0])))
            return
        got = [r[0] for r in kv[1:]]
        keys = [k for k in doc if k not in dict(tables)]
        if got != keys:
            out.append(("csv", "keys %s, json has %s" % (got, keys)))
            return
        for (k, f), v in zip([(r[0], r[1]) for r in kv[1:]], [doc[k] for k in keys]):
            if not k.endswith("seconds") and not same(v, f, ""):
                out.append(("csv." + k, "%r, json %s" % (f, json.dumps(v)[:60])))


def one(schema, name, notation, json_path, csv_path):
    """The problems of one output, as (path, message) pairs."""
    d = schema["$defs"][name]

    def no_constant(c):
        raise ValueError("not JSON: " + c)
    try:
        doc = json.loads(open(json_path).read(), parse_constant=no_constant)
    except ValueError as e:
        return [(json_path, str(e))]
    out = []
    check(schema, d, doc, "", notation, out)
    # and the schema's top level, which a reader validates against
    # without knowing which command wrote the output
    if not out:
        top = []
        check(schema, {"anyOf": schema["anyOf"]}, doc, "", notation, top)
        if top:
            out.append(("$", "not taken by the schema's top-level anyOf (no $ref to %s?)" % name))
    # table rows: the keys in the schema's (the CSV header's) order
    for k, v in doc.items() if isinstance(doc, dict) else []:
        h = table_header(schema, d["properties"].get(k, {}))
        if h and isinstance(v, list):
            for i, row in enumerate(v):
                if isinstance(row, dict) and list(row) != h:
                    out.append(("%s[%d]" % (k, i), "keys %s, want %s" % (list(row), h)))
                    break
    if csv_path:
        compare_csv(schema, d, doc, open(csv_path).read(), out)
    return out


def json_type(v):
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(v), "null")


def key_types(doc, seen, label):
    """Records in seen the JSON type of every key of doc (null aside: it
    is any key's "unknown"), with the first output that gave it."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            t = json_type(v)
            # a finish is its holes or "any" (-f any): one definition
            if t != "null" and k != "finish":
                seen.setdefault(k, {}).setdefault(t, label)
            key_types(v, seen, label)
    elif isinstance(doc, list):
        for v in doc:
            key_types(v, seen, label)


def main(argv):
    """json_schema.py SCHEMA --batch FILE: one check per line of FILE, its
    tab-separated fields EXPECT (ok, or bad for an output that must be
    refused) DEF NOTATION JSON CSV (- for none) LABEL; prints PASS or FAIL
    and the label, a line each (python starts once: it is slow to start);
    then one line for the rule that a key has one JSON type in every
    output taken (a count a string on every board, say)."""
    schema = json.load(open(argv[1]))
    if argv[2] == "--batch":
        status = 0
        seen = {}
        for line in open(argv[3]):
            expect, name, notation, js, cs, label = line.rstrip("\n").split("\t")
            out = one(schema, name, notation, js, None if cs == "-" else cs)
            good = not out if expect == "ok" else bool(out)
            why = "; ".join("%s: %s" % (p or "$", m) for p, m in out[:8])
            print("%s %s%s" % ("PASS" if good else "FAIL", label,
                               "" if good else ": " + (why or "accepted")))
            status |= not good
            if expect == "ok" and not out:
                key_types(json.load(open(js)), seen, label)
        mixed = ["%s (%s)" % (k, ", ".join("%s in %s" % tl for tl in t.items()))
                 for k, t in sorted(seen.items()) if len(t) > 1]
        print("%s one JSON type per key%s" % ("FAIL" if mixed else "PASS",
                                             ": " + "; ".join(mixed[:5]) if mixed else ""))
        return status | bool(mixed)
    name, notation, json_path = argv[2:5]
    out = one(schema, name, notation, json_path, argv[5] if len(argv) > 5 else None)
    for p, m in out[:20]:
        print("%s: %s" % (p or "$", m))
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
