"""Golden cases of NumPy's array-building and rearranging routines for ndprim's NdArrays.

    python3 runtime/src/test/python/gen_routines_cases.py \
        | gzip -9n > runtime/src/test/resources/golden/routines_cases.txt.gz

Lines (tab-separated):  OP  DTYPE  INPUTS  PARAMS  RESULT
    OP      the routine (arange_i, linspace, concatenate, pad, ...)
    DTYPE   the dtype argument (NumPy's dtype.str without byte order), or - when the inputs give it
    INPUTS  arrays, ';'-separated, each SHAPE|DTYPE|INDEX|T: (np.arange(n) - n // 2) of that
            shape, cast with astype(DTYPE), indexed by the basic-index string INDEX (empty: none)
            and transposed when T is 't'; - when the routine takes no array
    PARAMS  space-separated, per routine (see the Java test); lists as [1,2], None for no axis
    RESULT  OK followed by one entry per result array, ';'-separated, each DTYPE SHAPE HEX:
            the C-order little-endian bytes; or ERR KIND MESSAGE (NumPy's exception)
"""
import numpy as np

DTYPES = ["f8", "f4", "i1", "u8", "f2", "c16", "b1"]


def make(spec):
    shape, dt, index, t = spec.split("|")
    dims = tuple(int(x) for x in shape.split(",")) if shape else ()
    n = int(np.prod(dims)) if dims else 1
    a = (np.arange(n, dtype=np.int64) - n // 2).reshape(dims).astype(dt)
    if index:
        a = eval("a[" + index + "]")
    if t == "t":
        a = a.T
    return a


def enc(r):
    r = np.asarray(r)
    le = np.ascontiguousarray(r).astype(r.dtype.newbyteorder("<"))
    shape = ",".join(str(d) for d in r.shape)
    return "%s (%s) %s" % (r.dtype.str[1:], shape, le.tobytes().hex() or "-")


def num(tok):
    if tok.startswith("["):
        return [num(x) for x in split_list(tok[1:-1])]
    if tok == "None":
        return None
    try:
        return int(tok)
    except ValueError:
        return float(tok)


def split_list(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += ch == "["
        depth -= ch == "]"
        cur += ch
    if cur:
        out.append(cur)
    return out


def shape_of(tok):
    return tuple(int(x) for x in tok.split(",")) if tok != "()" else ()


def run(op, dt, arrays, p):
    if op == "arange_i" or op == "arange_f":
        return np.arange(p[0], p[1], p[2], dtype=dt)
    if op == "linspace":
        return np.linspace(p[0], p[1], int(p[2]), endpoint=bool(p[3]), dtype=dt)
    if op == "logspace":
        return np.logspace(p[0], p[1], int(p[2]), endpoint=bool(p[3]), base=p[4], dtype=dt)
    if op == "geomspace":
        return np.geomspace(p[0], p[1], int(p[2]), endpoint=bool(p[3]), dtype=dt)
    if op == "ones":
        return np.ones(p[0], dtype=dt)
    if op == "full":
        return np.full(p[0], p[1], dtype=dt)
    if op == "eye":
        return np.eye(p[0], p[1], p[2], dtype=dt)
    if op == "identity":
        return np.identity(p[0], dtype=dt)
    if op == "tri":
        return np.tri(p[0], p[1], p[2], dtype=dt)
    if op == "indices":
        return np.indices(p[0], dtype=dt)
    a = arrays[0]
    if op == "zeros_like":
        return np.zeros_like(a)
    if op == "ones_like":
        return np.ones_like(a)
    if op == "full_like":
        return np.full_like(a, p[0])
    if op == "diag":
        return np.diag(a, p[0])
    if op == "diagonal":
        return np.diagonal(a, p[0], p[1], p[2])
    if op == "tril":
        return np.tril(a, p[0])
    if op == "triu":
        return np.triu(a, p[0])
    if op == "meshgrid":
        return np.meshgrid(*arrays, indexing=p[0])
    if op == "concatenate":
        return np.concatenate(arrays, axis=p[0])
    if op == "stack":
        return np.stack(arrays, axis=p[0])
    if op == "hstack":
        return np.hstack(arrays)
    if op == "vstack":
        return np.vstack(arrays)
    if op == "dstack":
        return np.dstack(arrays)
    if op == "column_stack":
        return np.column_stack(arrays)
    if op == "split":
        return np.split(a, p[0], axis=p[1])
    if op == "array_split":
        return np.array_split(a, p[0], axis=p[1])
    if op == "hsplit":
        return np.hsplit(a, p[0])
    if op == "vsplit":
        return np.vsplit(a, p[0])
    if op == "tile":
        return np.tile(a, p[0])
    if op == "repeat":
        return np.repeat(a, p[0], axis=p[1])
    if op == "roll":
        return np.roll(a, p[0], axis=p[1])
    if op == "pad":
        kw = {"constant_values": p[2]} if p[1] == "constant" else {}
        return np.pad(a, p[0], mode=p[1], **kw)
    if op == "rot90":
        return np.rot90(a, p[0], axes=(p[1], p[2]))
    if op == "swapaxes":
        return np.swapaxes(a, p[0], p[1])
    if op == "moveaxis":
        return np.moveaxis(a, p[0], p[1])
    if op == "ravel":
        return np.ravel(a)
    if op == "flatten":
        return a.flatten()
    if op == "reshape":
        return a.reshape(p[0])
    raise AssertionError(op)


def case(op, dt, inputs, params):
    if dt != "-" and np.dtype(dt).kind in "iu" and ("nan" in params or "1e300" in params):
        return  # float to integer out of range or NaN: C's undefined behaviour, not a routine's
    if op == "geomspace" and dt != "-" and np.dtype(dt).kind == "c":
        return  # NumPy computes a complex geomspace in complex128 (log10, power); ndprim in float64
    arrays = [make(s) for s in inputs]
    p = []
    for tok in params.split(" ") if params else []:
        if op in ("ones", "full", "indices") and not p:
            p.append(shape_of(tok))
        elif op in ("meshgrid", "pad") and tok in ("xy", "ij", "constant", "edge", "reflect", "wrap"):
            p.append(tok)
        else:
            p.append(num(tok))
    try:
        with np.errstate(all="ignore"):
            r = run(op, None if dt == "-" else dt, arrays, p)
        rs = r if isinstance(r, (list, tuple)) else [r]
        result = "OK " + ";".join(enc(x) for x in rs)
    except Exception as e:
        result = "ERR %s %s" % (type(e).__name__, str(e).replace("\t", " ").replace("\n", " "))
    print("%s\t%s\t%s\t%s\t%s" % (op, dt, ";".join(inputs) or "-", params, result))


def main():
    print("# NumPy %s routines for ndprim; generated by runtime/src/test/python/gen_routines_cases.py"
          % np.__version__)
    for dt in DTYPES + ["i8", "u1", "c8", "i4"]:
        for args in ["0 10 1", "3 -7 -2", "-5 5 3", "0 0 1", "5 0 1", "0 1 0", "-128 200 7",
                     "0 2 1", "1 4 1", "0 1 1"]:
            case("arange_i", dt, [], args)
        for args in ["0.0 1.0 0.1", "1.0 -1.0 -0.3", "0.5 7.25 0.25", "-2.5 3.0 0.7",
                     "0.0 1.0 0.0", "0.0 nan 1.0", "10.0 0.0 1.0", "0.0 100.0 0.37",
                     "1e-300 1e-299 1e-301", "-3.3 2.2 1.1", "0.0 1.5 1.0", "0.1 0.35 0.1"]:
            case("arange_f", dt, [], args)
        for args in ["0.0 1.0 50 1", "0.0 1.0 50 0", "-3.0 7.0 11 1", "2.0 2.0 5 1",
                     "0.0 1.0 0 1", "0.0 1.0 1 1", "0.0 1.0 1 0", "5.0 -5.0 7 0", "0.0 1.0 -1 1",
                     "0.0 1e-320 5 1", "1e300 -1e300 4 1", "0.1 0.9 9 1", "-1.5 250.5 13 1"]:
            case("linspace", dt, [], args)
        for args in ["0.0 2.0 5 1 10.0", "-1.0 1.0 7 0 2.0", "0.0 3.0 4 1 10.0",
                     "1.0 -2.0 6 1 3.5", "0.0 1.0 0 1 10.0"]:
            case("logspace", dt, [], args)
        for args in ["1.0 1000.0 4 1", "1.0 256.0 9 1", "-1.0 -1000.0 4 1", "2.0 3.0 5 0",
                     "0.0 1.0 3 1", "1.0 10.0 1 1", "8.0 1.0 4 1"]:
            case("geomspace", dt, [], args)
        case("ones", dt, [], "2,3")
        case("ones", dt, [], "()")
        case("ones", dt, [], "0,4")
        for v in ["2.5", "-1.0", "300.0", "nan"]:
            case("full", dt, [], "3,2 " + v)
        for args in ["3 3 0", "3 4 1", "4 3 -1", "2 5 7", "0 0 0", "3 3 -5"]:
            case("eye", dt, [], args)
            case("tri", dt, [], args)
        case("identity", dt, [], "4")
        case("identity", dt, [], "0")
    for dt in ["i8", "f4", "u1"]:
        for dims in ["2,3", "4", "()", "2,0,3", "1,2,2"]:
            case("indices", dt, [], dims)

    inputs = {
        "3,4": "3,4|%s||", "3,4t": "3,4|%s||t", "3,4s": "3,4|%s|::-1, 1::2|",
        "2,3,4": "2,3,4|%s||", "5": "5|%s||", "0": "0|%s||", "()": "|%s||",
        "0,3": "0,3|%s||", "6s": "12|%s|1::2|", "2,3,4t": "2,3,4|%s||t",
    }
    for dt in DTYPES:
        I = {k: v % dt for k, v in inputs.items()}
        for k in ["3,4", "3,4t", "3,4s", "2,3,4", "5", "()", "0,3", "6s"]:
            case("zeros_like", "-", [I[k]], "")
            case("ones_like", "-", [I[k]], "")
            case("full_like", "-", [I[k]], "7")
            case("ravel", "-", [I[k]], "")
            case("flatten", "-", [I[k]], "")
        for k in ["5", "6s", "3,4", "3,4t", "3,4s", "0", "()", "2,3,4"]:
            for d in ["0", "1", "-2", "9"]:
                case("diag", "-", [I[k]], d)
        for d in ["0 0 1", "1 1 0", "-1 0 2", "0 -1 -3", "0 1 1", "2 0 5"]:
            case("diagonal", "-", [I["2,3,4"]], d)
        for k in ["3,4", "3,4t", "2,3,4", "5", "()"]:
            for d in ["0", "1", "-1", "-5"]:
                case("tril", "-", [I[k]], d)
                case("triu", "-", [I[k]], d)
        for idx in ["xy", "ij"]:
            case("meshgrid", "-", [I["5"], I["6s"]], idx)
            case("meshgrid", "-", [I["5"], I["3,4"], I["0"]], idx)
            case("meshgrid", "-", [I["6s"]], idx)
        for ax in ["0", "1", "-1", "2", "-3"]:
            case("concatenate", "-", [I["3,4"], I["3,4s"], I["3,4t"]], ax)
            case("concatenate", "-", [I["2,3,4"], I["2,3,4"]], ax)
            case("stack", "-", [I["3,4"], I["3,4s"]], ax)
            case("stack", "-", [I["5"], I["5"], I["5"]], ax)
        case("concatenate", "-", [I["0,3"], I["3,4s"]], "0")
        case("concatenate", "-", [I["3,4"], I["5"]], "0")
        case("concatenate", "-", [I["()"], I["()"]], "0")
        case("stack", "-", [I["()"], I["()"]], "0")
        case("stack", "-", [I["3,4"], I["5"]], "0")
        for group in [["5", "6s"], ["3,4", "3,4s"], ["()", "5"], ["2,3,4", "2,3,4t"]]:
            for op in ["hstack", "vstack", "dstack", "column_stack"]:
                case(op, "-", [I[g] for g in group], "")
        for k in ["3,4", "2,3,4", "6s", "3,4t"]:
            for args in ["2 0", "3 0", "2 -1", "4 1", "[1,3] 0", "[-1,5,2] -1", "[] 0", "1 0",
                         "0 0", "3 5"]:
                case("split", "-", [I[k]], args)
                case("array_split", "-", [I[k]], args)
            for s in ["2", "3", "1"]:
                case("hsplit", "-", [I[k]], s)
                case("vsplit", "-", [I[k]], s)
        case("hsplit", "-", [I["()"]], "1")
        for k in ["3,4s", "5", "()", "2,3,4t", "0,3"]:
            for reps in ["2", "[2,3]", "[1,1]", "[2,1,3]", "[0,2]", "[]", "[-1]"]:
                case("tile", "-", [I[k]], reps)
            for args in ["2 None", "3 0", "[1,0,2] 0", "2 -1", "0 1", "[2] 0", "-1 0", "[1,2] 0",
                         "2 4"]:
                case("repeat", "-", [I[k]], args)
            for args in ["1 None", "-2 None", "7 0", "-1 -1", "2 1", "[1,2] [0,1]", "[1,1] [0,0]",
                         "3 3", "[1] [0,-1]", "[1,2] [-1]", "[] []", "[2] []", "[1,2,3] [0,-1]"]:
                if k == "()" and args in ("[] []", "[2] []"):
                    continue  # NumPy raises "not enough values to unpack" (docs/differences.md)
                case("roll", "-", [I[k]], args)
        for k in ["3,4s", "5", "2,3,4t", "0,3", "()"]:
            for mode in ["constant", "edge", "reflect", "wrap"]:
                for widths in ["[[1,2]]", "[[2,0]]", "[[0,0]]", "[[5,7]]", "[[1,2],[3,0]]",
                               "[[1,1],[0,2],[2,1]]", "[[-1,2]]"]:
                    case("pad", "-", [I[k]], widths + " " + mode + " 9")
        case("pad", "-", [I["5"]], "[[3,3]] reflect 0")
        case("pad", "-", ["1|%s||" % dt], "[[3,3]] reflect 0")
        for k in ["3,4s", "2,3,4t", "5"]:
            for args in ["1 0 1", "2 0 1", "3 0 1", "-1 0 1", "4 0 1", "1 1 0", "1 -1 0", "1 0 2",
                         "1 0 0", "1 0 -2", "5 2 -3"]:
                case("rot90", "-", [I[k]], args)
            for args in ["0 1", "-1 0", "0 2", "1 1"]:
                case("swapaxes", "-", [I[k]], args)
            for args in ["0 -1", "-1 0", "[0,1] [2,0]", "[0,1] [0]", "[0,0] [1,2]", "3 0", "1 1"]:
                case("moveaxis", "-", [I[k]], args)
        for k in ["3,4", "3,4t", "3,4s", "2,3,4t", "0,3", "()"]:
            for dims in ["[-1]", "[2,-1]", "[-1,3]", "[4,-1,1]", "[-1,-1]", "[5,-1]", "[12]",
                         "[2,2,-1]", "[1,-1]", "[]"]:
                case("reshape", "-", [I[k]], dims)
    # mixed dtypes promote as np.result_type
    for a, b in [("i1", "u8"), ("f2", "i1"), ("b1", "f4"), ("c16", "f2"), ("u8", "f8"),
                 ("i1", "b1")]:
        case("concatenate", "-", ["3,4|%s||" % a, "2,4|%s||" % b], "0")
        case("stack", "-", ["5|%s||" % a, "5|%s||" % b], "1")
        case("vstack", "-", ["5|%s||" % a, "5|%s||" % b, "5|%s|::-1|" % a], "")


main()
