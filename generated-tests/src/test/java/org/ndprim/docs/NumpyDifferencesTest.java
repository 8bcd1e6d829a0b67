package org.ndprim.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.BFloat16NdArray;
import org.ndprim.BooleanNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;
import org.ndprim.Ufunc;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyFormatException;

/**
 * One test per line of docs/differences.md that no other test holds: each shows the documented
 * behaviour where ndprim and NumPy differ. {@code DocsTest} checks that every line of that list
 * names a test that exists.
 */
class NumpyDifferencesTest {
  @TempDir Path dir;

  private static List<String> methodNames(Class<?> type) {
    return Arrays.stream(type.getMethods()).map(Method::getName).distinct().sorted()
        .collect(Collectors.toList());
  }

  @Test
  void minimumAndMaximumOfEqualZerosReturnTheSecondOperand() {
    for (int n : new int[] {1, 8, 15, 16, 17, 100}) {
      DoubleNdArray zero = DoubleNdArray.zeros(Shape.of(n));
      DoubleNdArray negative = DoubleNdArray.zeros(Shape.of(n)).fill(-0.0);
      for (Ufunc u : new Ufunc[] {Ufunc.MINIMUM, Ufunc.MAXIMUM, Ufunc.FMIN, Ufunc.FMAX}) {
        assertThat(Arrays.stream(((DoubleNdArray) u.apply(zero, negative)).toArray())
            .map(Math::signum).map(v -> 1 / v)).as("%s n=%d", u.name(), n)
            .containsOnly(Double.NEGATIVE_INFINITY);
        assertThat(Arrays.stream(((DoubleNdArray) u.apply(negative, zero)).toArray())
            .map(Math::signum).map(v -> 1 / v)).as("%s n=%d", u.name(), n)
            .containsOnly(Double.POSITIVE_INFINITY);
      }
      FloatNdArray fz = FloatNdArray.zeros(Shape.of(n));
      FloatNdArray fn = FloatNdArray.zeros(Shape.of(n)).fill(-0.0f);
      assertThat(Float.floatToRawIntBits(((FloatNdArray) Ufunc.FMIN.apply(fz, fn)).getFloat(n - 1)))
          .isEqualTo(Float.floatToRawIntBits(-0.0f));
    }
  }

  @Test
  void toStringHasOnlyTheDefaultPrintOptions() {
    // one toString(), no overload taking options, and NumPy's default str() output
    assertThat(Arrays.stream(DoubleNdArray.class.getMethods())
        .filter(m -> m.getName().equals("toString")).map(Method::getParameterCount))
        .containsExactly(0);
    assertThat(DoubleNdArray.vector(0.1, 1e-9).toString()).isEqualTo("[1.e-01 1.e-09]");
  }

  @Test
  void floatToIntegerCastsOfNanAndOutOfRangeValuesFollowNdprimsRule() {
    DoubleNdArray d = DoubleNdArray.vector(Double.NaN, 1e300, -1e300, 300.7, -1.5);
    assertThat(d.astype(IntNdArray.TYPE).toArray())
        .containsExactly(0, Integer.MAX_VALUE, Integer.MIN_VALUE, 300, -1);
    // uint8: truncated through a long, then the low 8 bits (300 -> 44, -1 -> 255)
    assertThat(d.slice("3:").astype(UInt8NdArray.TYPE).toJava(int[].class)).containsExactly(44, 255);
    // uint64: exact in [0, 2^64), saturating beyond
    assertThat(DoubleNdArray.vector(1e30).astype(UInt64NdArray.TYPE).getUInt64(0)).isEqualTo(-1L);
  }

  @Test
  void signallingNansCastFromNarrowFloatsComeOutQuiet() {
    Float16NdArray h = Float16NdArray.wrap(Shape.of(1), new short[] {(short) 0x7c01});
    assertThat(Double.doubleToRawLongBits(h.astype(DoubleNdArray.TYPE).getDouble(0)))
        .isEqualTo(0x7ff8040000000000L); // NumPy: 0x7ff0040000000000
    double signalling = Double.longBitsToDouble(0x7ff0040000000000L);
    assertThat(Double.doubleToRawLongBits(
        DoubleNdArray.vector(signalling).astype(DoubleNdArray.TYPE).getDouble(0)))
        .isEqualTo(0x7ff0040000000000L); // from float64, kept as NumPy keeps them
  }

  @Test
  void sumsAndMeansOfNonContiguousViewsAddTheirRunsInCOrder() {
    // rows of at most 7 elements, so each run's pairwise sum is its sequential sum from -0.0;
    // large and small values alternate, so the order of the additions shows in the bits
    double[] v = new double[6 * 7];
    for (int i = 0; i < v.length; i++) {
      v[i] = 1.0 / (i + 3) * (i % 2 == 0 ? 1e8 : 1);
    }
    DoubleNdArray a = DoubleNdArray.of(Shape.of(6, 7), v);
    for (DoubleNdArray view : List.of(a.transpose(), a.slice(":, ::2"), a.slice("::-1, 1::3"))) {
      double total = 0;
      for (int i = 0; i < view.shape().dim(0); i++) {
        double run = -0.0;
        for (int j = 0; j < view.shape().dim(1); j++) {
          run += view.getDouble(i, j);
        }
        total += run;
      }
      assertThat(Double.doubleToRawLongBits(view.sum())).as("%s", view.shape())
          .isEqualTo(Double.doubleToRawLongBits(total));
      assertThat(view.mean()).isEqualTo(view.sum() / view.shape().size());
    }
  }

  @Test
  void float16SumsOfTheOtherByteOrderAddAsTheMachinesOrder() {
    int n = 20_000;
    Float16NdArray little = Float16NdArray.zeros(Shape.of(n));
    for (int i = 0; i < n; i++) {
      little.setFloat16(1 + (i % 7) / 8f, i);
    }
    ByteBuffer big = ByteBuffer.allocate(2 * n).order(ByteOrder.BIG_ENDIAN);
    Float16NdArray swapped = Float16NdArray.wrap(Shape.of(n), big);
    swapped.copyFrom(little);
    assertThat(Float.floatToRawIntBits(swapped.sum()))
        .isEqualTo(Float.floatToRawIntBits(little.sum()));
  }

  /**
   * Reductions along axes (and Reduce's) of float32/float64 data in the other byte order add as
   * the machine's-order copy does; NumPy swaps such data into buffers of 8,192 values (hostile
   * pass: {@code sum(0)} of a {@code >f4} file of 16,385 values differed from {@code np.sum(a,
   * axis=0)} in the last bit, while {@code sum()} follows NumPy's buffers).
   */
  @Test
  void axisReductionsOfTheOtherByteOrderAddAsTheMachinesOrder() {
    int n = 16_385;
    DoubleNdArray little = DoubleNdArray.zeros(Shape.of(3, n));
    for (int i = 0; i < 3 * n; i++) {
      little.setDouble(1000.5 + Math.sin(i) * 3, i / n, i % n);
    }
    ByteBuffer big = ByteBuffer.allocate(8 * 3 * n).order(ByteOrder.BIG_ENDIAN);
    DoubleNdArray swapped = DoubleNdArray.wrap(Shape.of(3, n), big);
    swapped.copyFrom(little);
    assertThat(swapped.sum(1).toArray()).isEqualTo(little.sum(1).toArray());
    assertThat(swapped.mean(false, 1).toArray()).isEqualTo(little.mean(false, 1).toArray());
    assertThat(swapped.var(0.0, false, 0, 1).toArray()).isEqualTo(
        little.var(0.0, false, 0, 1).toArray());
  }

  @Test
  void bfloat16SumsArePairwiseInFloat32() {
    BFloat16NdArray ones = BFloat16NdArray.full(Shape.of(1000), 1f);
    assertThat(ones.sum()).isEqualTo(1000f); // ml_dtypes' np.sum: 256
    assertThat(ones.mean()).isEqualTo(1f);
  }

  @Test
  void minAndMaxReturnTheFirstOfEqualZeros() {
    assertThat(Double.doubleToRawLongBits(DoubleNdArray.vector(0.0, -0.0).min())).isZero();
    assertThat(Double.doubleToRawLongBits(DoubleNdArray.vector(-0.0, 0.0).max()))
        .isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void booleanArraysHaveNoSumAndCountThroughAstype() {
    assertThat(methodNames(BooleanNdArray.class)).doesNotContain("sum", "mean", "prod", "var",
        "cumsum").contains("countNonzero", "any", "all");
    BooleanNdArray b = BooleanNdArray.vector(true, false, true);
    assertThat(b.astype(LongNdArray.TYPE).sum()).isEqualTo(2L);
    assertThat(b.countNonzero()).isEqualTo(2L);
    assertThat(b.astype(DoubleNdArray.TYPE).mean()).isEqualTo(2.0 / 3);
  }

  @Test
  void anEmptyAxesListReducesEveryAxis() {
    // NumPy's axis=() reduces no axis; ndprim's empty axes list is NumPy's axis=None
    DoubleNdArray a = DoubleNdArray.of(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    assertThat(a.sum(new int[0]).shape()).isEqualTo(Shape.scalar());
    assertThat(a.sum(new int[0]).getDouble()).isEqualTo(21.0);
    assertThat(a.sum(true).shape()).isEqualTo(Shape.of(1, 1));
  }

  /**
   * The line of docs/differences.md naming this test said "mean() has no axis form, and no dtype
   * argument"; mean now has NumPy's axis and keepdims forms (issue 20), and still no dtype or out
   * argument, which {@link #meanHasAxisAndKeepdimsFormsButNoDtypeOrOutForm} shows. Kept until
   * the line is reworded.
   */
  @Test
  void meanHasNoAxisOrDtypeForm() {
    assertThat(Arrays.stream(DoubleNdArray.class.getMethods())
        .filter(m -> m.getName().equals("mean"))
        .flatMap(m -> Arrays.stream(m.getParameterTypes())))
        .doesNotContain(org.ndprim.ScalarType.class, NdArray.class, DoubleNdArray.class);
  }

  @Test
  void meanHasAxisAndKeepdimsFormsButNoDtypeOrOutForm() {
    assertThat(Arrays.stream(DoubleNdArray.class.getMethods())
        .filter(m -> m.getName().equals("mean")).map(m -> List.of(m.getParameterTypes())))
        .containsExactlyInAnyOrder(List.of(), List.of(int[].class),
            List.of(boolean.class, int[].class));
  }

  @Test
  void complexTypesHaveArgMinAndArgMaxButNoArithmetic() throws NoSuchMethodException {
    for (Class<?> c : List.of(Complex64NdArray.class, Complex128NdArray.class)) {
      assertThat(methodNames(c)).contains("argMin", "argMax", "real", "imag")
          .doesNotContain("sum", "min", "max", "mean", "map", "zip", "forEach");
      // only the whole-array forms: no argMin(axis)/argMax(axis), which NumPy has
      assertThatThrownBy(() -> c.getMethod("argMin", int.class))
          .isInstanceOf(NoSuchMethodException.class);
      assertThatThrownBy(() -> c.getMethod("argMax", int.class))
          .isInstanceOf(NoSuchMethodException.class);
      assertThat(c.getMethod("argMin").getReturnType()).isEqualTo(long.class);
    }
    // lexicographic: real part first, then imaginary
    Complex128NdArray z = Complex128NdArray.of(Shape.of(3), 1, 5, 1, -2, 0, 9);
    assertThat(z.argMax()).isEqualTo(0);
    assertThat(z.argMin()).isEqualTo(2);
    assertThat(z.real().sum()).isEqualTo(2.0);
    // numpy: np.argmax/np.argmin([1+1j, 3, nanj, nan, 5]) == 2: the first NaN part wins
    Complex128NdArray n = Complex128NdArray.of(Shape.of(5), 1, 1, 3, 0, 0, Double.NaN,
        Double.NaN, 0, 5, 0);
    assertThat(n.argMax()).isEqualTo(2);
    assertThat(n.argMin()).isEqualTo(2);
  }

  @Test
  void v2FilesReadAsBFloat16() throws IOException {
    Path f = dir.resolve("b.npy");
    Npy.write(BFloat16NdArray.vector(1.5f, -2f), f);
    assertThat(Npy.readHeader(f).descr()).isEqualTo("<V2");
    NdArray back = Npy.read(f);
    assertThat(back).isInstanceOf(BFloat16NdArray.class);
    assertThat(((BFloat16NdArray) back).getBFloat16(1)).isEqualTo(-2f);
  }

  @Test
  void reshapeIsAViewOrAnErrorNeverACopy() {
    // Since issue 21 reshape copies as NumPy's; reshapeView is the form that never copies.
    IntNdArray a = IntNdArray.of(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    assertThatThrownBy(() -> a.transpose().reshapeView(Shape.of(6)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(a.transpose().reshape(Shape.of(6)).toArray()).containsExactly(1, 4, 2, 5, 3, 6);
    IntNdArray flat = a.reshapeView(Shape.of(6));
    flat.setInt(-1, 0);
    assertThat(a.getInt(0, 0)).isEqualTo(-1); // a view
  }

  @Test
  void assignmentDoesNotBroadcastUnlessAsked() {
    IntNdArray a = IntNdArray.zeros(Shape.of(2, 3));
    IntNdArray row = IntNdArray.vector(1, 2, 3);
    assertThatThrownBy(() -> a.set(row)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shape mismatch");
    a.set(row.broadcastTo(a.shape()));
    assertThat(a.toArray()).containsExactly(1, 2, 3, 1, 2, 3);
  }

  @Test
  void float128AndOtherDtypesWithoutAJavaTypeAreRefusedWithTheirHeaderReadable() throws IOException {
    Path f = dir.resolve("f16.npy");
    String header = "{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }";
    StringBuilder h = new StringBuilder(header);
    while ((10 + h.length() + 1) % 64 != 0) {
      h.append(' ');
    }
    h.append('\n');
    byte[] text = h.toString().getBytes(StandardCharsets.US_ASCII);
    ByteBuffer bytes = ByteBuffer.allocate(10 + text.length + 16).order(ByteOrder.LITTLE_ENDIAN);
    bytes.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
    bytes.putShort((short) text.length).put(text);
    Files.write(f, bytes.array());
    assertThat(Npy.readHeader(f).descr()).isEqualTo("<f16");
    assertThatThrownBy(() -> Npy.read(f)).isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("<f16");
  }

  @Test
  void ufuncsRaiseNoFloatingPointWarnings() {
    // NumPy warns "divide by zero encountered" (RuntimeWarning) and gives 0 for integers, inf or
    // nan for floats; ndprim gives the same values and says nothing (no np.errstate)
    IntNdArray a = IntNdArray.of(Shape.of(3), 5, -5, 0);
    assertThat(a.floorDivide(0L).toArray()).containsExactly(0, 0, 0);
    assertThat(a.remainder(0L).toArray()).containsExactly(0, 0, 0);
    assertThat(DoubleNdArray.of(Shape.of(2), 1, 0).divide(0.0).toArray())
        .containsExactly(Double.POSITIVE_INFINITY, Double.NaN);
  }

  @Test
  void newUfuncResultsAreCOrder() {
    // NumPy allocates a result in the inputs' memory order (order='K'): a.T + a.T is F-order;
    // ndprim's is C-order, with the same values
    DoubleNdArray a = DoubleNdArray.of(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    DoubleNdArray t = a.transpose();
    assertThat(t.add(t).layout().isContiguous()).isTrue();
    assertThat(t.add(t).toArray()).containsExactly(2, 8, 4, 10, 6, 12);
  }

  @Test
  void complexTranscendentalUfuncsAreNotImplemented() {
    Complex128NdArray z = Complex128NdArray.of(Shape.of(1), 1, 2);
    assertThatThrownBy(() -> Ufunc.SQRT.apply(z))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage("ufunc 'sqrt' has no kernel for complex128 in ndprim");
  }
}
