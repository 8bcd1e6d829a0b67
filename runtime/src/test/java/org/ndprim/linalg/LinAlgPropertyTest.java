package org.ndprim.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Parallelism;
import org.ndprim.Shape;

/**
 * The blocked kernels against exact references on shapes that cross every block edge
 * ({@code MR}, {@code NR}, {@code KC}, {@code MC}), over transposed and sliced views: each
 * {@code float64}/{@code float32} element within the error bound of a computed dot product,
 * {@code gamma_k * sum(|a_i| |b_i|)} with {@code gamma_k = k u / (1 - k u)} (Higham, Accuracy
 * and Stability of Numerical Algorithms, 3.1), {@code u} the unit roundoff; {@code int64}
 * exact modulo 2^64; and the same bits on one thread and on several.
 */
class LinAlgPropertyTest {

  @Test
  void float64AndFloat32AreWithinTheDotProductBoundOfTheExactSum() {
    SplittableRandom random = new SplittableRandom(23);
    int[][] shapes = {{1, 1, 1}, {5, 3, 7}, {67, 41, 300}, {130, 9, 513}, {3, 70, 2}};
    for (int[] s : shapes) {
      int m = s[0];
      int n = s[1];
      int k = s[2];
      double[] a = random.doubles((long) m * k, -1, 1).toArray();
      double[] b = random.doubles((long) k * n, -1, 1).toArray();
      // b is stored transposed and read through a view: any layout, no copy by the caller
      NdArray av = DoubleNdArray.wrap(Shape.of(m, k), a);
      NdArray bv = DoubleNdArray.wrap(Shape.of(n, k), b).transpose();
      double[] r = ((DoubleNdArray) LinAlg.matmul(av, bv)).toArray();
      float[] af = new float[a.length];
      float[] bf = new float[b.length];
      for (int i = 0; i < a.length; i++) {
        af[i] = (float) a[i];
      }
      for (int i = 0; i < b.length; i++) {
        bf[i] = (float) b[i];
      }
      float[] rf = ((FloatNdArray) LinAlg.matmul(FloatNdArray.wrap(Shape.of(m, k), af),
          FloatNdArray.wrap(Shape.of(n, k), bf).transpose())).toArray();
      double u64 = Math.ulp(1.0) / 2;
      double u32 = Math.ulp(1.0f) / 2;
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
          BigDecimal exact = BigDecimal.ZERO;
          BigDecimal exactF = BigDecimal.ZERO;
          double abs = 0;
          double absF = 0;
          for (int p = 0; p < k; p++) {
            double x = a[i * k + p];
            double y = b[j * k + p];
            exact = exact.add(new BigDecimal(x).multiply(new BigDecimal(y)));
            exactF = exactF.add(new BigDecimal(af[i * k + p]).multiply(
                new BigDecimal(bf[j * k + p])));
            abs += Math.abs(x * y);
            absF += Math.abs((double) af[i * k + p] * bf[j * k + p]);
          }
          double bound = k * u64 / (1 - k * u64) * abs * 1.01;
          double boundF = k * u32 / (1 - k * u32) * absF * 1.01;
          assertThat(Math.abs(new BigDecimal(r[i * n + j]).subtract(exact).doubleValue()))
              .as("float64 %s at %s,%s", java.util.Arrays.toString(s), i, j)
              .isLessThanOrEqualTo(bound);
          assertThat(Math.abs(new BigDecimal(rf[i * n + j]).subtract(exactF).doubleValue()))
              .as("float32 %s at %s,%s", java.util.Arrays.toString(s), i, j)
              .isLessThanOrEqualTo(boundF);
        }
      }
    }
  }

  /**
   * Operands read where they lie (any strides: transposed, reversed, stepped, broadcast, batch
   * axes broadcast, offset views, length-1 axes) give the bits of their C-order copies.
   */
  @Test
  void viewsReadInPlaceGiveTheBitsOfTheirCopies() {
    SplittableRandom random = new SplittableRandom(41);
    for (int round = 0; round < 80; round++) {
      boolean f32 = random.nextBoolean();
      int m = 1 + random.nextInt(70);
      int k = 1 + random.nextInt(300);
      int n = 1 + random.nextInt(40);
      int batch = 1 + random.nextInt(3);
      NdArray a = operand(random, batch, m, k, f32);
      NdArray b = operand(random, random.nextBoolean() ? batch : 1, k, n, f32);
      if (random.nextInt(4) == 0) {
        b = b.slice("..., :1, :").broadcastTo(b.shape()); // stride 0 along k
      }
      NdArray inPlace = LinAlg.matmul(a, b);
      NdArray copied = LinAlg.matmul(a.copy(), b.copy());
      assertThat(inPlace.shape()).isEqualTo(copied.shape());
      Object x = f32 ? ((FloatNdArray) inPlace).toArray() : ((DoubleNdArray) inPlace).toArray();
      Object y = f32 ? ((FloatNdArray) copied).toArray() : ((DoubleNdArray) copied).toArray();
      assertThat(x).as("round %s: %s @ %s", round, a.layout(), b.layout()).isEqualTo(y);
    }
  }

  /**
   * A {@code [batch, rows, cols]} view over a larger array, stored transposed or not, with rows
   * and columns reversed, stepped or offset at random.
   */
  private static NdArray operand(SplittableRandom random, int batch, int rows, int cols,
      boolean f32) {
    String[] axis = {":", "::-1", "1::2", "2::3", "::-3", "1:"};
    int r = 3 * rows + 1;
    int c = 3 * cols + 1;
    boolean transposed = random.nextBoolean();
    DoubleNdArray base = DoubleNdArray.wrap(transposed ? Shape.of(batch, c, r) : Shape.of(batch, r, c),
        random.doubles((long) batch * r * c, -1, 1).toArray());
    NdArray v = f32 ? base.astype(FloatNdArray.TYPE) : base;
    v = transposed ? v.permute(0, 2, 1) : v;
    v = v.slice(":, " + axis[random.nextInt(axis.length)] + ", " + axis[random.nextInt(axis.length)]);
    return v.slice(":, :" + rows + ", :" + cols);
  }

  @Test
  void broadcastOperandsBeyondAJavaArrayAreReadInPlace() {
    // a (50000, 50000) broadcast of one row: 2.5e9 elements, never copied (hostile pass)
    DoubleNdArray row = DoubleNdArray.wrap(Shape.of(1, 50_000), new double[50_000]);
    row.fill(0.5);
    NdArray a = row.broadcastTo(Shape.of(50_000, 50_000));
    NdArray v = DoubleNdArray.scalar(2).broadcastTo(Shape.of(50_000));
    DoubleNdArray r = (DoubleNdArray) LinAlg.matmul(a, v);
    assertThat(r.shape()).isEqualTo(Shape.of(50_000));
    assertThat(r.getDouble(0)).isEqualTo(50_000.0);
    assertThat(r.getDouble(49_999)).isEqualTo(50_000.0);
    // a summed dimension the kernels cannot count is refused, naming the shapes
    NdArray x = DoubleNdArray.scalar(1).broadcastTo(Shape.of(1, 3_000_000_000L));
    NdArray y = DoubleNdArray.scalar(1).broadcastTo(Shape.of(3_000_000_000L, 1));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> LinAlg.matmul(x, y))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the summed dimension k = 3000000000 of operands of shapes"
            + " (1, 3000000000) and (3000000000, 1)");
  }

  /**
   * The same bits on one thread and on 2 to 5, in the common pool and in a pool of 3, for
   * products that take every path of the shared packing: several {@code KC} steps per run (as
   * many as the threads or more, and fewer), one step per run (a lowered
   * {@link Gemm#sharedPanelBytes}: the threads meet between runs), and more than {@code NC}
   * columns; with edge rows and columns.
   */
  @Test
  void threadsDoNotChangeTheBits() {
    SplittableRandom random = new SplittableRandom(7);
    int[][] shapes = {{2, 300, 270, 90}, {1, 130, 600, 2100}, {1, 200, 530, 33}};
    long panelBytes = Gemm.sharedPanelBytes;
    int threads = Parallelism.maxThreads();
    ForkJoinPool pool = Parallelism.pool();
    ForkJoinPool own = new ForkJoinPool(3);
    try {
      for (int[] shape : shapes) {
        int batch = shape[0];
        int m = shape[1];
        int k = shape[2];
        int n = shape[3];
        DoubleNdArray a = DoubleNdArray.wrap(Shape.of(batch, m, k),
            random.doubles((long) batch * m * k).toArray());
        DoubleNdArray b =
            DoubleNdArray.wrap(Shape.of(k, n), random.doubles((long) k * n).toArray());
        FloatNdArray af = a.astype(FloatNdArray.TYPE);
        FloatNdArray bf = b.astype(FloatNdArray.TYPE);
        Parallelism.setMaxThreads(1);
        double[] one = ((DoubleNdArray) LinAlg.matmul(a, b)).toArray();
        float[] oneF = ((FloatNdArray) LinAlg.matmul(af, bf)).toArray();
        for (long bytes : new long[] {panelBytes, 1}) {
          Gemm.sharedPanelBytes = bytes;
          for (ForkJoinPool p : new ForkJoinPool[] {ForkJoinPool.commonPool(), own}) {
            Parallelism.setPool(p);
            for (int t = 2; t <= 5; t++) {
              Parallelism.setMaxThreads(t);
              String as = String.format("%s, threads %d, shared panel bytes %d",
                  Arrays.toString(shape), t, bytes);
              assertThat(((DoubleNdArray) LinAlg.matmul(a, b)).toArray()).as(as).isEqualTo(one);
              assertThat(((FloatNdArray) LinAlg.matmul(af, bf)).toArray()).as(as)
                  .isEqualTo(oneF);
            }
          }
        }
      }
    } finally {
      Gemm.sharedPanelBytes = panelBytes;
      Parallelism.setMaxThreads(threads);
      Parallelism.setPool(pool);
      own.shutdown();
    }
  }

  @Test
  void int64WrapsExactlyModulo2To64() {
    SplittableRandom random = new SplittableRandom(3);
    int m = 7;
    int n = 5;
    int k = 33;
    long[] a = random.longs((long) m * k).toArray();
    long[] b = random.longs((long) k * n).toArray();
    long[] r = ((LongNdArray) LinAlg.matmul(LongNdArray.wrap(Shape.of(m, k), a),
        LongNdArray.wrap(Shape.of(k, n), b))).toArray();
    java.math.BigInteger mod = java.math.BigInteger.ONE.shiftLeft(64);
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        java.math.BigInteger exact = java.math.BigInteger.ZERO;
        for (int p = 0; p < k; p++) {
          exact = exact.add(java.math.BigInteger.valueOf(a[i * k + p])
              .multiply(java.math.BigInteger.valueOf(b[p * n + j])));
        }
        assertThat(r[i * n + j]).isEqualTo(exact.mod(mod).longValue());
      }
    }
  }

  @Test
  void aSumOfProductsStartsFromPositiveZero() {
    // np.dot([-0.0], [0.0]) and np.inner are -0.0 (the one product itself); np.vdot, np.matmul
    // and np.einsum give 0.0, as ndprim does everywhere (0.0 + the products)
    NdArray x = DoubleNdArray.vector(-0.0);
    NdArray y = DoubleNdArray.vector(0.0);
    for (NdArray r : new NdArray[] {LinAlg.dot(x, y), LinAlg.inner(x, y), LinAlg.vdot(x, y),
        LinAlg.einsum("i,i", x, y)}) {
      assertThat(Double.doubleToRawLongBits(((DoubleNdArray) r).getDouble())).isZero();
    }
  }
}
