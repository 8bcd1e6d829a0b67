"""Golden cases of NumPy's mask and position routines for ndprim's Indexing.

    python3 runtime/src/test/python/gen_positions_cases.py \
        | gzip -9n > runtime/src/test/resources/golden/positions_cases.txt.gz

Lines (tab-separated):  OP  INPUTS  PARAMS  RESULT
    OP      nonzero, where, argwhere, flatnonzero, count_nonzero, take, put, take_along_axis,
            put_along_axis, compress, extract
    INPUTS  arrays, ';'-separated, each DTYPE (SHAPE) HEX|INDEX|T: the C-order little-endian
            bytes of a base array, then indexed by the basic-index string INDEX (empty: none)
            and transposed when T is 't' (so views of every layout are covered). The first
            input is the array (for compress and extract: the condition, then the array); the
            second the indices; the third the values.
    PARAMS  space-separated: the axis (None for none) and, for take and put, the mode
    RESULT  OK followed by one entry per result array, ';'-separated, each DTYPE (SHAPE) HEX;
            for put and put_along_axis the whole base array of the target after the write.
            Or ERR KIND MESSAGE (NumPy's exception; a refused put must leave the target
            untouched, which the Java test checks against the input, as NumPy's put may have
            written some elements before it raised).
"""
import warnings

import golden_arrays
import numpy as np

warnings.simplefilter("ignore")

ALL = ["b1", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f2", "f4", "f8", "c8", "c16"]
rng = np.random.default_rng(20261203)


enc = golden_arrays.enc
view_of = golden_arrays.view_of


def data(dt, shape, special=True):
    return golden_arrays.data(rng, dt, shape, special)



def safe_values(dt, shape):
    """Values whose cast to every dtype is exact and platform-independent: small, >= 0."""
    n = int(np.prod(shape)) if shape else 1
    v = rng.integers(0, 6, n).astype(np.float64)
    if np.dtype(dt).kind in "fc":
        v = v * 0.5
    return v.astype(dt).reshape(shape)


VIEWS = {  # base shape, index, transpose
    "1": ((7,), "", ""),
    "1r": ((7,), "::-1", ""),
    "1s": ((11,), "1::3", ""),
    "2": ((3, 4), "", ""),
    "2t": ((3, 4), "", "t"),
    "2s": ((4, 6), "::-2, 1::2", ""),
    "3": ((2, 3, 4), "", ""),
    "0": ((0,), "", ""),
    "02": ((2, 0), "", ""),
    "20": ((0, 3), "", ""),
    "()": ((), "", ""),
}


def spec(base, index="", t=""):
    return ("%s|%s|%s" % (enc(base), index, t), base, view_of(base, index, t))


def arr(dt, view, special=True):
    shape, index, t = VIEWS[view]
    return spec(data(dt, shape, special), index, t)


def plain(a):
    return spec(np.asarray(a))


def positions(n, shape, dt="i8", bad=0.1):
    """Positions along an axis of length n: mostly in [-n, n), some outside."""
    size = int(np.prod(shape)) if shape else 1
    if n == 0:
        p = rng.integers(-2, 3, size)
    else:
        p = rng.integers(-n, n, size)
        out = rng.random(size) < bad
        p = np.where(out, rng.choice([n, n + 2, -n - 1, 3 * n + 1, -3 * n - 2], size), p)
    if dt == "b1":
        return (p % 2).astype(bool).reshape(shape)
    if np.dtype(dt).kind == "u":
        p = np.abs(p)
    if dt == "f8":
        return p.astype(dt).reshape(shape)
    info = np.iinfo(dt)
    return np.clip(p, info.min, info.max).astype(dt).reshape(shape)


def axis_param(tok):
    return None if tok == "None" else int(tok)


def run(op, arrays, p):
    if op in ("nonzero", "where"):
        return list(np.nonzero(arrays[0])) if op == "nonzero" else list(np.where(arrays[0]))
    if op == "argwhere":
        return [np.argwhere(arrays[0])]
    if op == "flatnonzero":
        return [np.flatnonzero(arrays[0])]
    if op == "count_nonzero":
        return [np.asarray(np.count_nonzero(arrays[0], axis=axis_param(p[0])), dtype=np.int64)]
    if op == "take":
        return [np.take(arrays[0], arrays[1], axis=axis_param(p[0]), mode=p[1])]
    if op == "take_along_axis":
        return [np.take_along_axis(arrays[0], arrays[1], axis=axis_param(p[0]))]
    if op == "compress":
        return [np.compress(arrays[0], arrays[1], axis=axis_param(p[0]))]
    if op == "extract":
        return [np.extract(arrays[0], arrays[1])]
    raise ValueError(op)


def write(op, target, arrays, p):
    if op == "put":
        np.put(target, arrays[1], arrays[2], mode=p[1])
    else:
        np.put_along_axis(target, arrays[1], arrays[2], axis=axis_param(p[0]))


def case(op, inputs, params):
    p = params.split(" ")
    try:
        with np.errstate(all="ignore"):
            if op in ("put", "put_along_axis"):
                base = inputs[0][1].copy()
                f = inputs[0][0].split("|")
                target = view_of(base, f[1], f[2])
                write(op, target, [x[2] for x in inputs], p)
                rs = [base]
            else:
                rs = run(op, [x[2] for x in inputs], p)
        result = "OK " + ";".join(enc(x) for x in rs)
    except Exception as e:  # noqa: BLE001 - every NumPy error is a golden case
        result = "ERR %s %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
    print("%s\t%s\t%s\t%s" % (op, ";".join(x[0] for x in inputs), params, result))


def main():
    print("# NumPy %s mask and position cases for ndprim; generated by"
          " runtime/src/test/python/gen_positions_cases.py" % np.__version__)
    for dt in ALL:
        for v in VIEWS:
            s = arr(dt, v)
            a = s[2]
            rank = a.ndim
            axes = ["None"] + [str(x) for x in range(-rank, rank)] + [str(max(rank, 1))]
            # where the nonzero elements are
            for op in ("nonzero", "where", "argwhere", "flatnonzero"):
                case(op, [s], "None")
            for ax in axes[:-1] if rank else ["None"]:
                case("count_nonzero", [s], ax)
            # take: every axis and mode, indices of several shapes and types
            take_axes = axes if rank else ["None", "0", "-1", "1"]
            for ax in take_axes:
                valid = ax == "None" or -max(rank, 1) <= int(ax) < max(rank, 1)
                n = a.size if ax == "None" else (a.shape[int(ax)] if rank and valid else 1)
                for shape in [(4,), (2, 3), (), (0,)] if valid else [(2,)]:
                    idt = ["i8", "i1", "u1", "b1", "u8", "i4"][rng.integers(0, 6)]
                    ind = plain(positions(n, shape, idt))
                    for mode in ("raise", "wrap", "clip") if valid else ("raise",):
                        case("take", [s, ind], "%s %s" % (ax, mode))
            ind = spec(positions(max(a.size, 1), (6,)), "::-2")
            case("take", [s, ind], "None raise")
            case("take", [s, plain(np.array([1.0, 0.0]))], "None raise")
            case("take", [s, plain(np.array([1 + 0j]))], "None raise")
            # put: flat positions into every view, values of the target's type and others
            for shape in [(3,), (2, 2), (), (0,), (5,)] if a.size else [(1,), (0,)]:
                for idt in ("i8", ["i1", "b1", "u4", "u2"][rng.integers(0, 4)]):
                    ind = plain(positions(max(a.size, 1), shape, idt, bad=0.15))
                    for mode in ("raise", "wrap", "clip"):
                        vshape = [(3,), (1,), (), (2, 3), (0,)][rng.integers(0, 5)]
                        vdt = dt if rng.random() < 0.6 else ["i8", "f8", "b1", "c16"][
                            rng.integers(0, 4)]
                        vals = plain(safe_values(vdt, vshape) if vdt != dt else data(dt, vshape))
                        case("put", [s, ind, vals], "None %s" % mode)
            repeated = plain(np.array([0, 0, -1, 0]) if a.size else np.array([0]))
            case("put", [s, repeated, plain(data(dt, (4,)))], "None raise")
            case("put", [s, plain(np.array([1], np.uint64)), plain(data(dt, (1,)))], "None raise")
            case("put", [s, plain(np.array([1.0])), plain(data(dt, (1,)))], "None raise")
            # take_along_axis and put_along_axis
            for ax in (axes if rank else ["None", "0"]):
                if ax == "None":
                    for shape in [(3,), (0,), (2, 1)]:
                        ind = plain(positions(a.size, shape))
                        case("take_along_axis", [s, ind], ax)
                        if a.flags.c_contiguous and v in ("1", "2", "3", "0", "()"):
                            vals = plain(data(dt, [(3,), (1,), ()][rng.integers(0, 3)]))
                            case("put_along_axis", [s, ind, vals], ax)
                    continue
                axn = int(ax)
                for variant in ("same", "k", "bcast", "mismatch", "rank", "empty"):
                    if not (-rank <= axn < rank):
                        if variant != "same":
                            continue
                        shape = a.shape
                    else:
                        d = axn % rank
                        shape = list(a.shape)
                        if variant == "k":
                            shape[d] = 3
                        elif variant == "bcast":
                            shape = [1 if i != d else 2 for i in range(rank)]
                        elif variant == "mismatch":
                            if rank < 2:
                                continue
                            shape[(d + 1) % rank] += 1
                        elif variant == "rank":
                            shape = shape + [1]
                        elif variant == "empty":
                            shape[d] = 0
                    n = a.shape[axn] if -rank <= axn < rank else 1
                    idt = ["i8", "i8", "i8", "i4", "u1", "i1", "b1", "f8"][rng.integers(0, 8)]
                    ind = plain(positions(n, tuple(shape), idt, bad=0.05))
                    case("take_along_axis", [s, ind], ax)
                    sel = np.broadcast_shapes(tuple(shape), tuple(1 if i == (axn % rank)
                                                                  else a.shape[i] for i in range(rank))) \
                        if variant not in ("mismatch", "rank") and -rank <= axn < rank else (1,)
                    vshape = [sel, sel[-1:] if sel else (), (), (7,)][rng.integers(0, 4)]
                    vals = plain(data(dt, vshape))
                    case("put_along_axis", [s, ind, vals], ax)
            # compress and extract
            for ax in take_axes:
                n = a.size if ax == "None" else (a.shape[int(ax)] if rank and -rank <= int(ax) < rank
                                                 else 1)
                valid = ax == "None" or -max(rank, 1) <= int(ax) < max(rank, 1)
                for length in (n, max(n - 1, 0), n + 1, 0) if valid else (n,):
                    cdt = ["b1", "i4", "f8", "c16"][rng.integers(0, 4)]
                    cond = data(cdt, (length,))
                    if length > n and rng.random() < 0.5:
                        cond[n:] = 0
                    case("compress", [plain(cond), s], ax)
            case("compress", [plain(data("b1", (2, 2))), s], "None")
            case("compress", [plain(data("b1", ())), s], "None")
            for cshape in [a.shape, (a.size,), (max(a.size - 2, 0),), (a.size + 3,), (), (2, 2)]:
                cdt = ["b1", "i8", "f4", "c8"][rng.integers(0, 4)]
                cond = data(cdt, cshape)
                if cshape == (a.size + 3,) and rng.random() < 0.5:
                    cond[a.size:] = 0
                case("extract", [plain(cond), s], "None")
            case("extract", [spec(data("b1", (2 * max(a.size, 1),)), "::2"), s], "None")


main()
