package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What the golden corpus (lines of at most 30 elements) does not reach: long lines (the merge
 * passes of the index sort, {@link java.util.Arrays#sort}'s own algorithms), the repair of zeros
 * after {@code Arrays.sort}, and hostile sizes.
 */
class SortingTest {
  /** Doubles with many ties, both zeros, NaN and infinities. */
  private static double[] data(int n, long seed) {
    double[] pool = {0.0, -0.0, 1.5, -2.25, Double.NaN, Double.POSITIVE_INFINITY, -1e300, 7};
    Random r = new Random(seed);
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = r.nextInt(3) == 0 ? pool[r.nextInt(pool.length)] : r.nextInt(50) - 25;
    }
    return d;
  }

  /** NumPy's order: -0.0 equals 0.0, NaN last. */
  private static final Comparator<Double> NUMPY = (x, y) -> x.isNaN() || y.isNaN()
      ? Boolean.compare(x.isNaN(), y.isNaN()) : Double.compare(x + 0.0, y + 0.0);

  @Test
  void longLinesSortAndArgsortStablyInNumpysOrder() {
    for (int n : new int[] {33, 64, 1000, 5003}) {
      double[] d = data(n, n);
      Integer[] expected = IntStream.range(0, n).boxed().toArray(Integer[]::new);
      Arrays.sort(expected, (i, j) -> NUMPY.compare(d[i], d[j])); // stable
      DoubleNdArray a = DoubleNdArray.wrap(Shape.of(n), d.clone());
      long[] idx = (long[]) Sorting.argsort(a).toStorageArray();
      double[] sorted = (double[]) Sorting.sort(a).toStorageArray();
      for (int k = 0; k < n; k++) {
        assertThat(idx[k]).as("n=%d k=%d", n, k).isEqualTo(expected[k].longValue());
        assertThat(Double.doubleToRawLongBits(sorted[k])).as("n=%d k=%d", n, k)
            .isEqualTo(Double.doubleToRawLongBits(d[expected[k]]));
      }
      assertThat(a.toStorageArray()).as("the input is untouched").isEqualTo(d);
      // float32 and a strided view of a chunked copy give the same order
      FloatNdArray f = a.astype(FloatNdArray.TYPE);
      assertThat(Sorting.argsort(f)).isEqualTo(Sorting.argsort(a));
      DoubleNdArray twice = NdArrays.repeat(a, 2);
      assertThat(Sorting.sort(twice.slice("::2"))).isEqualTo(Sorting.sort(a));
    }
  }

  @Test
  void zerosKeepTheirInputOrderThoughArraysSortPutsNegativeZerosFirst() {
    double[] d = {0.0, 3, -0.0, 0.0, -1, -0.0};
    double[] sorted = (double[]) Sorting.sort(DoubleNdArray.wrap(Shape.of(6), d))
        .toStorageArray();
    assertThat(Arrays.stream(sorted).mapToObj(x -> Double.toString(x)))
        .containsExactly("-1.0", "0.0", "-0.0", "0.0", "-0.0", "3.0");
    float[] f = {0.0f, -0.0f};
    assertThat((float[]) Sorting.sort(FloatNdArray.wrap(Shape.of(2), f)).toStorageArray())
        .containsExactly(0.0f, -0.0f);
    assertThat(Float.floatToRawIntBits(((float[]) Sorting.sort(FloatNdArray.wrap(Shape.of(2),
        f)).toStorageArray())[0])).isZero();
  }

  @Test
  void unsignedAndBfloat16AndComplexOrders() {
    UInt64NdArray u = UInt64NdArray.wrap(Shape.of(3), new long[] {-1L, 1L, Long.MIN_VALUE});
    assertThat((long[]) Sorting.sort(u).toStorageArray())
        .containsExactly(1L, Long.MIN_VALUE, -1L);
    BFloat16NdArray b = DoubleNdArray.wrap(Shape.of(4), new double[] {2, Double.NaN, -3, 0.5})
        .astype(BFloat16NdArray.TYPE);
    assertThat(Sorting.sort(b).toString()).isEqualTo("[-3 0.5 2 nan]");
    // NumPy: [1+1j, 1+nanj, nan+0j, nan+nanj]
    double n = Double.NaN;
    Complex128NdArray c = Complex128NdArray.TYPE.fromComplex(Shape.of(4),
        new double[] {n, n, n, 0, 1, n, 1, 1});
    assertThat((long[]) Sorting.argsort(c).toStorageArray()).containsExactly(3L, 2L, 1L, 0L);
  }

  @Test
  void hostileSizesAreRefusedWithMessages() {
    LongNdArray big = LongNdArray.wrap(Shape.of(2), new long[] {0, Long.MAX_VALUE - 1});
    assertThatThrownBy(() -> Sorting.bincount(big, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not fit");
    assertThatThrownBy(() -> Sorting.bincount(LongNdArray.wrap(Shape.of(1), new long[] {0}),
        Long.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not fit");
    UInt64NdArray huge = UInt64NdArray.wrap(Shape.of(1), new long[] {-1L});
    assertThatThrownBy(() -> Sorting.bincount(huge, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("18446744073709551615");
    assertThatThrownBy(() -> Sorting.bincount(LongNdArray.vector(Long.MAX_VALUE), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not fit");
    DoubleNdArray one = DoubleNdArray.wrap(Shape.of(1), new double[] {1});
    assertThatThrownBy(() -> Sorting.bincount(IntNdArray.vector(0), DoubleNdArray.scalar(1), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(
            "object of too small depth for desired array");
    assertThatThrownBy(() -> Sorting.bincount(IntNdArray.vector(0),
        DoubleNdArray.zeros(Shape.of(1, 1)), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(
            "object too deep for desired array");
    assertThatThrownBy(() -> Sorting.histogram(one, Long.MAX_VALUE))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not fit");
  }

  @Test
  void weightedHistogramsOfTiedElementsAddTheirWeightsInTheStableOrder() {
    // Over bin edges NumPy sorts each block with its unstable argsort and adds the weights'
    // cumulative sums in that order; ndprim's sort is stable, so tied elements' float weights
    // are added in input order: here 1e8f, 1f, -1e8f (float32 cumsums 1e8, 1e8, 0: the bin sums
    // to 0, where 1e8f, -1e8f, 1f would give 1)
    FloatNdArray a = FloatNdArray.of(Shape.of(3), 1, 1, 1);
    FloatNdArray w = FloatNdArray.of(Shape.of(3), 1e8f, 1f, -1e8f);
    Sorting.WeightedHistogram h = Sorting.histogram(a, DoubleNdArray.of(Shape.of(2), 0, 2), w);
    assertThat(((FloatNdArray) h.sums()).toArray()).containsExactly(0f);
    // complex weights are refused (NumPy sums their parts apart), and so is a shape not a's
    assertThatThrownBy(() -> Sorting.histogram(a, 2, Complex64NdArray.zeros(Shape.of(3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("complex weights are not supported");
    assertThatThrownBy(() -> Sorting.histogram(a, 2, FloatNdArray.zeros(Shape.of(1, 3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("weights should have the same shape as a.");
  }

  @Test
  void histogramsOfComplexNumbersAreRefused() {
    // numpy 2.4.6 histograms complex data (with a ComplexWarning, the bins of its real parts or
    // complex edges); ndprim refuses it, with bins given as a count or as edges
    Complex128NdArray z = Complex128NdArray.of(Shape.of(2), 1, 1, 0.5, 0);
    DoubleNdArray edges = DoubleNdArray.of(Shape.of(2), 0, 2);
    assertThatThrownBy(() -> Sorting.histogram(z, edges))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("histogram: a must be an array of real numbers");
    assertThatThrownBy(() -> Sorting.histogram(z, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("histogram: a must be an array of real numbers");
    // the density of a histogram over edges is NumPy's n / db / n.sum()
    DoubleNdArray a = DoubleNdArray.of(Shape.of(5), 1, 2, 3, 4, 5);
    assertThat(Sorting.histogram(a, DoubleNdArray.of(Shape.of(3), 0, 2, 5)).density().toArray())
        .containsExactly(1.0 / 2 / 5, 4.0 / 3 / 5);
  }

  /**
   * searchsorted joins its values to the sorted array 2^16 at a time (or a's length): values in
   * every block, across the block boundaries, give what a direct count gives (left: the sorted
   * elements below the value; right: those not above it), NaN after everything.
   */
  @Test
  void searchsortedOfMoreValuesThanABlockCountsEachValue() {
    double[] sorted = {-1, 0, 0, 2.5, 10, 50, Double.NaN};
    int m = 3 * 65536 + 5;
    double[] v = new double[m];
    for (int i = 0; i < m; i++) {
      v[i] = i % 1001 == 0 ? Double.NaN : (i * 7919L % 1000) / 10.0 - 5;
    }
    DoubleNdArray a = DoubleNdArray.of(Shape.of(sorted.length), sorted);
    DoubleNdArray values = DoubleNdArray.of(Shape.of(m), v);
    long[] left = Sorting.searchsorted(a, values).toArray();
    long[] right = Sorting.searchsorted(a, values, true, null).toArray();
    for (int i = 0; i < m; i++) {
      long below = 0;
      long notAbove = 0;
      for (double s : sorted) {
        boolean nan = Double.isNaN(v[i]);
        below += nan ? (Double.isNaN(s) ? 0 : 1) : s < v[i] ? 1 : 0;
        notAbove += nan ? 1 : s <= v[i] ? 1 : 0;
      }
      assertThat(left[i]).as("left %d", i).isEqualTo(below);
      assertThat(right[i]).as("right %d", i).isEqualTo(notAbove);
    }
  }
}
