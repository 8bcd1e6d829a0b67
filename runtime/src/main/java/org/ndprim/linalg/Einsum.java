package org.ndprim.linalg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndprim.BooleanNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.NdArrays;
import org.ndprim.Reduce;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.linalg.LinAlg.Kind;
import org.ndprim.text.Printable;
import org.ndprim.ufunc.Promotion;

/**
 * {@link LinAlg#einsum}: the parser of NumPy's subscripts (its checks, in its order, with its
 * messages) and the left-to-right pairwise evaluation on {@link LinAlg}'s kernels. See
 * {@link LinAlg#einsum} for the contract.
 *
 * <p>Labels are ints: a letter is its ASCII code, the broadcast ({@code ...}) axis {@code b}
 * (counted from the left of the {@code nb} broadcast axes, right-aligned across operands) is
 * {@code BROADCAST + b}.
 */
final class Einsum {
  private static final int BROADCAST = 128;
  private static final String NO_ELLIPSIS = " has more dimensions than subscripts given in"
      + " einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.";

  /** An operand or an intermediate result: the array and the label of each of its axes. */
  private static final class Term {
    final NdArray x;
    final int[] labels;

    Term(NdArray x, int[] labels) {
      this.x = x;
      this.labels = labels;
    }
  }

  /** NumPy's {@code NPY_MAXARGS}: the operands and the output together. */
  static final int MAX_OPERANDS = 64;

  private Einsum() {}

  static NdArray einsum(String subscripts, NdArray... operands) {
    Objects.requireNonNull(subscripts, "subscripts");
    Objects.requireNonNull(operands, "operands");
    int nop = operands.length;
    if (nop == 0) {
      throw new IllegalArgumentException(
          "must specify the einstein sum subscripts string and at least one operand");
    }
    if (nop >= MAX_OPERANDS) {
      // NumPy's C einsum (optimize=False, its default): NPY_MAXARGS counts the output too
      throw new IllegalArgumentException("too many operands: " + nop + " (at most "
          + (MAX_OPERANDS - 1) + ", as NumPy's einsum)");
    }
    for (int i = 0; i < nop; i++) {
      Objects.requireNonNull(operands[i], "operand " + i);
    }
    // ---- the operands' terms, as NumPy parses them: term by term, counts checked on the way
    String s = subscripts;
    int[] counts = new int[BROADCAST];
    int[][] letters = new int[nop][];
    int[] ellipsis = new int[nop];
    int pos = 0;
    for (int iop = 0; iop < nop; iop++) {
      int end = pos;
      while (end < s.length() && s.charAt(end) != ',' && s.charAt(end) != '-') {
        end++;
      }
      boolean comma = end < s.length() && s.charAt(end) == ',';
      if (iop == nop - 1 && comma) {
        // NumPy's words (they say "operands" where they mean terms)
        throw new IllegalArgumentException("more operands provided to einstein sum function"
            + " than specified in the subscripts string");
      }
      if (iop < nop - 1 && !comma) {
        throw new IllegalArgumentException("fewer operands provided to einstein sum function"
            + " than specified in the subscripts string");
      }
      int rank = operands[iop].rank();
      List<Integer> found = new ArrayList<>();
      ellipsis[iop] = -1;
      for (int i = pos; i < end; i++) {
        char c = s.charAt(i);
        if (isLetter(c)) {
          if (found.size() >= rank) {
            throw new IllegalArgumentException("einstein sum subscripts string contains too"
                + " many subscripts for operand " + iop + " (of shape "
                + shape(operands[iop]) + ")");
          }
          found.add((int) c);
          counts[c]++;
        } else if (c == '.') {
          if (ellipsis[iop] != -1 || i + 2 >= end || s.charAt(++i) != '.'
              || s.charAt(++i) != '.') {
            throw new IllegalArgumentException("einstein sum subscripts string contains a '.'"
                + " that is not part of an ellipsis ('...') in operand " + iop);
          }
          ellipsis[iop] = found.size();
        } else if (c != ' ') {
          throw invalid(s, i);
        }
      }
      if (ellipsis[iop] == -1 && found.size() != rank) {
        throw new IllegalArgumentException("operand" + NO_ELLIPSIS + " (operand " + iop
            + " of shape " + shape(operands[iop]) + ", subscripts '"
            + Printable.escape(s.substring(pos, end)) + "')");
      }
      letters[iop] = found.stream().mapToInt(Integer::intValue).toArray();
      pos = iop < nop - 1 ? end + 1 : end;
    }
    int nb = 0;
    for (int iop = 0; iop < nop; iop++) {
      if (ellipsis[iop] != -1) {
        nb = Math.max(nb, operands[iop].rank() - letters[iop].length);
      }
    }
    int[][] labels = new int[nop][];
    for (int iop = 0; iop < nop; iop++) {
      labels[iop] = axisLabels(letters[iop], ellipsis[iop], operands[iop].rank(), nb);
    }
    int[] out = pos == s.length() ? implicitOutput(counts, nb) : output(s, pos, counts, nb);

    // ---- the sizes: repeated letters within an operand, then across operands (broadcast)
    if (nop == 1) {
      singleOperandDiagonals(operands[0], labels[0], out);
    }
    for (int iop = 0; iop < nop; iop++) {
      long[] shape = operands[iop].shape().asArray();
      for (int d = 0; d < shape.length; d++) {
        int first = indexOf(labels[iop], labels[iop][d]);
        if (first < d && shape[first] != shape[d]) {
          throw new IllegalArgumentException("dimensions in operand " + iop
              + " for collapsing index '" + (char) labels[iop][d] + "' don't match ("
              + shape[first] + " != " + shape[d] + ")");
        }
      }
    }
    long[] size = new long[BROADCAST + nb];
    int[] sizedBy = new int[BROADCAST + nb];
    Arrays.fill(size, 1);
    Arrays.fill(sizedBy, -1);
    for (int iop = 0; iop < nop; iop++) {
      long[] shape = operands[iop].shape().asArray();
      for (int d = 0; d < shape.length; d++) {
        int label = labels[iop][d];
        if (shape[d] == size[label] || shape[d] == 1) {
          continue;
        }
        if (size[label] != 1) {
          int other = sizedBy[label];
          throw new IllegalArgumentException("operands could not be broadcast together: "
              + name(label, nb) + " has size " + size[label] + " in operand " + other
              + " of shape " + shape(operands[other]) + " and size " + shape[d] + " in operand "
              + iop + " of shape " + shape(operands[iop]));
        }
        size[label] = shape[d];
        sizedBy[label] = iop;
      }
    }

    // ---- evaluation
    ScalarType<?> type = operands[0].scalarType();
    for (int iop = 1; iop < nop; iop++) {
      type = Promotion.resultType(type, operands[iop].scalarType());
    }
    Kind kind = LinAlg.kindOf(type);
    for (int iop = 0; iop < nop; iop++) {
      for (int label : labels[iop]) {
        if (size[label] == 0 && indexOf(out, label) < 0) {
          // A sum over no terms is 0 whatever the other operands hold (NaN, inf): summing a
          // letter out of one operand first and multiplying would give 0 * NaN
          return type.zeros(Shape.of(dims(out, size)));
        }
      }
    }
    Term[] terms = new Term[nop];
    for (int iop = 0; iop < nop; iop++) {
      terms[iop] = prepare(operands[iop], labels[iop], size);
    }
    Term r = terms[0];
    if (nop == 1) {
      r = sumOut(kind, r, notIn(r.labels, out), size);
    }
    for (int iop = 1; iop < nop; iop++) {
      int[] keep = out;
      for (int later = iop + 1; later < nop; later++) {
        keep = union(keep, terms[later].labels);
      }
      r = contract(kind, r, terms[iop], keep, size);
    }
    int[] perm = new int[out.length];
    boolean identity = true;
    for (int i = 0; i < out.length; i++) {
      perm[i] = indexOf(r.labels, out[i]);
      identity &= perm[i] == i;
    }
    NdArray result = r.x.permute(perm);
    if (result.scalarType() != type) {
      return result.astype(type);
    }
    // a term that is still an operand (or a view of one), or a permuted result, is copied
    return identity && r != terms[0] ? result : result.copy();
  }

  private static boolean isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  /** The character (code point: an emoji is one, not half a surrogate pair) at {@code i}. */
  private static IllegalArgumentException invalid(String s, int i) {
    String c = new String(Character.toChars(s.codePointAt(i)));
    return new IllegalArgumentException("invalid subscript '"
        + Printable.escape(c) + "' in einstein sum"
        + " subscripts string, subscripts must be letters");
  }

  private static String shape(NdArray x) {
    return Shape.tupleString(x.shape().asArray()).replace(", ", ",");
  }

  private static String name(int label, int nb) {
    return label < BROADCAST ? "subscript '" + (char) label + "'"
        : "the broadcast ('...') axis " + (label - BROADCAST - nb) + " (counted from the end)";
  }

  /** The label of each axis: the letters, with the broadcast axes in place of {@code ...}. */
  private static int[] axisLabels(int[] letters, int ellipsis, int rank, int nb) {
    if (ellipsis == -1) {
      return letters;
    }
    int e = rank - letters.length;
    int[] labels = new int[rank];
    System.arraycopy(letters, 0, labels, 0, ellipsis);
    for (int j = 0; j < e; j++) {
      labels[ellipsis + j] = BROADCAST + nb - e + j;
    }
    System.arraycopy(letters, ellipsis, labels, ellipsis + e, letters.length - ellipsis);
    return labels;
  }

  /** NumPy's output without {@code ->}: the broadcast axes, then the letters seen once. */
  private static int[] implicitOutput(int[] counts, int nb) {
    int[] out = new int[nb + BROADCAST];
    int n = 0;
    for (int b = 0; b < nb; b++) {
      out[n++] = BROADCAST + b;
    }
    for (int c = 0; c < BROADCAST; c++) {
      if (counts[c] == 1) {
        out[n++] = c;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** NumPy's parse of the output after {@code ->} (at {@code pos}). */
  private static int[] output(String s, int pos, int[] counts, int nb) {
    if (!s.startsWith("->", pos)) {
      throw new IllegalArgumentException("einstein sum subscript string does not contain proper"
          + " '->' output specified");
    }
    int from = pos + 2;
    int end = s.length();
    List<Integer> out = new ArrayList<>();
    boolean ellipsis = false;
    for (int i = from; i < end; i++) {
      char c = s.charAt(i);
      if (isLetter(c)) {
        if (s.indexOf(c, i + 1) >= 0) {
          throw new IllegalArgumentException("einstein sum subscripts string includes output"
              + " subscript '" + c + "' multiple times");
        }
        if (counts[c] == 0) {
          throw new IllegalArgumentException("einstein sum subscripts string included output"
              + " subscript '" + c + "' which never appeared in an input");
        }
        out.add((int) c);
      } else if (c == '.') {
        if (ellipsis || i + 2 >= end || s.charAt(++i) != '.' || s.charAt(++i) != '.') {
          throw new IllegalArgumentException("einstein sum subscripts string contains a '.'"
              + " that is not part of an ellipsis ('...') in the output");
        }
        ellipsis = true;
        for (int b = 0; b < nb; b++) {
          out.add(BROADCAST + b);
        }
      } else if (c != ' ') {
        throw invalid(s, i);
      }
    }
    if (!ellipsis && nb > 0) {
      throw new IllegalArgumentException("output" + NO_ELLIPSIS);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * NumPy checks a lone operand's repeated letters first, with another message, on its way to a
   * view: axis by axis until a letter that is summed (not in the output).
   */
  private static void singleOperandDiagonals(NdArray x, int[] labels, int[] out) {
    for (int d = 0; d < labels.length; d++) {
      int first = indexOf(labels, labels[d]);
      if (first < d) {
        if (x.shape().dim(first) != x.shape().dim(d)) {
          throw new IllegalArgumentException("dimensions in single operand for collapsing"
              + " index '" + (char) labels[d] + "' don't match (" + x.shape().dim(first)
              + " != " + x.shape().dim(d) + ")");
        }
      } else if (indexOf(out, labels[d]) < 0) {
        return;
      }
    }
  }

  /**
   * An operand as a term with distinct labels: repeated labels become their diagonal (a view,
   * appended last, as {@link NdArrays#diagonal}), and axes of length 1 that broadcast against a
   * longer axis of another operand are dropped (the operand is constant along them).
   */
  private static Term prepare(NdArray x, int[] labels, long[] size) {
    int[] l = labels;
    for (boolean again = true; again; ) {
      again = false;
      for (int d = 0; d < l.length && !again; d++) {
        int first = indexOf(l, l[d]);
        if (first < d) {
          x = NdArrays.diagonal(x, 0, first, d);
          int label = l[d];
          int[] next = new int[l.length - 1];
          for (int e = 0, w = 0; e < l.length; e++) {
            if (e != first && e != d) {
              next[w++] = l[e];
            }
          }
          next[next.length - 1] = label;
          l = next;
          again = true;
        }
      }
    }
    for (int d = l.length - 1; d >= 0; d--) {
      if (x.shape().dim(d) == 1 && size[l[d]] != 1) {
        x = x.squeeze(d);
        l = remove(l, d);
      }
    }
    return new Term(x, l);
  }

  /**
   * One step: {@code a} times {@code b}, keeping the labels in {@code keep} (the output's and
   * the later operands'). A label of only one of them that is not kept is summed out of it
   * first; the shared labels that are not kept are summed by one batched matrix product.
   */
  private static Term contract(Kind kind, Term a, Term b, int[] keep, long[] size) {
    a = sumOut(kind, a, notIn(a.labels, union(b.labels, keep)), size);
    b = sumOut(kind, b, notIn(b.labels, union(a.labels, keep)), size);
    int[] shared = notIn(a.labels, notIn(a.labels, b.labels));
    int[] batch = notIn(shared, notIn(shared, keep));
    int[] summed = notIn(shared, keep);
    int[] aOnly = notIn(a.labels, b.labels);
    int[] bOnly = notIn(b.labels, a.labels);
    int[] labels = concat(concat(batch, aOnly), bOnly);
    long[] batchDims = dims(batch, size);
    Shape shape = Shape.of(dims(labels, size));
    long batches = count(batch, size);
    NdArray r;
    if (summed.length == 0) {
      r = LinAlg.products(kind, a.x.permute(axes(a, concat(batch, aOnly))),
          b.x.permute(axes(b, concat(batch, bOnly))), batches, shape, true);
    } else {
      r = LinAlg.gemm(kind, a.x.permute(axes(a, concat(concat(batch, aOnly), summed))),
          b.x.permute(axes(b, concat(concat(batch, summed), bOnly))), batchDims, batchDims,
          batchDims, count(aOnly, size), count(summed, size), count(bOnly, size), shape);
    }
    return new Term(clamp(kind, r), labels);
  }

  /** {@code t} summed over {@code labels}, in the kernel's type. */
  private static Term sumOut(Kind kind, Term t, int[] labels, long[] size) {
    if (labels.length == 0) {
      return t;
    }
    if (kind == Kind.C128) {
      // The real and imaginary parts summed apart: a product with (1 + 0j) would add inf * 0 = NaN
      // to the other part, where NumPy's complex sum of (inf + 0j) is (inf + 0j)
      Term re = sumOut(Kind.F64, new Term(part(t.x, false), t.labels), labels, size);
      Term im = sumOut(Kind.F64, new Term(part(t.x, true), t.labels), labels, size);
      Complex128NdArray c = Complex128NdArray.zeros(re.x.shape());
      c.real().copyFrom((DoubleNdArray) re.x);
      c.imag().copyFrom((DoubleNdArray) im.x);
      return new Term(c, re.labels);
    }
    int[] kept = notIn(t.labels, labels);
    long k = count(labels, size);
    if (k == 0 || count(kept, size) == 0) {
      // nothing summed (zeros) or nothing kept (empty): no column of ones, which could be larger
      // than the heap for an empty result ("ij->i" of a (0, 10^9) operand)
      Shape shape = Shape.of(dims(kept, size));
      NdArray zeros = kind == Kind.F64 ? DoubleNdArray.zeros(shape)
          : kind == Kind.F32 ? FloatNdArray.zeros(shape) : LongNdArray.zeros(shape);
      return new Term(clamp(kind, zeros), kept);
    }
    // One operand's letters are summed by Reduce.sum over their axes, in the kernel's type: it
    // walks a broadcast or any other view where it lies (no copy of the operand, no column of
    // ones), so "i->" of 10^9 broadcast elements needs no memory. Integers (and bool counts)
    // reduce in int64 from their own type, wrapping as the products do; floats are cast to the
    // kernel's type first, as the products cast them.
    NdArray x = t.x;
    ScalarType<?> carrier = kind == Kind.F64 ? DoubleNdArray.TYPE
        : kind == Kind.F32 ? FloatNdArray.TYPE : null;
    if (carrier != null && x.scalarType() != carrier) {
      x = x.astype(carrier);
    }
    NdArray r = Reduce.sum(x, NdArray.class, false, axes(t, labels));
    if (carrier == null && r.scalarType() != LongNdArray.TYPE) {
      r = r.astype(LongNdArray.TYPE); // uint64 sums: the same bits
    }
    return new Term(clamp(kind, r), kept);
  }

  /** The real ({@code imag}: imaginary) part of a complex array as a view; of a real one, it or 0. */
  private static NdArray part(NdArray x, boolean imag) {
    if (x instanceof Complex128NdArray c) {
      return imag ? c.imag() : c.real();
    }
    if (x instanceof Complex64NdArray c) {
      return imag ? c.imag() : c.real();
    }
    return imag ? DoubleNdArray.zeros(Shape.of()).broadcastTo(x.shape()) : x;
  }

  /** A {@code bool} sum is an or: counts go back to {@code bool} before they can wrap. */
  private static NdArray clamp(Kind kind, NdArray r) {
    return kind == Kind.BOOL ? r.astype(BooleanNdArray.TYPE) : r;
  }

  // ------------------------------------------------------------------------- label lists

  private static int indexOf(int[] labels, int label) {
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] == label) {
        return i;
      }
    }
    return -1;
  }

  /** The axes of {@code t} that carry {@code labels}, in that order. */
  private static int[] axes(Term t, int[] labels) {
    int[] axes = new int[labels.length];
    for (int i = 0; i < labels.length; i++) {
      axes[i] = indexOf(t.labels, labels[i]);
    }
    return axes;
  }

  /** The labels of {@code x} that are not in {@code y}, in the order of {@code x}. */
  private static int[] notIn(int[] x, int[] y) {
    return Arrays.stream(x).filter(l -> indexOf(y, l) < 0).toArray();
  }

  private static int[] union(int[] x, int[] y) {
    return concat(x, notIn(y, x));
  }

  private static int[] remove(int[] x, int at) {
    int[] out = new int[x.length - 1];
    System.arraycopy(x, 0, out, 0, at);
    System.arraycopy(x, at + 1, out, at, x.length - at - 1);
    return out;
  }

  private static int[] concat(int[] x, int[] y) {
    int[] out = Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, out, x.length, y.length);
    return out;
  }

  private static long[] dims(int[] labels, long[] size) {
    long[] out = new long[labels.length];
    for (int i = 0; i < labels.length; i++) {
      out[i] = size[labels[i]];
    }
    return out;
  }

  /** The product of the letters' sizes: 0 when one is 0, before any product can overflow. */
  private static long count(int[] labels, long[] size) {
    for (int l : labels) {
      if (size[l] == 0) {
        return 0;
      }
    }
    long n = 1;
    for (int l : labels) {
      n = Math.multiplyExact(n, size[l]);
    }
    return n;
  }
}
