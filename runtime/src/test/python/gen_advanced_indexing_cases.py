#!/usr/bin/env python3
"""Generates the NumPy golden corpus for ndprim's advanced indexing (reads and assignment).

Each case takes a view of np.arange(size).reshape(shape) (a basic-indexing spec, optionally
transposed, so every layout occurs: reversed, strided, offset, transposed), then applies a random
index that mixes integer lists, boolean lists, True/False, integers, slices, None and ... and
records what numpy does. Deterministic for a given seed and numpy version:

    python3 runtime/src/test/python/gen_advanced_indexing_cases.py \
        > runtime/src/test/resources/golden/advanced_indexing_cases.txt

Line format (tab-separated, '#' starts a comment line):

    R  <shape>  <view>  <T>  <spec>  OK          <result shape>  <values>
    R  <shape>  <view>  <T>  <spec>  IndexError  <message>
    W  <shape>  <view>  <T>  <spec>  <value shape>  OK          <base after>
    W  <shape>  <view>  <T>  <spec>  <value shape>  ValueError  <message>

<view> is a basic spec applied to the base first; <T> is "T" when the view is then transposed
(".T"), else "-". <spec> is the text between the brackets of view[...]. Read values are base
positions (the base is an arange). For a write, the value is -1 - np.arange(n) reshaped to
<value shape> (so value element j is -1 - j) and <base after> is the whole base, in C order,
after view[spec] = value: a non-negative entry is an untouched base position. Messages are
numpy's, stripped of trailing blanks.
"""

import random
import sys

import numpy as np

VIEWS = ["", "::-1", "1:", "::2", "..., ::-1", ":, 1:", "1::2, ::-1"]


def rand_shape(rng):
    rank = rng.choices([1, 2, 3, 4], weights=[3, 4, 4, 2])[0]
    return tuple(0 if rng.random() < 0.05 else rng.randint(1, 5) for _ in range(rank))


def int_list(rng, n, shape):
    def pos():
        if rng.random() < 0.03:
            return rng.choice([n, -n - 1, n + 3])
        return rng.randint(-n, n - 1) if n > 0 else rng.randint(-1, 0)
    if not shape:
        return str(pos())
    return "[" + ", ".join(int_list(rng, n, shape[1:]) for _ in range(shape[0])) + "]"


def bool_list(rng, shape):
    if not shape:
        return rng.choice(["True", "False"])
    return "[" + ", ".join(bool_list(rng, shape[1:]) for _ in range(shape[0])) + "]"


def rand_entry(rng, dims, axis, arr_shape):
    """One entry for the axes from `axis` of a view of lengths `dims`; returns (text, axes used)."""
    n = dims[axis] if axis < len(dims) else 3
    r = rng.random()
    if r < 0.35:
        return int_list(rng, n, arr_shape if arr_shape else (rng.randint(0, 3),)), 1
    if r < 0.45:
        k = 2 if rng.random() < 0.3 and axis + 1 < len(dims) else 1
        shape = tuple(dims[axis:axis + k])
        if rng.random() < 0.05:
            shape = (shape[0] + 1,) + shape[1:]
        if len(shape) == 1:
            return "[" + ", ".join(rng.choice(["True", "False"]) for _ in range(shape[0])) + "]", 1
        return bool_list(rng, shape), k
    if r < 0.5:
        return rng.choice(["True", "False"]), 0
    if r < 0.65:
        return str(rng.randint(-n, n - 1) if n > 0 else 0), 1
    if r < 0.85:
        return rng.choice([":", "::-1", "1:", ":2", "::2", "-2:"]), 1
    if r < 0.93:
        return "None", 0
    return "...", 0


def rand_spec(rng, dims):
    arr_shape = rng.choice([None, None, (2,), (1, 2), (2, 1), (3,), ()])
    count = rng.randint(1, len(dims) + (1 if rng.random() < 0.1 else 0))
    entries = []
    axis = 0
    for _ in range(count):
        text, used = rand_entry(rng, dims, axis, arr_shape)
        if text == "...":
            axis = len(dims) - (count - len(entries) - 1)
        entries.append(text)
        axis += used
    if not any(e.startswith("[") or e in ("True", "False") for e in entries):
        n = dims[0] if dims else 1
        entries[0] = int_list(rng, n, (rng.randint(1, 3),))
    return ", ".join(entries)


def shape_text(s):
    return "(" + ", ".join(str(d) for d in s) + ("," if len(s) == 1 else "") + ")"


def value_shape(rng, target):
    r = rng.random()
    if r < 0.2:
        return ()
    if r < 0.5 or not target:
        return target
    if r < 0.7:
        return target[rng.randint(0, len(target)):]
    if r < 0.85:
        return tuple(1 if rng.random() < 0.4 else d for d in target)
    if r < 0.92:
        return (1,) + tuple(target)
    bad = list(target)
    k = rng.randrange(len(bad))
    bad[k] = bad[k] + 2
    return tuple(bad)


def view_of(base, view, t):
    v = eval("base[" + view + "]") if view else base[()]
    return v.T if t else v


def main():
    rng = random.Random(20261202)
    out = sys.stdout
    out.write("# made by runtime/src/test/python/gen_advanced_indexing_cases.py with numpy "
              + np.__version__ + "\n")
    count = 0
    while count < 3000:
        shape = rand_shape(rng)
        size = int(np.prod(shape))
        view = rng.choice(VIEWS)
        t = rng.random() < 0.25
        base = np.arange(size).reshape(shape)
        try:
            v = view_of(base, view, t)
        except IndexError:
            continue
        spec = rand_spec(rng, v.shape)
        prefix = "\t".join([shape_text(shape), view, "T" if t else "-", spec])
        try:
            r = eval("v[" + spec + "]")
            read = "\t".join(["OK", shape_text(r.shape), " ".join(str(x) for x in r.ravel())])
            target = r.shape
        except IndexError as e:
            read = "IndexError\t" + str(e).rstrip()
            target = None
        out.write("R\t" + prefix + "\t" + read + "\n")
        count += 1
        if target is None or rng.random() < 0.4:
            continue
        vs = value_shape(rng, target)
        value = -1 - np.arange(int(np.prod(vs))).reshape(vs)
        b = np.arange(size).reshape(shape)
        w = view_of(b, view, t)
        try:
            exec("w[" + spec + "] = value")
            write = "OK\t" + " ".join(str(x) for x in b.ravel())
        except ValueError as e:
            write = "ValueError\t" + str(e).rstrip()
        out.write("W\t" + prefix + "\t" + shape_text(vs) + "\t" + write + "\n")


if __name__ == "__main__":
    main()
