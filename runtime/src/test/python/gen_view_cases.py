#!/usr/bin/env python3
"""Generates the NumPy golden corpus for ndprim's view operations on Layout.

Each case builds a view of np.arange(size).reshape(base) (a basic-indexing spec, then
optionally a transpose, so the input is often not contiguous), applies one view operation with
numpy and records what numpy does. Deterministic for a given seed and numpy version:

    python3 runtime/src/test/python/gen_view_cases.py \
        > runtime/src/test/resources/golden/view_cases.txt

Line format (tab-separated, '#' starts a comment line):

    <base>  <spec>  <perm>  <op>  <arg>  OK          <shape>  <strides>  <values>
    <base>  <spec>  <perm>  <op>  <arg>  COPY        <shape>  <values>
    <base>  <spec>  <perm>  <op>  <arg>  ValueError  <message>
    <base>  <spec>  <perm>  <op>  <arg>  AxisError   <message>

<base> is the shape of the arange; <spec> the basic-indexing spec (NumPy syntax) applied to
it; <perm> the axes of a following a.transpose(perm), or '-' for none. <op> and <arg>:

    transpose     -            a.T
    permute       (1, 0, 2)    np.transpose(a, axes)
    reshape       (3, 4)       a.reshape(shape, copy=False): OK when numpy returns a view,
                               COPY when it raises "Unable to avoid creating a copy while
                               reshaping." (the values are then those of a.reshape(shape))
    broadcast_to  (2, 3, 4)    np.broadcast_to(a, shape)
    squeeze       - or 1       np.squeeze(a) / np.squeeze(a, axis)
    expand_dims   -1           np.expand_dims(a, axis)

Shapes are Python tuples, e.g. "(2, 3, 4)", "(5,)", "()". <strides> are the result's strides
in elements (numpy's byte strides / 8). <values> are the result's elements in C order (the
arange values, i.e. storage offsets into the base), space-separated, empty for size 0. Every
OK result shares memory with the base (checked here with np.shares_memory).
"""

import argparse
import random
import sys

import numpy as np


def tuple_text(t):
    if len(t) == 1:
        return '(%d,)' % t[0]
    return '(' + ', '.join(str(d) for d in t) + ')'


def rand_base(rng):
    rank = rng.choices([0, 1, 2, 3, 4], weights=[1, 3, 4, 4, 3])[0]
    dims = []
    for _ in range(rank):
        r = rng.random()
        dims.append(0 if r < 0.07 else 1 if r < 0.25 else rng.randint(2, 5 if rank <= 2 else 4))
    return tuple(dims)


def rand_prep_spec(rng, shape):
    """A valid basic-indexing spec that often makes the view non-contiguous."""
    parts = []
    for n in shape:
        r = rng.random()
        if r < 0.35:
            parts.append(':')
        elif r < 0.5:
            parts.append('::-1')
        elif r < 0.62:
            parts.append('::2')
        elif r < 0.7:
            parts.append('1:')
        elif r < 0.76:
            parts.append(':-1')
        elif r < 0.82:
            parts.append('::-2')
        elif r < 0.9 and n > 0:
            parts.append(str(rng.randint(-n, n - 1)))
        else:
            parts.append(':')
        if rng.random() < 0.08:
            parts.append('None')
    while parts and parts[-1] == ':' and rng.random() < 0.7:
        parts.pop()
    return ', '.join(parts)


def rand_perm_axes(rng, rank):
    axes = list(range(rank))
    rng.shuffle(axes)
    return axes


def factorizations(size, rank, rng):
    """A random shape of the given rank with the given size (size > 0)."""
    dims = [1] * rank
    if rank == 0:
        return dims if size == 1 else None
    n = size
    p = 2
    primes = []
    while n > 1:
        while n % p == 0:
            primes.append(p)
            n //= p
        p += 1
    for q in primes:
        dims[rng.randrange(rank)] *= q
    return dims


def rand_reshape_arg(rng, a):
    size = a.size
    r = rng.random()
    if r < 0.1:
        # a wrong size
        rank = rng.randint(1, 3)
        dims = [rng.randint(1, 5) for _ in range(rank)]
        if int(np.prod(dims)) == size:
            dims[0] += 1
        return tuple(dims)
    if r < 0.2:
        return a.shape  # unchanged
    if size == 0:
        rank = rng.randint(1, 4)
        dims = [rng.randint(0, 4) for _ in range(rank)]
        dims[rng.randrange(rank)] = 0
        return tuple(dims)
    rank = rng.randint(0 if size == 1 else 1, 5)
    return tuple(factorizations(size, rank, rng))


def rand_broadcast_arg(rng, a):
    r = rng.random()
    lead = [rng.choice([1, 2, 3, 0 if rng.random() < 0.1 else 2])
            for _ in range(rng.choices([0, 1, 2], weights=[3, 3, 1])[0])]
    dims = []
    for n in a.shape:
        if n == 1:
            dims.append(rng.choice([1, 1, 2, 3, 4, 0]))
        else:
            dims.append(n)
    if r < 0.12 and dims:
        k = rng.randrange(len(dims))
        dims[k] = dims[k] + rng.choice([1, 2]) if a.shape[k] != 1 else dims[k]
    if r > 0.95 and dims:
        dims = dims[1:]  # fewer dimensions than the array
        lead = []
    return tuple(lead + dims)


def rand_case(rng):
    base = rand_base(rng)
    size = int(np.prod(base)) if base else 1
    b = np.arange(size, dtype=np.int64).reshape(base)
    while True:
        spec = rand_prep_spec(rng, base)
        try:
            a = b[eval('np.s_[' + spec + ']')] if spec else b[()]
            a = np.asarray(a)
            if a.base is None and a.ndim == 0:
                a = b[eval('np.s_[' + spec + ', ...]')] if spec else b[...]
            break
        except IndexError:
            continue
    perm = None
    if a.ndim > 1 and rng.random() < 0.4:
        perm = rand_perm_axes(rng, a.ndim)
        a = a.transpose(perm)
    op = rng.choices(['transpose', 'permute', 'reshape', 'broadcast_to', 'squeeze',
                      'expand_dims'], weights=[1, 3, 6, 4, 3, 3])[0]
    rank = a.ndim
    if op == 'transpose':
        arg = None
    elif op == 'permute':
        axes = rand_perm_axes(rng, rank)
        axes = [x - rank if rng.random() < 0.25 else x for x in axes]
        r = rng.random()
        if r < 0.06:
            axes = axes + [0]
        elif r < 0.1 and axes:
            axes = axes[:-1]
        elif r < 0.15 and rank > 1:
            axes[rng.randrange(rank)] = axes[rng.randrange(rank)]
        elif r < 0.2 and axes:
            axes[rng.randrange(rank)] = rng.choice([rank, rank + 1, -rank - 1])
        arg = tuple(axes)
    elif op == 'reshape':
        arg = rand_reshape_arg(rng, a)
    elif op == 'broadcast_to':
        arg = rand_broadcast_arg(rng, a)
    elif op == 'squeeze':
        arg = None if rng.random() < 0.4 else rng.randint(-rank - 1, rank)
    else:
        arg = rng.randint(-rank - 2, rank + 1)
    return base, spec, perm, a, op, arg, b


def apply(op, a, arg):
    if op == 'transpose':
        return a.T
    if op == 'permute':
        return np.transpose(a, arg)
    if op == 'reshape':
        return a.reshape(arg, copy=False)
    if op == 'broadcast_to':
        return np.broadcast_to(a, arg)
    if op == 'squeeze':
        return np.squeeze(a) if arg is None else np.squeeze(a, arg)
    return np.expand_dims(a, arg)


def arg_text(op, arg):
    if arg is None:
        return '-'
    if isinstance(arg, tuple):
        return tuple_text(arg)
    return str(arg)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--seed', type=int, default=20240603)
    parser.add_argument('--count', type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    out.write('# NumPy view-operation golden cases for ndprim; generated by\n')
    out.write('# runtime/src/test/python/gen_view_cases.py --seed %d --count %d with numpy %s\n'
              % (args.seed, args.count, np.__version__))
    out.write('# base\tspec\tperm\top\targ\tOK\tshape\tstrides\tvalues'
              ' | ...\tCOPY\tshape\tvalues | ...\tValueError|AxisError\tmessage\n')
    seen = set()
    written = 0
    while written < args.count:
        base, spec, perm, a, op, arg, b = rand_case(rng)
        head = '%s\t%s\t%s\t%s\t%s' % (tuple_text(base), spec,
                                       '-' if perm is None else tuple_text(perm), op,
                                       arg_text(op, arg))
        if head in seen:
            continue
        seen.add(head)
        try:
            r = apply(op, a, arg)
        except np.exceptions.AxisError as e:
            out.write('%s\tAxisError\t%s\n' % (head, e))
        except ValueError as e:
            if str(e) == 'Unable to avoid creating a copy while reshaping.':
                c = a.reshape(arg)
                out.write('%s\tCOPY\t%s\t%s\n' % (head, tuple_text(c.shape),
                                                  ' '.join(str(v) for v in c.ravel())))
            else:
                out.write('%s\tValueError\t%s\n' % (head, e))
        else:
            if r.size and not np.shares_memory(r, b):
                raise AssertionError('not a view: ' + head)
            strides = tuple(s // 8 for s in r.strides)
            out.write('%s\tOK\t%s\t%s\t%s\n' % (head, tuple_text(r.shape), tuple_text(strides),
                                                ' '.join(str(v) for v in r.ravel())))
        written += 1


if __name__ == '__main__':
    main()
