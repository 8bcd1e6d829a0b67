package org.ndprim.linalg;

import java.util.Arrays;
import org.ndprim.Complex128NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.StridedNdArray;
import org.ndprim.internal.Internal;
import org.ndprim.layout.Layout;
import org.ndprim.ufunc.Promotion;

/**
 * NumPy's matrix products: {@link #matmul}, {@link #dot}, {@link #vdot}, {@link #inner},
 * {@link #outer}, {@link #tensordot} and {@link #einsum}, for arrays of any built-in type, any
 * layout (views, transposes, broadcasts) and any storage.
 *
 * <p>The result's type is {@link Promotion#resultType} of the operands' types, as NumPy's. The
 * arithmetic, by that type: {@code float64} and {@code float32} in their own precision with a
 * blocked, packed kernel (split across {@link org.ndprim.Parallelism#pool()}; the bits do not
 * depend on the threads); {@code float16}, {@code bfloat16} and other small floating types
 * accumulate in {@code float32} and are rounded once at the end; integers in {@code int64},
 * wrapping, then narrowed: the result is the exact one modulo 2^bits, as NumPy's wrapping loops
 * give; {@code bool} is an or of ands; complex types in {@code complex128}. A {@code float64} or
 * {@code float32} operand of that type over a Java array is read where it lies, whatever its
 * strides (a transposed or reversed view included) when its matrices are views of it, as BLAS
 * reads a transposed operand; any other operand is read (cast with {@link NdArray#astype}) into a
 * new C-order array first. The result is a new C-order array. Floating-point sums run in another order than NumPy's BLAS, so their last bits may
 * differ from NumPy's; each element is within the usual bound {@code k * eps * sum(|a_i b_i|)}
 * of the exact value ({@link #einsum} states its own bound).
 */
public final class LinAlg {
  private static final String SIGNATURE = "(n?,k),(k,m?)->(n?,m?)";

  private LinAlg() {}

  /**
   * Returns the matrix product, as NumPy's {@code np.matmul(a, b)} ({@code a @ b}): the last two
   * axes are matrices ({@code (..., n, k) @ (..., k, m) -> (..., n, m)}) and the axes before
   * them broadcast; a 1-D {@code a} is a row ({@code (k,) -> (1, k)}), a 1-D {@code b} a column
   * ({@code (k,) -> (k, 1)}), and the added axis is removed from the result.
   *
   * @param a the left operand, at least 1-D
   * @param b the right operand, at least 1-D
   * @return a new array of shape {@code broadcast(batch) + (n,) + (m,)} (without the axes of 1-D
   *     operands) and type {@code Promotion.resultType(a, b)}
   * @throws IllegalArgumentException with NumPy's text if an operand is 0-D ("matmul: Input
   *     operand 0 does not have enough dimensions ..."), if the core dimensions differ
   *     ("matmul: Input operand 1 has a mismatch in its core dimension 0, ...") or if the batch
   *     axes do not broadcast
   * @throws IllegalArgumentException if the result has more elements than a Java array holds
   *     or needs more than the heap (the message names the shapes)
   */
  public static NdArray matmul(NdArray a, NdArray b) {
    long[] as = a.shape().asArray();
    long[] bs = b.shape().asArray();
    for (int op = 0; op < 2; op++) {
      if ((op == 0 ? as : bs).length == 0) {
        throw new IllegalArgumentException("matmul: Input operand " + op + " does not have"
            + " enough dimensions (has 0, gufunc core with signature " + SIGNATURE
            + " requires 1)");
      }
    }
    long[] a2 = as.length == 1 ? new long[] {1, as[0]} : as;
    long[] b2 = bs.length == 1 ? new long[] {bs[0], 1} : bs;
    long k = a2[a2.length - 1];
    if (b2[b2.length - 2] != k) {
      throw new IllegalArgumentException("matmul: Input operand 1 has a mismatch in its core"
          + " dimension 0, with gufunc signature " + SIGNATURE + " (size " + b2[b2.length - 2]
          + " is different from " + k + ")");
    }
    long n = a2[a2.length - 2];
    long m = b2[b2.length - 1];
    long[] aBatch = Arrays.copyOf(a2, a2.length - 2);
    long[] bBatch = Arrays.copyOf(b2, b2.length - 2);
    long[] core = as.length == 1 && bs.length == 1 ? new long[0]
        : as.length == 1 ? new long[] {m} : bs.length == 1 ? new long[] {n} : new long[] {n, m};
    long[] batch = broadcast(aBatch, bBatch, as, bs, core);
    long[] outShape = concat(batch, core);
    return product(a, b, aBatch, bBatch, batch, n, k, m, Shape.of(outShape));
  }

  /**
   * Returns the dot product, as NumPy's {@code np.dot(a, b)}: for 1-D operands the inner
   * product (a 0-D array), for 2-D ones the matrix product, with a 0-D operand the element-wise
   * product, and otherwise the sum over the last axis of {@code a} and the second-to-last of
   * {@code b}: {@code dot(a, b)[i, j, k, m] = sum(a[i, j, :] * b[k, :, m])}.
   *
   * @param a the left operand
   * @param b the right operand
   * @return a new array of shape {@code a.shape[:-1] + b.shape[:-2] + b.shape[-1:]} and type
   *     {@code Promotion.resultType(a, b)}
   * @throws IllegalArgumentException with NumPy's text if the summed axes differ ("shapes (2,3)
   *     and (2,3) not aligned: 3 (dim 1) != 2 (dim 0)")
   * @throws IllegalArgumentException if the result has more elements than a Java array holds
   *     or needs more than the heap (the message names the shapes)
   */
  public static NdArray dot(NdArray a, NdArray b) {
    long[] as = a.shape().asArray();
    long[] bs = b.shape().asArray();
    if (as.length == 0 || bs.length == 0) {
      return multiply(a, b, as.length == 0 ? bs : as, true);
    }
    int bAxis = Math.max(0, bs.length - 2);
    if (as[as.length - 1] != bs[bAxis]) {
      throw notAligned(as, bs, bAxis);
    }
    if (as.length <= 2 && bs.length <= 2) {
      return matmul(a, b);
    }
    // b's summed axis first, then the others in order: (k, rest) as a (k, rest-size) matrix
    int[] order = new int[bs.length];
    order[0] = bAxis;
    for (int d = 0, w = 1; d < bs.length; d++) {
      if (d != bAxis) {
        order[w++] = d;
      }
    }
    long k = bs[bAxis];
    long rest = 1;
    for (int d = 0; d < bs.length; d++) {
      if (d != bAxis) {
        rest = Math.multiplyExact(rest, bs[d]);
      }
    }
    long rows = k == 0 ? product(as, 0, as.length - 1) : a.shape().size() / k;
    NdArray a2 = contiguous(a).reshape(Shape.of(rows, k));
    NdArray b2 = contiguous(b.permute(order)).reshape(Shape.of(k, rest));
    long[] outShape = concat(Arrays.copyOf(as, as.length - 1), dropAxis(bs, bAxis));
    return matmul(a2, b2).reshape(Shape.of(outShape));
  }

  /**
   * Returns the dot product of the flattened operands with the first one conjugated, as NumPy's
   * {@code np.vdot(a, b)}: {@code sum(conj(a.ravel()) * b.ravel())}.
   *
   * @param a the left operand (conjugated if complex)
   * @param b the right operand, of the same size
   * @return a new 0-D array of type {@code Promotion.resultType(a, b)}
   * @throws IllegalArgumentException with NumPy's text if the sizes differ ("cannot reshape
   *     array of size 8 into shape (6,)")
   */
  public static NdArray vdot(NdArray a, NdArray b) {
    long size = a.shape().size();
    if (b.shape().size() != size) {
      throw new IllegalArgumentException("cannot reshape array of size " + b.shape().size()
          + " into shape (" + size + ",)");
    }
    NdArray x = contiguous(a).reshape(Shape.of(1, size));
    if (x.scalarType().kind() == 'c') {
      x = conjugate(x);
    }
    return matmul(x, contiguous(b).reshape(Shape.of(size, 1))).reshape(Shape.scalar());
  }

  /**
   * Returns the inner product over the last axes, as NumPy's {@code np.inner(a, b)}:
   * {@code inner(a, b)[i, j] = sum(a[i, :] * b[j, :])}; with a 0-D operand the element-wise
   * product.
   *
   * @param a the left operand
   * @param b the right operand, with the same last dimension
   * @return a new array of shape {@code a.shape[:-1] + b.shape[:-1]}
   * @throws IllegalArgumentException with NumPy's text if the last dimensions differ (NumPy
   *     names {@code b} with its last two axes swapped: "shapes (2,3) and (2,4) not aligned: 3
   *     (dim 1) != 2 (dim 0)" for {@code b} of shape {@code (4, 2)}, "shapes (4,2) and (3,7,5)
   *     not aligned: 2 (dim 1) != 7 (dim 1)" for {@code (3, 5, 7)})
   */
  public static NdArray inner(NdArray a, NdArray b) {
    long[] as = a.shape().asArray();
    long[] bs = b.shape().asArray();
    if (as.length == 0 || bs.length == 0) {
      return multiply(a, b, as.length == 0 ? bs : as, true);
    }
    long k = as[as.length - 1];
    if (bs[bs.length - 1] != k) {
      // NumPy's inner is a dot with b's last two axes swapped, and names that b
      long[] swapped = bs.clone();
      int at = Math.max(0, bs.length - 2);
      swapped[at] = bs[bs.length - 1];
      swapped[bs.length - 1] = bs[at];
      throw notAligned(as, swapped, at);
    }
    long rows = k == 0 ? product(as, 0, as.length - 1) : a.shape().size() / k;
    long cols = k == 0 ? product(bs, 0, bs.length - 1) : b.shape().size() / k;
    NdArray a2 = contiguous(a).reshape(Shape.of(rows, k));
    NdArray b2 = contiguous(b).reshape(Shape.of(cols, k)).transpose();
    long[] outShape = concat(Arrays.copyOf(as, as.length - 1), Arrays.copyOf(bs, bs.length - 1));
    return matmul(a2, b2).reshape(Shape.of(outShape));
  }

  /**
   * Returns the outer product of the flattened operands, as NumPy's {@code np.outer(a, b)}:
   * {@code out[i, j] = a.ravel()[i] * b.ravel()[j]}.
   *
   * @param a the left operand
   * @param b the right operand
   * @return a new array of shape {@code (a.size, b.size)}
   */
  public static NdArray outer(NdArray a, NdArray b) {
    return multiply(a, b, new long[] {a.shape().size(), b.shape().size()}, false);
  }

  /**
   * Returns the sum of products over the last {@code axes} axes of {@code a} and the first
   * {@code axes} axes of {@code b}, as NumPy's {@code np.tensordot(a, b, axes)}: the same as
   * {@link #tensordot(NdArray, NdArray, int[], int[])} with {@code axesA = (-axes, ..., -1)} and
   * {@code axesB = (0, ..., axes - 1)}; {@code axes = 0} gives the outer product of {@code a}
   * and {@code b} with their shapes kept.
   *
   * @param a the left operand
   * @param b the right operand
   * @param axes how many axes to sum over, at least 0
   * @return a new array of shape {@code a.shape[:-axes] + b.shape[axes:]} and type
   *     {@code Promotion.resultType(a, b)}
   * @throws IllegalArgumentException if {@code axes} is negative (NumPy quietly gives the outer
   *     product) or, with NumPy's text "shape-mismatch for sum", if the summed axes differ in
   *     size
   * @throws IndexOutOfBoundsException if {@code axes} is larger than the rank of {@code a} or of
   *     {@code b} ("axis -3 is out of bounds for array of dimension 2"; NumPy raises
   *     {@code IndexError: tuple index out of range})
   * @throws IllegalArgumentException if the result has more elements than a Java array holds
   *     or needs more than the heap (the message names the shapes)
   */
  public static NdArray tensordot(NdArray a, NdArray b, int axes) {
    if (axes < 0) {
      throw new IllegalArgumentException("tensordot: axes must be at least 0, got " + axes);
    }
    // checked before the axis lists are made (a count of Integer.MAX_VALUE would allocate them)
    if (axes > a.rank()) {
      throw new IndexOutOfBoundsException("axis " + -axes + " is out of bounds for array of"
          + " dimension " + a.rank());
    }
    if (axes > b.rank()) {
      throw new IndexOutOfBoundsException("axis " + (axes - 1) + " is out of bounds for array"
          + " of dimension " + b.rank());
    }
    int[] axesA = new int[axes];
    int[] axesB = new int[axes];
    for (int i = 0; i < axes; i++) {
      axesA[i] = i - axes;
      axesB[i] = i;
    }
    return tensordot(a, b, axesA, axesB);
  }

  /**
   * Returns the sum of products over the axes {@code axesA} of {@code a} and {@code axesB} of
   * {@code b}, paired in order, as NumPy's {@code np.tensordot(a, b, (axesA, axesB))}:
   * {@code out[i..., j...] = sum over p... of a[i..., p...] * b[p..., j...]}, where the
   * result's axes are those of {@code a} not summed, in order, then those of {@code b} not
   * summed, in order. As NumPy's, the summed axes are moved (as views) to the end of {@code a}
   * and to the front of {@code b} and the sum is one matrix product, by {@link #matmul}'s
   * kernel, of an {@code (a.size / K, K)} by a {@code (K, b.size / K)} matrix, where {@code K}
   * is the product of the summed sizes; the kernel reads the moved views in C order once, so
   * no reshape copy is made before it. Types and arithmetic as {@link #matmul}'s; the sum over
   * the {@code K} products runs in the kernel's order, which is not NumPy's BLAS order.
   *
   * @param a the left operand
   * @param b the right operand
   * @param axesA the summed axes of {@code a}; negative ones count from the end
   * @param axesB the summed axes of {@code b}, as many as {@code axesA}
   * @return a new array of shape {@code a.shape (without axesA) + b.shape (without axesB)} and
   *     type {@code Promotion.resultType(a, b)}
   * @throws IllegalArgumentException with NumPy's texts if an axis is repeated in
   *     {@code axesA} or {@code axesB} ("duplicate axes are not allowed in tensordot"; also
   *     when given once as negative and once as not, where NumPy's transpose says "axes don't
   *     match array"), if the two have different lengths or paired axes different sizes
   *     ("shape-mismatch for sum")
   * @throws IndexOutOfBoundsException if an axis is out of range ("axis 5 is out of bounds for
   *     array of dimension 2"; NumPy raises {@code IndexError: tuple index out of range})
   * @throws IllegalArgumentException if the result has more elements than a Java array holds
   *     or needs more than the heap (the message names the shapes)
   */
  public static NdArray tensordot(NdArray a, NdArray b, int[] axesA, int[] axesB) {
    long[] as = a.shape().asArray();
    long[] bs = b.shape().asArray();
    // NumPy's order of checks: repeated axes, lengths, then pair by pair range and size
    if (repeats(axesA) || repeats(axesB)) {
      throw new IllegalArgumentException("duplicate axes are not allowed in tensordot");
    }
    if (axesA.length != axesB.length) {
      throw new IllegalArgumentException("shape-mismatch for sum");
    }
    int[] na = new int[axesA.length];
    int[] nb = new int[axesB.length];
    for (int i = 0; i < na.length; i++) {
      na[i] = Shape.normalizeAxis(axesA[i], as.length);
      nb[i] = Shape.normalizeAxis(axesB[i], bs.length);
      if (as[na[i]] != bs[nb[i]]) {
        throw new IllegalArgumentException("shape-mismatch for sum");
      }
    }
    // an axis given once as negative and once as positive (NumPy fails later, in transpose)
    if (repeats(na) || repeats(nb)) {
      throw new IllegalArgumentException("duplicate axes are not allowed in tensordot");
    }
    int[] restA = rest(as.length, na);
    int[] restB = rest(bs.length, nb);
    long[] keptA = dims(as, restA);
    long[] keptB = dims(bs, restB);
    long n = product(keptA, 0, keptA.length);
    long m = product(keptB, 0, keptB.length);
    long k = product(dims(as, na), 0, na.length);
    NdArray at = a.permute(concat(restA, na));
    NdArray bt = b.permute(concat(nb, restB));
    long[] none = new long[0];
    return product(at, bt, none, none, none, n, k, m, Shape.of(concat(keptA, keptB)));
  }

  /**
   * Returns the sum of products given by Einstein's summation convention, as NumPy's
   * {@code np.einsum(subscripts, *operands)} (without its {@code optimize}, {@code out},
   * {@code dtype}, {@code order} and {@code casting} arguments).
   *
   * <p><b>Subscripts.</b> One term of letters ({@code a-z}, {@code A-Z}) per operand, separated
   * by commas, one letter per axis, optionally followed by {@code ->} and the output's letters;
   * spaces are ignored. {@code ...} in a term stands for the axes not labelled (they broadcast
   * across operands, right-aligned, as NumPy's broadcasting). A letter repeated within a term
   * takes the diagonal of those axes ({@code "ii->i"}, the trace {@code "ii"}); a letter not in
   * the output is summed over; a letter in several operands multiplies them along it (the
   * axes must have the same size or size 1, which broadcasts). Without {@code ->}, the output
   * is the broadcast {@code ...} axes, then the letters that appear exactly once, in ASCII
   * order (upper case first), as NumPy's. An output letter may appear only once (NumPy's
   * subset without repeated output indices). Examples: {@code "ij,jk->ik"} (matrix product),
   * {@code "bij,bjk->bik"} (batched), {@code "ij->ji"}, {@code "i,j->ij"} (outer),
   * {@code "...ij,...jk"}, {@code "ij,jk,kl->il"}.
   *
   * <p><b>Result.</b> A new C-order array (NumPy returns a view when one operand is only
   * transposed or its diagonal taken; here it is always a copy), of the output's shape, with
   * type {@link Promotion#resultType} of all operands' types, as NumPy's. The arithmetic is
   * that of {@link #matmul} in the kernel type of that result type ({@code float64},
   * {@code float32}, {@code int64} wrapping for integers, or of ands for {@code bool},
   * {@code complex128}), and intermediate results keep the kernel type: {@code float16} and
   * {@code complex64} results are rounded once at the end, integer results are exact modulo
   * 2^bits as NumPy's wrapping loops give.
   *
   * <p><b>Order of evaluation.</b> After the diagonals are taken (as views), the operands are
   * contracted pairwise from left to right (no path optimisation): the result so far with the
   * next operand. Before each step, a letter that appears in only one of the two and not in
   * the output nor in a later operand is summed out of it, by one matrix product with a column
   * of ones. A step that then sums over shared letters is one batched matrix product on
   * {@link #matmul}'s kernel (the shared letters kept for later or for the output are the
   * batch, the summed ones the inner dimension, in the order of the left operand), so
   * {@code einsum("ij,jk->ik", a, b)} runs the same kernel with the same order as
   * {@code matmul(a, b)}; a step without a summed letter is an element-wise or outer product.
   * Each sum of {@code K} products is accumulated in the kernel's order (see
   * {@link #matmul}), never NumPy's, whose order depends on its iterator and
   * {@code optimize} path: the last bits of {@code float32}/{@code float64} results may differ
   * from NumPy's. Each element of a {@code float32} or {@code float64} result is within
   * {@code gamma(d) * S} of the exact value, where {@code S} is the sum, over the terms added
   * into that element, of the absolute values of the products of the operands' elements,
   * {@code gamma(d) = d u / (1 - d u)} with {@code u} the unit roundoff of the kernel type, and
   * {@code d = N + 4 p}, {@code N} the number of terms per output element (the product of the
   * sizes of the summed letters) and {@code p} the number of operands. As in NumPy, each product
   * is added to 0, so a {@code -0.0} product gives {@code 0.0}.
   *
   * @param subscripts the subscripts, as NumPy's
   * @param operands the operands, one per term
   * @return a new array
   * @throws IllegalArgumentException with NumPy's text for: an invalid character ("invalid
   *     subscript '$' in einstein sum subscripts string, subscripts must be letters"), a
   *     {@code .} outside {@code ...}, a {@code -} not followed by {@code >}, a term count other
   *     than the operand count (NumPy's two messages "more/fewer operands provided to einstein
   *     sum function than specified in the subscripts string", with its wording), more
   *     letters than an operand's rank ("... contains too many subscripts for operand 0"), fewer
   *     without {@code ...} (NumPy's "operand has more dimensions than subscripts given ...",
   *     followed here by the operand's number, shape and term), broadcast axes missing from an
   *     explicit output, an output letter that is repeated or not in an input, a repeated
   *     letter on axes of different sizes ("dimensions in operand 0 for collapsing index 'i'
   *     don't match (2 != 3)"); and, for axes of the same letter in different operands that
   *     neither match nor broadcast, "operands could not be broadcast together: " naming the
   *     letter, both sizes and both operands with their shapes (NumPy prints its iterator's
   *     remapped shapes instead)
   * @throws IllegalArgumentException if the result, or an intermediate result of the
   *     left-to-right evaluation, has more elements than a Java array holds or needs more than
   *     the heap
   */
  public static NdArray einsum(String subscripts, NdArray... operands) {
    return Einsum.einsum(subscripts, operands);
  }

  private static boolean repeats(int[] axes) {
    return Arrays.stream(axes).distinct().count() != axes.length;
  }

  /** The axes in {@code [0, rank)} that are not in {@code axes}, in order. */
  private static int[] rest(int rank, int[] axes) {
    return java.util.stream.IntStream.range(0, rank)
        .filter(d -> Arrays.stream(axes).noneMatch(x -> x == d)).toArray();
  }

  private static long[] dims(long[] shape, int[] axes) {
    long[] out = new long[axes.length];
    for (int i = 0; i < axes.length; i++) {
      out[i] = shape[axes[i]];
    }
    return out;
  }

  private static int[] concat(int[] x, int[] y) {
    int[] out = Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, out, x.length, y.length);
    return out;
  }

  // -------------------------------------------------------------------------------- engine

  /** How a result type is computed. */
  enum Kind {
    F64, F32, I64, BOOL, C128
  }

  static Kind kindOf(ScalarType<?> t) {
    if (t == DoubleNdArray.TYPE) {
      return Kind.F64;
    }
    if (t == FloatNdArray.TYPE) {
      return Kind.F32;
    }
    Class<?> logical = t.logicalType();
    switch (t.kind()) {
      case 'b':
        return Kind.BOOL;
      case 'i':
      case 'u':
        return Kind.I64;
      case 'c':
        return Kind.C128;
      case 'f':
        return t.itemSize() <= 4 ? Kind.F32 : Kind.F64;
      default:
        return logical == float.class ? Kind.F32 : Kind.F64;
    }
  }

  /**
   * The batched product: {@code a} is {@code aBatch + (n, k)}, {@code b} is
   * {@code bBatch + (k, m)} (1-D operands already promoted), the result {@code batch + (n, m)}
   * reshaped to {@code outShape}.
   */
  private static NdArray product(NdArray a, NdArray b, long[] aBatch, long[] bBatch,
      long[] batch, long n, long k, long m, Shape outShape) {
    ScalarType<?> t = Promotion.resultType(a.scalarType(), b.scalarType());
    return narrow(gemm(kindOf(t), a, b, aBatch, bBatch, batch, n, k, m, outShape), t);
  }

  /** {@code x} as type {@code t}: itself when it has that type, else its {@code astype(t)}. */
  static NdArray narrow(NdArray x, ScalarType<?> t) {
    return x.scalarType() == t ? x : x.astype(t);
  }

  /**
   * The batched product of {@link #product} computed by {@code kind}, in the kernel's own type
   * ({@code float64}, {@code float32}, {@code int64} for integers and {@code bool},
   * {@code complex128}), not narrowed: for {@link Einsum}'s intermediate results. The operands
   * are read in C order of their own shapes (any view: a permuted view is read as its
   * reshape would be).
   */
  static NdArray gemm(Kind kind, NdArray a, NdArray b, long[] aBatch, long[] bBatch,
      long[] batch, long n, long k, long m, Shape outShape) {
    int outSize = resultLength(kind, outShape);
    int nm = operandLength(n, m, "the result's");
    long batches = product(batch, 0, batch.length);
    dimension(k, "k", a, b); // n and m are within the result's size
    int[] ni = {(int) n, (int) k, (int) m};
    ScalarType<?> real = kind == Kind.F64 ? DoubleNdArray.TYPE
        : kind == Kind.F32 ? FloatNdArray.TYPE : null;
    requireHeap(kind, outShape, a, real == null || !readsInPlace(a, real, aBatch, n, k), b,
        real == null || !readsInPlace(b, real, bBatch, k, m));
    NdArray flat;
    switch (kind) {
      case F64: {
        InPlace x = inPlace(a, DoubleNdArray.TYPE, aBatch, batch, n, k, "the first");
        InPlace y = inPlace(b, DoubleNdArray.TYPE, bBatch, batch, k, m, "the second");
        double[] xa = (double[]) x.array;
        double[] ya = (double[]) y.array;
        double[] out = new double[outSize];
        forBatches(batches, batch, x.offset, x.batchStrides, y.offset, y.batchStrides, nm,
            (ao, bo, co) -> Gemm.dgemm(xa, ao, x.rowStride, x.colStride, ya, bo, y.rowStride,
                y.colStride, out, co, ni[0], ni[2], ni[1]));
        flat = DoubleNdArray.wrap(outShape, out);
        break;
      }
      case F32: {
        InPlace x = inPlace(a, FloatNdArray.TYPE, aBatch, batch, n, k, "the first");
        InPlace y = inPlace(b, FloatNdArray.TYPE, bBatch, batch, k, m, "the second");
        float[] xa = (float[]) x.array;
        float[] ya = (float[]) y.array;
        float[] out = new float[outSize];
        forBatches(batches, batch, x.offset, x.batchStrides, y.offset, y.batchStrides, nm,
            (ao, bo, co) -> Gemm.sgemm(xa, ao, x.rowStride, x.colStride, ya, bo, y.rowStride,
                y.colStride, out, co, ni[0], ni[2], ni[1]));
        flat = FloatNdArray.wrap(outShape, out);
        break;
      }
      case C128: {
        long[] aStrides = batchStrides(aBatch, batch, operandLength(n, k, "the first"));
        long[] bStrides = batchStrides(bBatch, batch, operandLength(k, m, "the second"));
        double[] x = complexes(a);
        double[] y = complexes(b);
        double[] out = new double[Math.multiplyExact(2, outSize)];
        forBatches(batches, batch, 0, aStrides, 0, bStrides, nm, (ao, bo, co) ->
            Gemm.zgemm(x, ao, y, bo, out, co, ni[0], ni[2], ni[1]));
        flat = Complex128NdArray.TYPE.wrapStorage(outShape, out);
        break;
      }
      default: {
        long[] aStrides = batchStrides(aBatch, batch, operandLength(n, k, "the first"));
        long[] bStrides = batchStrides(bBatch, batch, operandLength(k, m, "the second"));
        long[] x = longs(a);
        long[] y = longs(b);
        long[] out = new long[outSize];
        forBatches(batches, batch, 0, aStrides, 0, bStrides, nm, (ao, bo, co) ->
            Gemm.lgemm(x, ao, y, bo, out, co, ni[0], ni[2], ni[1]));
        flat = LongNdArray.wrap(outShape, out);
        break;
      }
    }
    return flat;
  }

  /** One matrix product of a batch: element offsets of {@code a}, {@code b} and the result. */
  private interface BatchBody {
    void run(int aOff, int bOff, int cOff);
  }

  private static void forBatches(long batches, long[] batch, long aBase, long[] aStrides,
      long bBase, long[] bStrides, int nm, BatchBody body) {
    long[] coords = new long[batch.length];
    for (long q = 0; q < batches; q++) {
      long ao = aBase;
      long bo = bBase;
      for (int d = 0; d < batch.length; d++) {
        ao += coords[d] * aStrides[d];
        bo += coords[d] * bStrides[d];
      }
      body.run((int) ao, (int) bo, (int) (q * nm));
      for (int d = batch.length - 1; d >= 0; d--) {
        if (++coords[d] < batch[d]) {
          break;
        }
        coords[d] = 0;
      }
    }
  }

  /**
   * The element strides of an operand's batch axes over the broadcast batch shape: C-order
   * strides of its own batch axes ({@code matrix} elements per matrix), 0 where it broadcasts.
   */
  private static long[] batchStrides(long[] own, long[] batch, long matrix) {
    long[] strides = new long[batch.length];
    long s = matrix;
    for (int d = own.length - 1; d >= 0; d--) {
      int at = batch.length - own.length + d;
      strides[at] = own[d] == 1 ? 0 : s;
      s *= own[d];
    }
    return strides;
  }

  /**
   * A {@code float64} or {@code float32} operand of {@link #gemm} where the kernel reads it: the
   * operand's own Java array when it is of the kernel's type over one and its batch of
   * {@code rows x cols} matrices is a view of it (any strides: a transpose is read in place, as
   * BLAS reads a transposed operand), else a C-order copy. Offsets and strides in elements.
   */
  private static final class InPlace {
    final Object array;
    final long offset;
    final int rowStride;
    final int colStride;
    final long[] batchStrides;

    InPlace(Object array, long offset, long rowStride, long colStride, long[] batchStrides) {
      this.array = array;
      this.offset = offset;
      this.rowStride = (int) rowStride; // within one Java array, as every offset of the layout
      this.colStride = (int) colStride;
      this.batchStrides = batchStrides;
    }
  }

  private static InPlace inPlace(NdArray x, ScalarType<?> type, long[] own, long[] batch,
      long rows, long cols, String which) {
    Object array = x.scalarType() == type ? Internal.arrays().javaArray(x, type) : null;
    if (array != null) {
      Layout l = x.layout().reshapeIfView(Shape.of(concat(own, new long[] {rows, cols})));
      if (l != null) {
        long[] strides = new long[batch.length];
        for (int d = 0; d < own.length; d++) {
          strides[batch.length - own.length + d] = own[d] == 1 ? 0 : l.stride(d);
        }
        return new InPlace(array, l.offset(), rows == 1 ? cols : l.stride(own.length),
            cols == 1 ? 1 : l.stride(own.length + 1), strides);
      }
    }
    int length = operandLength(rows, cols, which); // a copy must fit a Java array
    Object copy = type == DoubleNdArray.TYPE ? doubles(x) : floats(x);
    return new InPlace(copy, 0, cols, 1, batchStrides(own, batch, length));
  }

  /**
   * Refuses a summed dimension {@code k} beyond a Java array's indices, which the kernels count
   * in {@code int} (the result's size bounds the others).
   */
  private static void dimension(long k, String name, NdArray a, NdArray b) {
    if (k > ScalarType.MAX_ARRAY_SIZE) {
      throw new IllegalArgumentException(PRODUCT + ": the summed dimension " + name + " = " + k
          + " of operands of shapes " + a.shape() + " and " + b.shape() + " is longer than a Java"
          + " array (" + ScalarType.MAX_ARRAY_SIZE + ")");
    }
  }

  /** NumPy's broadcast of the batch axes, with its message when they do not broadcast. */
  private static long[] broadcast(long[] x, long[] y, long[] xs, long[] ys, long[] core) {
    int rank = Math.max(x.length, y.length);
    long[] out = new long[rank];
    for (int d = 0; d < rank; d++) {
      long dx = d < rank - x.length ? 1 : x[d - (rank - x.length)];
      long dy = d < rank - y.length ? 1 : y[d - (rank - y.length)];
      if (dx != dy && dx != 1 && dy != 1) {
        throw new IllegalArgumentException("operands could not be broadcast together with"
            + " remapped shapes [original->remapped]: " + tuple(xs) + "->" + remapped(x, xs)
            + " " + tuple(ys) + "->" + remapped(y, ys) + "  and requested shape "
            + tuple(core));
      }
      out[d] = dx == 1 ? dy : dx;
    }
    return out;
  }

  private static String remapped(long[] batch, long[] original) {
    StringBuilder sb = new StringBuilder("(");
    for (long d : batch) {
      sb.append(d).append(',');
    }
    for (int i = batch.length; i < original.length; i++) {
      sb.append("newaxis,");
    }
    sb.setLength(sb.length() - 1);
    return sb.append(')').toString();
  }

  /** NumPy's shapes in these messages: {@code (2,3)}, without spaces. */
  private static String tuple(long[] shape) {
    return Shape.tupleString(shape).replace(", ", ",");
  }

  private static IllegalArgumentException notAligned(long[] as, long[] bs, int bAxis) {
    return new IllegalArgumentException("shapes " + tuple(as) + " and " + tuple(bs)
        + " not aligned: " + as[as.length - 1] + " (dim " + (as.length - 1) + ") != "
        + bs[bAxis] + " (dim " + bAxis + ")");
  }

  /**
   * The products {@code x[i] * y[j]} of the flattened operands, in C order, reshaped to
   * {@code outShape}: {@link #outer} ({@code fromZero} false: NumPy's {@code multiply}, a zero
   * product keeps its sign), and a 0-D operand times an array in {@link #dot} and
   * {@link #inner} ({@code fromZero} true: as NumPy's, each product is added to 0, which turns
   * {@code -0.0} into {@code 0.0}).
   */
  private static NdArray multiply(NdArray a, NdArray b, long[] outShape, boolean fromZero) {
    ScalarType<?> t = Promotion.resultType(a.scalarType(), b.scalarType());
    return narrow(products(kindOf(t), a, b, 1, Shape.of(outShape), fromZero), t);
  }

  /**
   * The batched outer products {@code out[q, i, j] = x[q, i] * y[q, j]} computed by
   * {@code kind}, in the kernel's own type (see {@link #gemm}): {@code a} read in C order as
   * {@code (batches, n)}, {@code b} as {@code (batches, m)}, the result in C order with
   * {@code shape} (of size {@code batches * n * m}). {@code fromZero}: each product is added to
   * 0, as NumPy's {@code dot} and {@code einsum} do.
   */
  static NdArray products(Kind kind, NdArray a, NdArray b, long batches, Shape shape,
      boolean fromZero) {
    double zero = fromZero ? 0.0 : -0.0;
    float zeroF = (float) zero;
    int size = resultLength(kind, shape);
    int q = (int) batches; // at most size, unless a or b is empty (then size is 0)
    int n = q == 0 ? 0 : StridedNdArray.arraySize(PRODUCT, a.shape().size(), a.shape(), 0) / q;
    int m = q == 0 ? 0 : StridedNdArray.arraySize(PRODUCT, b.shape().size(), b.shape(), 0) / q;
    requireHeap(kind, shape, a, true, b, true);
    switch (kind) {
      case F64: {
        double[] x = doubles(a);
        double[] y = doubles(b);
        double[] out = new double[size];
        for (int p = 0, w = 0; p < q; p++) {
          for (int i = p * n; i < p * n + n; i++) {
            for (int j = p * m; j < p * m + m; j++) {
              out[w++] = zero + x[i] * y[j];
            }
          }
        }
        return DoubleNdArray.wrap(shape, out);
      }
      case F32: {
        float[] x = floats(a);
        float[] y = floats(b);
        float[] out = new float[size];
        for (int p = 0, w = 0; p < q; p++) {
          for (int i = p * n; i < p * n + n; i++) {
            for (int j = p * m; j < p * m + m; j++) {
              out[w++] = zeroF + x[i] * y[j];
            }
          }
        }
        return FloatNdArray.wrap(shape, out);
      }
      case C128: {
        double[] x = complexes(a);
        double[] y = complexes(b);
        double[] out = new double[Math.multiplyExact(2, size)];
        for (int p = 0, w = 0; p < q; p++) {
          for (int i = 2 * p * n; i < 2 * (p * n + n); i += 2) {
            for (int j = 2 * p * m; j < 2 * (p * m + m); j += 2) {
              out[w++] = zero + (x[i] * y[j] - x[i + 1] * y[j + 1]);
              out[w++] = zero + (x[i] * y[j + 1] + x[i + 1] * y[j]);
            }
          }
        }
        return Complex128NdArray.TYPE.wrapStorage(shape, out);
      }
      default: {
        long[] x = longs(a);
        long[] y = longs(b);
        long[] out = new long[size];
        for (int p = 0, w = 0; p < q; p++) {
          for (int i = p * n; i < p * n + n; i++) {
            for (int j = p * m; j < p * m + m; j++) {
              out[w++] = x[i] * y[j];
            }
          }
        }
        return LongNdArray.wrap(shape, out);
      }
    }
  }

  /** How the matrix products' size checks name the operation. */
  private static final String PRODUCT = "a matrix product (matmul, dot, tensordot, einsum)";

  /**
   * The length of the Java array a result of {@code shape} in {@code kind}'s type needs
   * (two slots per complex element); refused with the shape, before anything is allocated, when
   * a Java array or the heap cannot hold it.
   */
  static int resultLength(Kind kind, Shape shape) {
    int slots = kind == Kind.C128 ? 2 : 1;
    int bytes = kind == Kind.F32 ? 4 : 8;
    long size;
    try {
      size = shape.size();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(PRODUCT + ": cannot allocate a result of shape " + shape
          + ": it has more than 2^63-1 elements (numpy: array is too big)", e);
    }
    StridedNdArray.arraySize(PRODUCT, size, slots, shape, bytes);
    return (int) shape.size();
  }

  /** {@code rows * cols} of one matrix of a batch, refused as {@link #resultLength} when too big. */
  private static int operandLength(long rows, long cols, String which) {
    if (rows != 0 && cols > ScalarType.MAX_ARRAY_SIZE / rows) {
      throw new IllegalArgumentException(PRODUCT + ": " + which + " matrix of a batch, (" + rows + ", "
          + cols + "), has more elements than a Java array holds (" + ScalarType.MAX_ARRAY_SIZE
          + ")");
    }
    return (int) (rows * cols);
  }

  private static NdArray contiguous(NdArray x) {
    return x.isContiguous() ? x : x.copy();
  }

  private static NdArray conjugate(NdArray x) {
    double[] parts = complexes(x);
    for (int i = 1; i < parts.length; i += 2) {
      parts[i] = -parts[i];
    }
    NdArray conj = Complex128NdArray.TYPE.wrapStorage(x.shape(), parts);
    // negating a part is exact: back to the operand's own type, which the promotion sees
    return conj.scalarType() == x.scalarType() ? conj : conj.astype(x.scalarType());
  }

  private static long[] concat(long[] x, long[] y) {
    long[] out = Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, out, x.length, y.length);
    return out;
  }

  private static long[] dropAxis(long[] shape, int axis) {
    long[] out = new long[shape.length - 1];
    for (int d = 0, w = 0; d < shape.length; d++) {
      if (d != axis) {
        out[w++] = shape[d];
      }
    }
    return out;
  }

  private static long product(long[] dims, int from, int to) {
    long p = 1;
    for (int d = from; d < to; d++) {
      p = Math.multiplyExact(p, dims[d]);
    }
    return p;
  }

  // ------------------------------------------------------------------ operands as Java arrays

  // Each is a new Java array the caller may write: the cast's own storage (a cast is a new
  // C-order array), not a second copy of it, so a working copy takes the heap once.

  private static double[] doubles(NdArray x) {
    return x instanceof DoubleNdArray d ? d.toArray() : (double[]) fresh(x, DoubleNdArray.TYPE);
  }

  private static float[] floats(NdArray x) {
    return x instanceof FloatNdArray f ? f.toArray() : (float[]) fresh(x, FloatNdArray.TYPE);
  }

  private static long[] longs(NdArray x) {
    return x instanceof LongNdArray l ? l.toArray() : (long[]) fresh(x, LongNdArray.TYPE);
  }

  private static double[] complexes(NdArray x) {
    return (double[]) fresh(x, Complex128NdArray.TYPE);
  }

  /** The storage of {@code x.astype(type)}: its own Java array when it has one, else a copy. */
  private static Object fresh(NdArray x, ScalarType<?> type) {
    NdArray cast = x.astype(type);
    Object own = Internal.arrays().javaArray(cast, type);
    return own != null && java.lang.reflect.Array.getLength(own) == cast.size() * type.slots()
        ? own : cast.toStorageArray();
  }

  /** The bytes of one element of {@code kind}'s working arrays (two doubles per complex). */
  private static int kindBytes(Kind kind) {
    return kind == Kind.C128 ? 2 * Double.BYTES : kind == Kind.F32 ? Float.BYTES : Long.BYTES;
  }

  /**
   * Refuses a product whose result of {@code shape} and working copies of {@code a} (when
   * {@code copyA}) and {@code b} (when {@code copyB}) in {@code kind}'s type together exceed the
   * heap, before any of them is allocated ({@link StridedNdArray#requireHeap}).
   */
  private static void requireHeap(Kind kind, Shape shape, NdArray a, boolean copyA, NdArray b,
      boolean copyB) {
    long item = kindBytes(kind);
    StridedNdArray.requireHeap(PRODUCT, shape, StridedNdArray.sumBytes(
        StridedNdArray.bytes(shape.size(), item),
        copyA ? StridedNdArray.bytes(a.size(), item) : 0,
        copyB ? StridedNdArray.bytes(b.size(), item) : 0));
  }

  /** Whether {@link #inPlace} reads {@code x} where it lies (no copy). */
  private static boolean readsInPlace(NdArray x, ScalarType<?> type, long[] own, long rows,
      long cols) {
    return x.scalarType() == type && Internal.arrays().javaArray(x, type) != null
        && x.layout().reshapeIfView(Shape.of(concat(own, new long[] {rows, cols}))) != null;
  }
}
