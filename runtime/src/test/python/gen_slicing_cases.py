#!/usr/bin/env python3
"""Generates the NumPy golden corpus for ndprim's basic indexing (Layout.slice).

Each case applies a random basic-indexing spec to np.arange(size).reshape(shape) with numpy and
records what numpy does. The output is deterministic for a given seed and numpy version:

    python3 runtime/src/test/python/gen_slicing_cases.py \
        > runtime/src/test/resources/golden/slicing_cases.txt

Line format (tab-separated, '#' starts a comment line):

    <shape>  <spec>  <tf>  <tf outcome>  OK          <result shape>  <values>
    <shape>  <spec>  <tf>  <tf outcome>  IndexError  <message>
    <shape>  <spec>  <tf>  <tf outcome>  ValueError  <message>

<shape> and <result shape> are Python tuples, e.g. "(2, 3, 4)", "(5,)", "()".
<spec> is the text between the brackets of a[...] in NumPy syntax, e.g. "1:, ..., None, -1";
the empty spec means a[()]. <values> are the result's elements in C order, space-separated
(empty for a size-0 result). Because the base is an arange, each value is the element's
offset in the C-order base.

<tf> is the StridedSlice encoding that tf.Tensor.__getitem__ (_slice_helper) builds for the
spec: "begin|end|strides|begin_mask end_mask ellipsis_mask new_axis_mask shrink_axis_mask",
lists space-separated, e.g. "1 0 0 -1|0 0 0 0|1 1 1 1|0 1 2 4 8". One difference from TF's
Python: the end of an integer index 2**63-1 is kept at 2**63-1 (TF's Python cannot convert
2**63 to int64; the kernel ignores the end of a shrink entry).

<tf outcome> is "OK" or the error message of TF's kernel for that encoding, computed by
tf_strided_slice() below, a transcription of tensorflow/core/util/strided_slice_op.cc
(ValidateStridedSliceOp + BuildDenseSpec); TensorFlow itself is not needed. The script checks
that the transcription and numpy agree on every valid case (shape and values) and that they
fail on the same cases; error kinds are mapped in GoldenSlicingTest and messages differ.
"""

import argparse
import random
import sys

import numpy as np

BIG = [2**63 - 1, -(2**63), 10**18, -(10**18)]


def rand_shape(rng):
    rank = rng.choices([0, 1, 2, 3, 4], weights=[1, 3, 4, 4, 3])[0]
    dims = []
    for _ in range(rank):
        dims.append(0 if rng.random() < 0.1 else rng.randint(1, 6 if rank <= 2 else 4))
    return tuple(dims)


def rand_bound(rng, n):
    r = rng.random()
    if r < 0.3:
        return None
    if r < 0.33:
        return rng.choice(BIG)
    return rng.randint(-n - 3, n + 3)


def rand_step(rng, n):
    r = rng.random()
    if r < 0.3:
        return None
    if r < 0.33:
        return 0
    if r < 0.36:
        return rng.choice(BIG)
    return rng.choice([1, 2, 3, -1, -2, -3, n + 1, -(n + 1)])


def rand_consuming(rng, n):
    """An integer or slice entry for an axis of length n (n is a guess beyond the rank)."""
    if rng.random() < 0.35:
        if rng.random() < 0.9:
            return ('int', rng.randint(-n, n - 1)) if n > 0 else ('int', rng.randint(-2, 1))
        return ('int', rng.choice([n, -n - 1, n + 5] + BIG))
    return ('slice', rand_bound(rng, n), rand_bound(rng, n), rand_step(rng, n))


def rand_spec(rng, shape):
    rank = len(shape)
    if rng.random() < 0.9:
        consuming = rng.randint(0, rank)
    else:
        consuming = rank + rng.randint(1, 2)
    ellipses = rng.choices([0, 1, 2], weights=[50, 45, 5])[0]
    newaxes = rng.choices([0, 1, 2, 3], weights=[55, 30, 10, 5])[0]
    # with an ellipsis the consuming entries are split between the leading and trailing axes
    kinds = ['c'] * consuming + ['e'] * ellipses + ['n'] * newaxes
    rng.shuffle(kinds)
    entries = []
    lead = [i for i, k in enumerate(kinds) if k == 'e']
    first_ellipsis = lead[0] if lead else len(kinds)
    after = sum(1 for k in kinds[first_ellipsis:] if k == 'c')
    axis = 0
    seen_ellipsis = False
    for k in kinds:
        if k == 'e':
            entries.append(('ellipsis',))
            if not seen_ellipsis:
                seen_ellipsis = True
                axis = max(axis, rank - after)
        elif k == 'n':
            entries.append(('newaxis',))
        else:
            n = shape[axis] if 0 <= axis < rank else 3
            entries.append(rand_consuming(rng, n))
            axis += 1
    return entries


def spec_text(entries, rng):
    parts = []
    for e in entries:
        if e[0] == 'int':
            parts.append(str(e[1]))
        elif e[0] == 'newaxis':
            parts.append('None')
        elif e[0] == 'ellipsis':
            parts.append('...')
        else:
            _, start, stop, step = e
            s = ('' if start is None else str(start)) + ':' + ('' if stop is None else str(stop))
            if step is not None:
                s += ':' + str(step)
            elif rng.random() < 0.1:
                s += ':'  # "a:b:" is valid NumPy syntax too
            parts.append(s)
    return ', '.join(parts)


def numpy_index(entries):
    out = []
    for e in entries:
        if e[0] == 'int':
            out.append(e[1])
        elif e[0] == 'newaxis':
            out.append(None)
        elif e[0] == 'ellipsis':
            out.append(Ellipsis)
        else:
            out.append(slice(e[1], e[2], e[3]))
    return tuple(out)


def tuple_text(t):
    if len(t) == 1:
        return '(%d,)' % t[0]
    return '(' + ', '.join(str(d) for d in t) + ')'


INT64_MAX = 2**63 - 1


def tf_encoding(entries):
    """begin, end, strides and the five masks, as tf.Tensor.__getitem__ (_slice_helper)."""
    begin, end, strides = [], [], []
    masks = [0, 0, 0, 0, 0]  # begin, end, ellipsis, new_axis, shrink_axis
    for i, e in enumerate(entries):
        bit = 1 << i
        if e[0] == 'int':
            begin.append(e[1])
            end.append(min(e[1] + 1, INT64_MAX))
            strides.append(1)
            masks[4] |= bit
        elif e[0] == 'ellipsis':
            begin.append(0)
            end.append(0)
            strides.append(1)
            masks[2] |= bit
        elif e[0] == 'newaxis':
            begin.append(0)
            end.append(0)
            strides.append(1)
            masks[3] |= bit
        else:
            _, start, stop, step = e
            if start is None:
                begin.append(0)
                masks[0] |= bit
            else:
                begin.append(start)
            if stop is None:
                end.append(0)
                masks[1] |= bit
            else:
                end.append(stop)
            strides.append(1 if step is None else step)
    return begin, end, strides, masks


def encoding_text(begin, end, strides, masks):
    return '|'.join(' '.join(str(v) for v in xs) for xs in (begin, end, strides, masks))


class TfError(Exception):
    pass


def tf_strided_slice(a, begin, end, strides, masks):
    """TF's StridedSlice kernel shape/bounds logic applied to numpy array a; returns a copy."""
    begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask = masks
    n = len(strides)
    if len(begin) != n or len(end) != n or n >= 32:
        raise TfError('Expected begin, end, and strides to be 1D equal size tensors, '
                      'but got shapes [%d], [%d], and [%d] instead.' % (len(begin), len(end), n))
    if ellipsis_mask & (ellipsis_mask - 1):
        raise TfError('Multiple ellipses in slice spec not allowed')
    sparse_dims = n
    ellipsis_seen = False
    num_add_axis_after_ellipsis = 0
    for i in range(n):
        if ellipsis_seen and (1 << i) & new_axis_mask:
            num_add_axis_after_ellipsis += 1
        if (1 << i) & ellipsis_mask:
            ellipsis_seen = True
    if not ellipsis_seen:
        ellipsis_mask |= 1 << sparse_dims
        sparse_dims += 1
    dims = a.ndim
    d_begin, d_end, d_strides = [0] * dims, [0] * dims, [0] * dims
    d_begin_mask = d_end_mask = d_shrink = 0
    gather = []  # input axis, 'shrink' or 'new'
    full = 0
    for i in range(sparse_dims):
        if (1 << i) & ellipsis_mask:
            next_index = min(dims - (sparse_dims - i) + 1 + num_add_axis_after_ellipsis, dims)
            while full < next_index:
                d_begin[full] = d_end[full] = 0
                d_strides[full] = 1
                d_begin_mask |= 1 << full
                d_end_mask |= 1 << full
                gather.append(full)
                full += 1
        elif (1 << i) & new_axis_mask:
            gather.append('new')
        else:
            if full == dims:
                raise TfError('Index out of range using input dim %d; input has only %d dims'
                              % (full, dims))
            d_begin[full], d_end[full], d_strides[full] = begin[i], end[i], strides[i]
            if begin_mask & (1 << i):
                d_begin_mask |= 1 << full
            if end_mask & (1 << i):
                d_end_mask |= 1 << full
            if shrink_axis_mask & (1 << i):
                gather.append('shrink')
                d_shrink |= 1 << full
            else:
                gather.append(full)
            full += 1
    processing = []
    takes = []
    for i in range(dims):
        b, e, st, dim = d_begin[i], d_end[i], d_strides[i], a.shape[i]
        if st == 0:
            raise TfError('strides[%d] must be non-zero' % i)
        shrink = bool(d_shrink & (1 << i))
        masked = (d_begin_mask & (1 << i), d_end_mask & (1 << i))
        valid = (0 if st > 0 else -1, dim if st > 0 else dim - 1)

        def canonical(x, c):
            if masked[c]:
                return valid[c] if st > 0 else valid[(c + 1) & 1]
            fwd = dim + x if x < 0 else x
            return valid[0] if fwd < valid[0] else (valid[1] if fwd > valid[1] else fwd)

        if shrink and st <= 0:
            raise TfError('only stride 1 allowed on non-range indexing.')
        if shrink:
            fwd = dim + b if b < 0 else b
            b, e = fwd, fwd + 1
            if fwd < 0 or fwd >= dim:
                raise TfError('slice index %d of dimension %d out of bounds.' % (b, i))
        else:
            b, e = canonical(b, 0), canonical(e, 1)
        interval = e - b
        if interval == 0 or ((interval < 0) != (st < 0)):
            size = 0
        else:
            q = abs(interval) // abs(st)  # C++ truncating division; signs agree here
            size = q + (1 if interval % st != 0 else 0)
        processing.append(size)
        takes.append([b + k * st for k in range(size)])
    r = a[np.ix_(*takes)] if dims else a.copy()
    final = []
    for g in gather:
        if g == 'new':
            final.append(1)
        elif g != 'shrink':
            final.append(processing[g])
    return r.reshape(final)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--seed', type=int, default=20240601)
    parser.add_argument('--count', type=int, default=3000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    out.write('# NumPy basic-indexing golden cases for ndprim; generated by\n')
    out.write('# runtime/src/test/python/gen_slicing_cases.py --seed %d --count %d with numpy %s\n'
              % (args.seed, args.count, np.__version__))
    out.write('# shape\tspec\ttf encoding\ttf outcome\tOK\tresult shape\tvalues'
              ' | shape\tspec\ttf encoding\ttf outcome\tIndexError|ValueError\tmessage\n')
    seen = set()
    written = 0
    while written < args.count:
        shape = rand_shape(rng)
        entries = rand_spec(rng, shape)
        text = spec_text(entries, rng)
        key = (shape, text)
        if key in seen:
            continue
        seen.add(key)
        size = int(np.prod(shape)) if shape else 1
        a = np.arange(size, dtype=np.int64).reshape(shape)
        encoding = tf_encoding(entries)
        try:
            tf_result = tf_strided_slice(a, *encoding)
            tf_outcome = 'OK'
        except TfError as e:
            tf_result = None
            tf_outcome = str(e)
        prefix = '%s\t%s\t%s\t%s' % (tuple_text(shape), text, encoding_text(*encoding), tf_outcome)
        try:
            r = np.asarray(a[numpy_index(entries)])
        except (IndexError, ValueError) as e:
            if tf_result is not None:
                raise AssertionError('TF accepts a%s[%s], numpy: %s' % (shape, text, e))
            out.write('%s\t%s\t%s\n' % (prefix, type(e).__name__, e))
        else:
            if tf_result is None or tf_result.shape != r.shape or not np.array_equal(tf_result, r):
                raise AssertionError('TF differs on a%s[%s]: %s' % (shape, text, tf_outcome))
            values = ' '.join(str(v) for v in r.ravel())
            out.write('%s\tOK\t%s\t%s\n' % (prefix, tuple_text(r.shape), values))
        written += 1


if __name__ == '__main__':
    main()
