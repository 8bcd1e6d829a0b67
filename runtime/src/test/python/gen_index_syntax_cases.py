#!/usr/bin/env python3
"""Golden cases for Indices.parse: index texts as NumPy users write them, evaluated by Python.

    python3 runtime/src/test/python/gen_index_syntax_cases.py \
        > runtime/src/test/resources/golden/index_syntax_cases.txt

For every (shape, spec) the script evaluates eval("a[" + spec + "]") with a = np.arange(size)
.reshape(shape) (and newaxis = None in scope) and classifies the index the way ndprim must:

    <shape>  <spec>  OK <result shape> <values>   an index written with Python literals (basic, or
                                                  advanced with int/bool lists and True/False)
    <shape>  <spec>  SyntaxError                  Python cannot parse a[<spec>]
    <shape>  <spec>  NOTLITERAL                   valid Python, but not a literal (1+1, --1, len(a))
    <shape>  <spec>  NOTBASIC                     a literal, but not basic indexing (a list, a
                                                  nested tuple, a bool, a float, ... as a bound)
    <shape>  <spec>  OverflowError                an integer index beyond int64
    <shape>  <spec>  IndexError <message>         numpy's error for a basic literal index
    <shape>  <spec>  ValueError <message>

ndprim's parser must return the same view for OK (shape and values), reject SyntaxError,
NOTLITERAL, NOTBASIC and OverflowError with an IndexSyntaxException, and fail with numpy's message otherwise.
<spec> escapes '\\', tab and newline as \\\\, \\t and \\n. Values are the result in C order; the
values of an arange are the offsets of the elements.
"""
import ast
import sys

import numpy as np

SHAPES = [(), (5,), (3, 4), (2, 3, 4)]

SPECS = [
    # forms of the issue (item 10)
    "()", "(1, 2)", "(3)", "Ellipsis", "None:3", "::None", "None:None:None", "1_000", "1_0", "01", "00", "0",
    "(1,)", "(0, 1)", "(-1, -1)", "((1))", "(1), (2)", "(None)", "(...)", "(Ellipsis, 1)", "(None, 1)",
    "(1, None, ...)", "(1:2)", "(1, 2:3)", "((1,),)", "((1, 2),)", "(1, (2,))", "(), 1", "((),)", "(())", "(,)",
    "(1,,)", "(1 2)", "( 1 , 2 , )", "(\n1,\n2)", "1,\n2", "\t1\t:\t3", "1:\x0c3",
    # ints
    "0x1", "0X1", "0o1", "0b1", "0B11", "0x_1", "1_", "1__0", "_1", "+1", "-1", "- 1", "+ 1", "--1", "+-1", "-+1",
    "1+1", "2-1", "2*1", "-0", "+0", "0_0", "000", "007", "1.0", "1.", ".5", "1e0", "1j", "True", "False",
    "1L", "1l", "99999999999999999999", "-99999999999999999999", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "0x7fffffffffffffff", "0x8000000000000000",
    # slices
    ":", "::", ":::", "1:", ":1", "::2", "::-1", "1:3", "1:3:", "-3:-1", "None:", ":None", "::None",
    "None::-1", "None:None", "(None):3", "1:(3)", "(1):(3):(2)", "1:None:2", "::0", "1:2:3:4",
    "99999999999999999999:", ":99999999999999999999", "-99999999999999999999:", "::99999999999999999999",
    "::-99999999999999999999", "1.0:3", ":3.0", "True:", ":False", "...:", ":...", "Ellipsis:", "0x1:0b11",
    "1_0:2_0", "01:", ":01", "--1:", "1+1:",
    # ellipsis, newaxis, names
    "...", "....", "..", ". . .", "Ellipsis, 1", "..., Ellipsis", "None", "newaxis", "None, None", "none", "NONE",
    "Nonesuch", "newaxis, ..., 0", "np.newaxis", "a", "len(a)", "[1]", "[1, 2]", "[]", "{1}", "'1'", "b'1'",
    "1, [2]", "slice(1)", "1 if 1 else 2", "lambda: 1", "*()", "1;2",
    # combinations and commas
    "1,", "1, 2", "1,2,", ",", "1,,2", ", 1", "1 2", "1, :, None", "-1, ..., ::-1", ":, 1", "..., 0",
    "0, ..., 0", "None, ..., None", "1, None:3, ::None", "(1, 2), 3", "1, (2, 3)",
    # lists: advanced indexing
    "[0, 2], ::-1", "[[0, 1], [1, 0]], :", "[True, False, True]", "[True, 2]", "[-1, +1]", "[1,]",
    "[ 1 , 2 ]", "[1, 2", "[1,, 2]", "[1.5]", "[None]", "[1:2]", "[0x1, 0b1]", "(0, [1])",
]


def int_or_bool_list(n):
    """An element of a list index ndprim parses: an int (one sign), a bool, or such a list."""
    if isinstance(n, ast.Constant):
        return type(n.value) in (int, bool)
    if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.UAdd, ast.USub)):
        return isinstance(n.operand, ast.Constant) and type(n.operand.value) is int
    return isinstance(n, ast.List) and all(int_or_bool_list(e) for e in n.elts)


def basic_literal(node):
    """An index AST node made only of literals: ints (one sign), None, Ellipsis, newaxis, slices of those."""
    def scalar(n, in_slice=False):
        if isinstance(n, ast.Constant):
            if n.value is None:
                return True
            if n.value is Ellipsis:
                return not in_slice
            if type(n.value) is int:
                return True
            if type(n.value) is bool and not in_slice:
                return True  # a rank-0 mask: advanced indexing, which ndprim parses
            return "notbasic"
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.UAdd, ast.USub)):
            if isinstance(n.operand, ast.Constant) and type(n.operand.value) is int:
                return True
            if isinstance(n.operand, ast.Constant) and type(n.operand.value) in (float, complex, bool):
                return "notbasic"
            return False
        if isinstance(n, ast.Name) and n.id in ("Ellipsis", "newaxis") and not in_slice:
            return True
        if isinstance(n, ast.Name) and n.id in ("Ellipsis",) and in_slice:
            return "notbasic"
        if isinstance(n, ast.List) and not in_slice and all(int_or_bool_list(e) for e in n.elts):
            return True  # an integer or boolean array: advanced indexing, which ndprim parses
        if isinstance(n, (ast.List, ast.Tuple, ast.Set)):
            return "notbasic" if all(scalar(e) is True for e in n.elts) or not n.elts else False
        return False

    def item(n):
        if isinstance(n, ast.Slice):
            results = [scalar(p, True) for p in (n.lower, n.upper, n.step) if p is not None]
            if any(r is False for r in results):
                return False
            return "notbasic" if any(r == "notbasic" for r in results) else True
        return scalar(n)

    if isinstance(node, ast.Tuple):
        results = [item(e) for e in node.elts]
        if any(r is False for r in results):
            return False
        return "notbasic" if any(r == "notbasic" for r in results) else True
    return item(node)


def classify(shape, spec):
    source = "a[" + spec + "]"
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return "SyntaxError"
    if spec.strip() == "":
        pass  # never reached: a[] is a syntax error; ndprim's empty spec is a[()] (tested in Java)
    kind = basic_literal(tree.body.slice)
    if kind is False:
        return "NOTLITERAL"
    if kind == "notbasic":
        return "NOTBASIC"
    size = int(np.prod(shape)) if shape else 1
    a = np.arange(size).reshape(shape)
    try:
        r = np.asarray(eval(source, {"a": a, "newaxis": None}))
    except IndexError as e:
        return "IndexError\t%s" % e
    except ValueError as e:
        return "ValueError\t%s" % e
    except OverflowError:
        return "OverflowError"  # an integer index beyond int64; ndprim: "does not fit a long"
    except TypeError:
        return "NOTBASIC"  # e.g. a float bound: numpy's TypeError, a parse error for ndprim
    dims = "(" + ", ".join(map(str, r.shape)) + ("," if r.ndim == 1 else "") + ")"
    return "OK\t%s\t%s" % (dims, " ".join(str(v) for v in r.ravel()))


def escape(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\x0c", "\\f")


def main():
    out = sys.stdout
    out.write("# Indices.parse golden cases; generated by runtime/src/test/python/gen_index_syntax_cases.py"
              " with numpy %s, Python %s\n" % (np.__version__, sys.version.split()[0]))
    out.write("# shape\tspec\toutcome\t[result shape\tvalues | message]\n")
    for shape in SHAPES:
        for spec in SPECS:
            shape_text = "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
            out.write("%s\t%s\t%s\n" % (shape_text, escape(spec), classify(shape, spec)))


if __name__ == "__main__":
    main()
