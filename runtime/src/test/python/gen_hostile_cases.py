#!/usr/bin/env python3
"""Regression files for issue 9 (hostile input), with what numpy.load does with each.

    python3 runtime/src/test/python/gen_hostile_cases.py [OUT_DIR]

OUT_DIR defaults to runtime/src/test/resources/npy/hostile. Writes one small file per reproducer
and manifest.tsv, one line per file:

    <file>  OK <dtype.str> <shape>  |  ERR <exception type>

NpyHostileTest reads every file with Npy.read: the same outcome as numpy, an
NpyFormatException where numpy fails, and no OutOfMemoryError (the tests run with -Xmx256m).
NpyFuzzTest starts its mutations from these files too.
"""
import io
import os
import struct
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "npy", "hostile"))


def npy(header, data=b"", version=1, length=None):
    h = header.encode("utf8" if version == 3 else "latin1")
    n = len(h) if length is None else length
    return b"\x93NUMPY" + bytes([version, 0]) + struct.pack("<H" if version == 1 else "<I", n) + h + data


def padded(header):
    """A header padded as numpy pads it: the data start at a multiple of 64 bytes."""
    total = 10 + len(header) + 1
    return header + " " * ((64 - total % 64) % 64) + "\n"


CASES = {
    # item 2: a 75-byte file claiming 640 MB killed the reader under -Xmx256m
    "oom_4x20000000_f8.npy": npy("{'descr':'<f8','fortran_order':False,'shape':(4,20000000)}", b"\0" * 8),
    # item 2: a 128-byte file claiming (2147483639,) did the same on the default heap
    "oom_2147483639_i1.npy": npy(padded("{'descr': '|i1', 'fortran_order': False, 'shape': (2147483639,), }")),
    "oom_2147483639_f8.npy": npy(padded("{'descr': '<f8', 'fortran_order': False, 'shape': (2147483639,), }")),
    "oom_fortran_3x700000000_b1.npy": npy("{'descr':'|b1','fortran_order':True,'shape':(3,700000000)}", b"\1" * 7),
    "oom_65536x65536_i2.npy": npy("{'descr':'<i2','fortran_order':False,'shape':(65536,32767)}", b"\0" * 30),
    # a version 2.0 header length of 4 GiB: nothing may be allocated for it
    "v2_header_length_4g.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1,)}", version=2,
                                   length=0xFFFFFFFF),
    "v2_header_length_1m.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1,)}", version=2,
                                   length=1 << 20),
    # item 9: accepted by the old parser, refused by numpy
    "hdr_vertical_tab.npy": npy("{'descr': '<i4',\x0b'fortran_order': False, 'shape': (1,)}", b"\0" * 4),
    "hdr_lower_l_suffix.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (3l,)}", b"\0" * 12),
    # item 9: refused by the old parser, read by numpy
    "hdr_u_prefix.npy": npy("{'descr': u'<i4', 'fortran_order': False, 'shape': (1,)}", b"\1\0\0\0"),
    "hdr_duplicate_key.npy": npy("{'descr': '<i2', 'descr': '<i4', 'fortran_order': False, 'shape': (1,)}", b"\1\0\0\0"),
    "hdr_shape_00.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (00,)}"),
    "hdr_shape_plus6.npy": npy("{'descr': '|i1', 'fortran_order': False, 'shape': (+6,)}", bytes(range(6))),
    "hdr_descr_question.npy": npy("{'descr': '?', 'fortran_order': False, 'shape': (2,)}", b"\0\1"),
    "hdr_descr_l.npy": npy("{'descr': '<l', 'fortran_order': False, 'shape': (1,)}", b"\1" + b"\0" * 7),
    "hdr_descr_d.npy": npy("{'descr': '<d', 'fortran_order': False, 'shape': (1,)}", struct.pack("<d", 1.5)),
    "hdr_descr_b.npy": npy("{'descr': 'b', 'fortran_order': False, 'shape': (1,)}", b"\xff"),
    "hdr_long_suffix_v3.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1L,)}", b"\0" * 4, version=3),
    "hdr_nul.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1,)}\0", b"\0" * 4),
    "hdr_huge_int.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (" + "9" * 5000 + ",)}"),
    "hdr_deep_nesting.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1,), 'x': " + "[" * 3000 + "]" * 3000 + "}"),
    "hdr_too_long.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1,)}" + " " * 10001, version=2),
    "hdr_not_utf8_v3.npy": npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1,)}", version=3)[:-3] + b"\xff)}",
}


def outcome(data):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            a = np.load(io.BytesIO(data))
    except Exception as e:  # noqa: BLE001 - any failure is recorded
        return "ERR %s" % type(e).__name__
    return "OK %s %s" % (a.dtype.str, "(" + ",".join(map(str, a.shape)) + ("," if a.ndim == 1 else "") + ")")


def main(argv):
    out = argv[1] if len(argv) > 1 else DEFAULT_OUT
    os.makedirs(out, exist_ok=True)
    lines = []
    for name, data in sorted(CASES.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        lines.append("%s\t%s\n" % (name, outcome(data)))
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("# file\tnumpy.load outcome; made by runtime/src/test/python/gen_hostile_cases.py with numpy %s\n"
                % np.__version__)
        f.writelines(lines)
    print("wrote %d files to %s" % (len(CASES), out))


if __name__ == "__main__":
    main(sys.argv)
