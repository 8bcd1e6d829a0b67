package org.ndprim.linalg;

import java.util.Arrays;
import org.ndprim.Complex128NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.ufunc.Promotion;

/**
 * NumPy's matrix products: {@link #matmul}, {@link #dot}, {@link #vdot}, {@link #inner} and
 * {@link #outer}, for arrays of any built-in type, any layout (views, transposes, broadcasts)
 * and any storage.
 *
 * <p>The result's type is {@link Promotion#resultType} of the operands' types, as NumPy's. The
 * arithmetic, by that type: {@code float64} and {@code float32} in their own precision with a
 * blocked, packed kernel (split across {@link org.ndprim.Parallelism#pool()}; the bits do not
 * depend on the threads); {@code float16}, {@code bfloat16} and other small floating types
 * accumulate in {@code float32} and are rounded once at the end; integers in {@code int64},
 * wrapping, then narrowed: the result is the exact one modulo 2^bits, as NumPy's wrapping loops
 * give; {@code bool} is an or of ands; complex types in {@code complex128}. Operands are read
 * (cast with {@link NdArray#astype}) into new C-order arrays first; the result is a new C-order
 * array. Floating-point sums run in another order than NumPy's BLAS, so their last bits may
 * differ from NumPy's; each element is within the usual bound {@code k * eps * sum(|a_i b_i|)}
 * of the exact value.
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
   * @throws ArithmeticException if the result has more elements than a Java array holds
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
   * @throws ArithmeticException if the result has more elements than a Java array holds
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
   *     names {@code b} with its last axis moved first: "shapes (2,3) and (4,2) not aligned: 3
   *     (dim 1) != 4 (dim 0)")
   */
  public static NdArray inner(NdArray a, NdArray b) {
    long[] as = a.shape().asArray();
    long[] bs = b.shape().asArray();
    if (as.length == 0 || bs.length == 0) {
      return multiply(a, b, as.length == 0 ? bs : as, true);
    }
    long k = as[as.length - 1];
    if (bs[bs.length - 1] != k) {
      long[] moved = new long[bs.length];
      moved[0] = bs[bs.length - 1];
      System.arraycopy(bs, 0, moved, 1, bs.length - 1);
      throw notAligned(as, moved, 0);
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

  // -------------------------------------------------------------------------------- engine

  /** How a result type is computed. */
  private enum Kind {
    F64, F32, I64, BOOL, C128
  }

  private static Kind kindOf(ScalarType<?> t) {
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
    Kind kind = kindOf(t);
    int outSize = Math.toIntExact(outShape.size());
    int nk = Math.toIntExact(n * k);
    int km = Math.toIntExact(k * m);
    int nm = Math.toIntExact(n * m);
    long batches = product(batch, 0, batch.length);
    long[] aStrides = batchStrides(aBatch, batch, nk);
    long[] bStrides = batchStrides(bBatch, batch, km);
    int[] ni = {(int) n, (int) k, (int) m};
    NdArray flat;
    switch (kind) {
      case F64: {
        double[] x = doubles(a);
        double[] y = doubles(b);
        double[] out = new double[outSize];
        forBatches(batches, batch, aStrides, bStrides, nm, (ao, bo, co) ->
            Gemm.dgemm(x, ao, y, bo, out, co, ni[0], ni[2], ni[1]));
        flat = DoubleNdArray.wrap(outShape, out);
        break;
      }
      case F32: {
        float[] x = floats(a);
        float[] y = floats(b);
        float[] out = new float[outSize];
        forBatches(batches, batch, aStrides, bStrides, nm, (ao, bo, co) ->
            Gemm.sgemm(x, ao, y, bo, out, co, ni[0], ni[2], ni[1]));
        flat = FloatNdArray.wrap(outShape, out);
        break;
      }
      case C128: {
        double[] x = complexes(a);
        double[] y = complexes(b);
        double[] out = new double[Math.multiplyExact(2, outSize)];
        forBatches(batches, batch, aStrides, bStrides, nm, (ao, bo, co) ->
            Gemm.zgemm(x, ao, y, bo, out, co, ni[0], ni[2], ni[1]));
        flat = Complex128NdArray.TYPE.wrapStorage(outShape, out);
        break;
      }
      default: {
        long[] x = longs(a);
        long[] y = longs(b);
        long[] out = new long[outSize];
        forBatches(batches, batch, aStrides, bStrides, nm, (ao, bo, co) ->
            Gemm.lgemm(x, ao, y, bo, out, co, ni[0], ni[2], ni[1]));
        flat = LongNdArray.wrap(outShape, out);
        break;
      }
    }
    return flat.scalarType() == t ? flat : flat.astype(t);
  }

  /** One matrix product of a batch: element offsets of {@code a}, {@code b} and the result. */
  private interface BatchBody {
    void run(int aOff, int bOff, int cOff);
  }

  private static void forBatches(long batches, long[] batch, long[] aStrides, long[] bStrides,
      int nm, BatchBody body) {
    long[] coords = new long[batch.length];
    for (long q = 0; q < batches; q++) {
      long ao = 0;
      long bo = 0;
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
    double zero = fromZero ? 0.0 : -0.0;
    float zeroF = (float) zero;
    ScalarType<?> t = Promotion.resultType(a.scalarType(), b.scalarType());
    Shape shape = Shape.of(outShape);
    int size = Math.toIntExact(shape.size());
    NdArray flat;
    switch (kindOf(t)) {
      case F64: {
        double[] x = doubles(a);
        double[] y = doubles(b);
        double[] out = new double[size];
        for (int i = 0, w = 0; i < x.length; i++) {
          for (int j = 0; j < y.length; j++) {
            out[w++] = zero + x[i] * y[j];
          }
        }
        flat = DoubleNdArray.wrap(shape, out);
        break;
      }
      case F32: {
        float[] x = floats(a);
        float[] y = floats(b);
        float[] out = new float[size];
        for (int i = 0, w = 0; i < x.length; i++) {
          for (int j = 0; j < y.length; j++) {
            out[w++] = zeroF + x[i] * y[j];
          }
        }
        flat = FloatNdArray.wrap(shape, out);
        break;
      }
      case C128: {
        double[] x = complexes(a);
        double[] y = complexes(b);
        double[] out = new double[Math.multiplyExact(2, size)];
        for (int i = 0, w = 0; i < x.length; i += 2) {
          for (int j = 0; j < y.length; j += 2) {
            out[w++] = zero + (x[i] * y[j] - x[i + 1] * y[j + 1]);
            out[w++] = zero + (x[i] * y[j + 1] + x[i + 1] * y[j]);
          }
        }
        flat = Complex128NdArray.TYPE.wrapStorage(shape, out);
        break;
      }
      default: {
        long[] x = longs(a);
        long[] y = longs(b);
        long[] out = new long[size];
        for (int i = 0, w = 0; i < x.length; i++) {
          for (int j = 0; j < y.length; j++) {
            out[w++] = x[i] * y[j];
          }
        }
        flat = LongNdArray.wrap(shape, out);
        break;
      }
    }
    return flat.scalarType() == t ? flat : flat.astype(t);
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

  private static double[] doubles(NdArray x) {
    return (x instanceof DoubleNdArray ? (DoubleNdArray) x : x.astype(DoubleNdArray.TYPE))
        .toArray();
  }

  private static float[] floats(NdArray x) {
    return (x instanceof FloatNdArray ? (FloatNdArray) x : x.astype(FloatNdArray.TYPE))
        .toArray();
  }

  private static long[] longs(NdArray x) {
    return (x instanceof LongNdArray ? (LongNdArray) x : x.astype(LongNdArray.TYPE)).toArray();
  }

  private static double[] complexes(NdArray x) {
    return (double[]) x.astype(Complex128NdArray.TYPE).toStorageArray();
  }
}
