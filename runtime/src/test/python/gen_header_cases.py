#!/usr/bin/env python3
"""Golden corpus of .npy header variants and what numpy does with each, for NpyHeaderGoldenTest.

    python3 runtime/src/test/python/gen_header_cases.py \
        > runtime/src/test/resources/golden/npy_header_cases.txt

The Java tests never run Python: they read the committed output. Re-run after changing this script
and commit the result.

Each line (tab-separated; '#' starts a comment line):

    <version>  <header>  <header outcome>  <load outcome>

<version> is 1, 2 or 3 (format 1.0, 2.0, 3.0). <header> is the header's bytes (latin-1 for 1.0 and
2.0, UTF-8 for 3.0) with printable ASCII as is except '\\' (written '\\\\'), every other byte as
\\xNN. The file the Java test builds is magic + version + length field + these bytes + data: the
data are zero bytes for the whole shape when the header is valid and they take at most 4096 bytes,
else none.

<header outcome> is what numpy.lib.format._read_array_header (the header parser of numpy.load)
returns, followed by the checks numpy.load makes on the shape before it reads data (every
dimension an int that is not a bool, non-negative, at most 64 of them, the product of the non-zero
ones below 2**63; numpy.load fails on a size-0 shape such as (2**32, 2**32, 0) too):
    OK <dtype> <shape> <fortran_order>      dtype is numpy's dtype.str, or STRUCT for a structured
                                            or subarray dtype; shape is the Python tuple, no spaces
    ERR <exception type>: <message, first 100 characters>

<load outcome> is what numpy.load(f) (allow_pickle=False, the default) does with the whole file:
    OK | ERR <exception type>
"""
import io
import math
import os
import re
import struct
import sys
import warnings

import numpy as np
from numpy.lib import _format_impl as fmt

BASE = {"descr": "'<i4'", "fortran_order": "False", "shape": "(2, 3)"}


def dict_text(entries, sep=", ", colon=": ", open_="{", close="}"):
    return open_ + sep.join(k + colon + v for k, v in entries) + close


def default_entries(**over):
    d = dict(BASE)
    d.update(over)
    return [("'%s'" % k, v) for k, v in d.items()]


def cases():
    out = []

    def add(header, versions=(1,)):
        for v in versions:
            out.append((v, header))

    base = dict_text(default_entries())
    add(base, (1, 2, 3))
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }" + " " * 9 + "\n", (1, 2, 3))

    # --- whitespace kinds at every place between tokens ----------------------------------
    spaces = ["", " ", "\t", "\n", "\r", "\r\n", "\x0c", "\x0b", "\xa0", "\\\n", " # c\n", "\x00"]
    for w in spaces:
        add("{" + w + "'descr'" + w + ":" + w + "'<i4'" + w + "," + w + "'fortran_order': False, 'shape': (2," + w + "3)" + w + "}")
        add(w + base)
        add(base + w)
    for lead in ["\n", "\n ", "\n\t", " \n ", "\x0c ", " \x0c", "\n\x0c", "\n \x0c", "\r\n", "\\\n", "# c\n", "  \n  \n", "\t\t"]:
        add(lead + base)
    for trail in ["\n\n\n", "\n \n", "\n  x", "\nx", "  # trailing comment", " #c\n\n", "\\", "\\\n", ";", " {}", ",", "\n#", "\r\r"]:
        add(base + trail)
    # every ending of up to three of these pieces after the dict, in 1.0 (numpy retries a failed
    # parse with _filter_header, which splits lines at '\n' only) and 3.0 (no retry): a lone '\r'
    # ends a line for Python's tokenizer, so '\r' then spaces at the end is an unexpected indent
    pieces = ["", " ", "\r", "\n", "\r\n", "\t", "\x0c", "#c", "\\"]
    for a in pieces:
        for b in pieces:
            for c in pieces:
                add(base + a + b + c, (1, 3))
    add(base.replace("(2, 3)", "(2,\n 3)"))
    add(base.replace("(2, 3)", "(2,\\\n3)"))
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3)} # a comment\n")
    add("{'descr': '<i4', # why\n 'fortran_order': False, 'shape': (2, 3)}")
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3)#}")

    # --- quotes, prefixes, escapes, concatenation -----------------------------------------
    for q in ["'<i4'", '"<i4"', "'''<i4'''", '"""<i4"""', "u'<i4'", "U'<i4'", "r'<i4'", "R'<i4'",
              "b'<i4'", "B'<i4'", "rb'<i4'", "Rb'<i4'", "br'<i4'", "f'<i4'", "fr'<i4'", "ur'<i4'", "bu'<i4'",
              "'\\x3ci4'", "'\\u003ci4'", "'\\U0000003ci4'", "'\\N{LESS-THAN SIGN}i4'", "'\\074i4'", "'\\74i4'",
              "r'\\x3ci4'", "'<' 'i4'", "'<' \"i4\"", "'<'\n'i4'", "('<' 'i4')", "b'<' 'i4'", "'<' u'i4'",
              "'<i4\\\n'", "'<i\\\n4'", "'<i4", "'<i4\"", "'<i4\n'", "'''<i4\n'''", "'\\<i4'", "'<i4\\x'",
              "'\\x3'", "'<i\\4'", "'<\\i4'", "''", "'<i4' # c", "('<i4')", "['<i4']", "'<i4'.strip()",
              "'<i\\x34'", "'\\x3C\\x69\\x34'", "'\\N{NOSUCH}i4'", "'\\u00e9'"]:
        add(dict_text(default_entries(descr=q)))
    add(dict_text([('"descr"', "'<i4'"), ('"fortran_order"', "False"), ('"shape"', "(2, 3)")]))
    add(dict_text([("u'descr'", "'<i4'"), ("'fortran_order'", "False"), ("r'shape'", "(2, 3)")]))
    add(dict_text([("b'descr'", "'<i4'"), ("'fortran_order'", "False"), ("'shape'", "(2, 3)")]))
    add(dict_text([("'des' 'cr'", "'<i4'"), ("'fortran_order'", "False"), ("'shape'", "(2, 3)")]))

    # --- key order, duplicates, missing and extra keys -------------------------------------
    import itertools
    items = list(default_entries())
    for perm in itertools.permutations(items):
        add(dict_text(perm))
    add(dict_text(items + [("'descr'", "'<f8'")]))
    add(dict_text([("'descr'", "'<f8'")] + items))
    add(dict_text(items + [("'shape'", "(3,)")]))
    add(dict_text(items + [("'fortran_order'", "True")]))
    add(dict_text(items + [("'descr'", "1")]))
    add(dict_text([("'descr'", "1")] + items))
    add(dict_text(items + items))
    for k in range(3):
        add(dict_text(items[:k] + items[k + 1:]))
    add(dict_text(items + [("'x'", "1")]))
    add(dict_text(items + [("1", "1")]))
    add(dict_text(items + [("None", "1")]))
    add(dict_text(items + [("('a',)", "1")]))
    add(dict_text(items + [("[1]", "1")]))
    add(dict_text([("'descr '", "'<i4'")] + items[1:]))
    add(dict_text([("'Descr'", "'<i4'")] + items[1:]))
    add("{}")
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3),}")
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3),,}")
    add("{,'descr': '<i4', 'fortran_order': False, 'shape': (2, 3)}")
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3) 'x': 1}")
    add("{'descr' '<i4', 'fortran_order': False, 'shape': (2, 3)}")
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), **{}}")

    # --- int forms in the shape ----------------------------------------------------------
    for d in ["0", "00", "000", "0_0", "+6", "-0", "+0", "- 6", "+ 6", "0x10", "0X10", "0x_10", "0o7", "0O7", "0b101",
              "0B1", "1_0", "1_000_000", "1__0", "1_", "_1", "6L", "6l", "6 L", "0x10L", "00L", "6LL", "6L1",
              "6 l", "01", "007", "0_1", "3.0", "3.", ".5", "1e1", "1E1", "3j", "3J", "1+2j", "True", "False", "None",
              "-1", "-6", "2**3", "2*3", "--2", "-(2)", "-(-2)", "+(+2)", "-(1+2j)", "(2)", "(-2)", "-(2,)", "+-2", "~2", "99999999999999999999",
              "9223372036854775807", "9223372036854775808", "4294967296", "0x7fffffffffffffff", "0xffffffffffffffff",
              "'2'", "b'2'", "[2]", "2if 1 else 3", "0b2", "0o8", "0xg", "1e", "1e+", "1e5L", "3L,4L", "ord('a')"]:
        add(dict_text(default_entries(shape="(%s,)" % d)))
        add(dict_text(default_entries(shape="(2, %s)" % d)))
    for d in ["6L", "0x10L", "6 L", "3L, 4L"]:
        add(dict_text(default_entries(shape="(%s,)" % d)), (2, 3))

    # --- bool forms --------------------------------------------------------------------------
    for b in ["True", "False", "0", "1", "'True'", "true", "false", "TRUE", "(True)", "(False,)", "not False", "None",
              "True_", "Truex", "1 == 1", "bool(1)", "[True]", "+True", "-False", "False or True", "0.0"]:
        add(dict_text(default_entries(fortran_order=b)))

    # --- tuple forms -----------------------------------------------------------------------------
    for t in ["(3)", "(3,)", "[3]", "3", "()", "(,)", "(3,,)", "((3,),)", "(3, 4)", "(3,4,)", "( 3 , 4 , )", "{3}",
              "range(3)", "tuple()", "(3, (4,))", "[3, 4]", "[]", "(3, 4", "3, 4", "(3 4)", "(3, None)", "(3, 4.0)",
              "(" + ", ".join(["1"] * 64) + ")", "(" + ", ".join(["1"] * 65) + ")", "(" + ", ".join(["1"] * 40) + ",)",
              "(4294967296, 4294967296)", "(4294967296, 4294967296, 0)", "(2147483648, 2147483648, 2)",
              "(3037000500, 3037000500)", "(0, 99999999999999999999)", "(-1, 0)", "(0, -1)", "(2, -3)",
              "(1, 1, 1, 1, 0)", "(0,)", "(2147483647,)", "(2147483648,)"]:
        add(dict_text(default_entries(shape=t)))

    # --- descriptor spellings ------------------------------------------------------------------
    for dt in ["'?'", "'b'", "'B'", "'h'", "'H'", "'i'", "'I'", "'l'", "'L'", "'q'", "'Q'", "'p'", "'e'", "'f'", "'d'",
               "'g'", "'F'", "'D'", "'c'", "'S'", "'U'", "'V'", "'O'", "'M'", "'m'", "'a'",
               "'<l'", "'>l'", "'<d'", "'>d'", "'=d'", "'|d'", "'<?'", "'>?'", "'=i4'", "'|i4'", "'i4'", "'<i04'",
               "'<i 4'", "'<i+4'", "'<i-4'", "'<i0'", "'<i3'", "'<i16'", "'<i4 '", "' <i4'", "'<I4'", "'<F8'",
               "'|u1'", "'<u1'", "'>u1'", "'<u2'", "'>u2'", "'<u4'", "'<u8'", "'|b1'", "'<b1'", "'>b1'", "'b1'", "'i1'",
               "'|i1'", "'>i1'", "'<i2'", "'>i2'", "'<i8'", "'>i8'", "'<f2'", "'>f2'", "'<f4'", "'>f4'", "'<f8'",
               "'>f8'", "'<f16'", "'<c8'", "'<c16'", "'>c16'", "'<c32'", "'|S5'", "'S5'", "'>S5'", "'S0'", "'a5'",
               "'<U3'", "'>U3'", "'|U3'", "'U'", "'V4'", "'|V4'", "'O8'", "'O4'", "'O16'", "'|O'", "'<O'",
               "'<M8[ns]'", "'>M8[ns]'", "'M8[10ms]'", "'M8[generic]'", "'M8[xx]'", "'M8[ns'", "'<m8[s]'", "'m8'",
               "'M8'", "'<M8'", "'M16'", "'int32'", "'int64'", "'int8'", "'uint8'", "'uint16'", "'float64'",
               "'float32'", "'float16'", "'bool'", "'bool_'", "'int'", "'float'", "'double'", "'half'", "'single'",
               "'long'", "'longlong'", "'short'", "'ushort'", "'byte'", "'ubyte'", "'intc'", "'intp'", "'uint'",
               "'complex'", "'object'", "'str'", "'bytes'", "'void'", "'datetime64[D]'", "'timedelta64[s]'",
               "'<int32'", "'<datetime64'", "'>datetime64[ns]'", "'|timedelta64'", "'<timedelta64[xx]'", "'Int32'", "'Float64'", "'bool8'", "'int0'", "'cfloat'", "'string'", "''", "'<'", "'x'",
               "'!i4'", "'@i4'", "'i4,f8'", "'i4, f8'", "'<i4,>f8'", "'i4,'", "'i4,,f8'", "' i4,f8'", "'2i4'",
               "'(2,)i4'", "'int32,float64'", "'\\xe9'",
               "[('a', '<i4')]", "[('a', '<i4'), ('b', '<f8')]", "[('a', '<i4'), ('b', '<f8', (2,))]",
               "[('a', '<i4'), ('b', '<f8', 2)]", "[('a', '<i4'), ('a', '<f8')]", "[('', '|V4')]", "[('', '<i4')]",
               "[(('t', 'a'), '<i4')]", "[('a', [('x', '<i2'), ('y', '<i2')])]", "[('a',)]", "[('a', '<i4', (2,), 1)]",
               "[('a', 'xx')]", "[(1, '<i4')]", "[['a', '<i4']]", "[]", "('<i4', (2,))", "('<i4', 2)", "('<i4',)",
               "('<i4', (2,), 1)", "b'<i4'", "1", "None", "True", "{'a': 1}", "['<i4']", "[('a', b'<i4')]"]:
        add(dict_text(default_entries(descr=dt)))
    for dt in ["'<i4'", "'?'", "'<U3'", "[('a', '<i4')]"]:
        add(dict_text(default_entries(descr=dt)), (2, 3))

    # --- not a dict, nested, odd containers -----------------------------------------------------
    for h in ["['<i4', False, (2, 3)]", "('<i4', False, (2, 3))", "{'descr', 'fortran_order', 'shape'}", "None", "1",
              "'{}'", "(" + base + ")", "((" + base + "))", "(" + base + ",)", base + ", " + base, base + base,
              "dict(descr='<i4', fortran_order=False, shape=(2, 3))", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), 'x': {'y': [1, (2,), {3}]}}",
              "", " ", "\n", "{", "}", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3)", "'descr': '<i4'",
              "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3)}}", "{'descr': ('<i4'), 'fortran_order': (False), 'shape': ((2, 3))}",
              "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), 'x': ...}", "{'descr': '<i4', 'fortran_order': False, 'shape': (...,)}",
              "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), 'x': set()}", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), 'x': -1.5e3-2j}",
              "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), 'x': 1+2j+3j}", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), 'x': 1-2}"]:
        add(h)

    # --- version 3.0: UTF-8 headers -------------------------------------------------------------
    add(dict_text(default_entries(descr="[('\u03c0', '<i4')]")), (3,))
    add(dict_text(default_entries(descr="'<i4'")) + " # \u03c0", (3,))
    add(dict_text(default_entries(descr="'\u03c0'")), (3,))
    add(dict_text(default_entries(shape="(\u0662,)")), (3,))
    add(dict_text(default_entries(descr="'<i4'")) + "\u3000", (3,))
    add(dict_text(default_entries(descr="'<i4'")) + "\u2028", (3,))
    add("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), '\u00e9': 1}", (1, 3))
    add(dict_text(default_entries(descr="'\\N{GREEK SMALL LETTER PI}'")), (1, 3))
    return out


def escape(b):
    out = []
    for c in b:
        if c == 0x5C:
            out.append("\\\\")
        elif 0x20 <= c <= 0x7E:
            out.append(chr(c))
        else:
            out.append("\\x%02x" % c)
    return "".join(out)


def encode(version, header):
    return header.encode("utf8" if version == 3 else "latin1")


def prefix(version, hbytes):
    return b"\x93NUMPY" + bytes([version, 0]) + struct.pack("<H" if version == 1 else "<I", len(hbytes))


def shape_text(shape):
    return "(" + ",".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def header_outcome(version, hbytes):
    f = io.BytesIO(prefix(version, hbytes)[8:] + hbytes)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            shape, fortran, dtype = fmt._read_array_header(f, (version, 0))
        if not all(type(d) is int for d in shape):
            raise TypeError("an integer is required")
        if any(d < 0 for d in shape):
            raise ValueError("negative dimensions are not allowed")
        if len(shape) > 64:
            raise ValueError("maximum supported dimension for an ndarray is currently 64")
        if math.prod(d for d in shape if d != 0) >= 2**63:
            raise ValueError("array is too big (numpy cannot even reshape a size-0 array to it)")
    except Exception as e:  # noqa: BLE001 - any failure of numpy's is a failure to record
        message = re.sub(r" at 0x[0-9a-f]+", "", " ".join(str(e).split()))  # no addresses: deterministic output
        return "ERR %s: %s" % (type(e).__name__, message[:100]), None
    struct_ = dtype.fields is not None or dtype.subdtype is not None
    return "OK %s %s %s" % ("STRUCT" if struct_ else dtype.str, shape_text(shape), fortran), (shape, dtype)


def data_for(parsed):
    if parsed is None:
        return b""
    shape, dtype = parsed
    n = math.prod(shape) * dtype.itemsize
    return b"\0" * n if n <= 4096 else b""


def load_outcome(data):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            np.load(io.BytesIO(data))
    except Exception as e:  # noqa: BLE001
        return "ERR %s" % type(e).__name__
    return "OK"


def main():
    if os.environ.get("PYTHONHASHSEED") != "0":
        # set reprs in numpy's messages depend on string hashing: fix it for a deterministic output
        os.execve(sys.executable, [sys.executable] + sys.argv, dict(os.environ, PYTHONHASHSEED="0"))
    w = sys.stdout
    w.write("# .npy header golden cases for ndprim; generated by runtime/src/test/python/gen_header_cases.py\n")
    w.write("# with numpy %s, Python %s\n" % (np.__version__, sys.version.split()[0]))
    w.write("# version\theader bytes (escaped)\theader outcome\tload outcome\n")
    seen = set()
    for version, header in cases():
        hbytes = encode(version, header)
        if (version, hbytes) in seen:
            continue
        seen.add((version, hbytes))
        outcome, parsed = header_outcome(version, hbytes)
        data = prefix(version, hbytes) + hbytes + data_for(parsed)
        w.write("%d\t%s\t%s\t%s\n" % (version, escape(hbytes), outcome, load_outcome(data)))


if __name__ == "__main__":
    main()
