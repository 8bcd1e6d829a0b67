package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ndprim.BooleanNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Reduce;
import org.ndprim.Shape;

/**
 * The reductions over several axes and the accumulations of every generated type (the user-declared
 * float8 and bfloat16 included, which the golden cases from NumPy do not cover) over every storage:
 * each result against an independent computation (the single-axis and whole-array reductions, or
 * the elements themselves), the declared result types, {@code keepdims} shapes, and NumPy's
 * errors.
 */
class ReductionContractTest {
  static Stream<ScalarCase<?>> cases() {
    return ScalarCase.ALL.stream();
  }

  private static NdArray arange(ScalarCase<?> c, long... dims) {
    int n = (int) Shape.of(dims).size();
    List<Object> values = new ArrayList<>();
    IntStream.range(0, n).forEach(k -> values.add(c.v(k % 24)));
    return new TypedApi(c).of(Shape.of(dims), values);
  }

  private static Object call(NdArray a, String name, Class<?>[] types, Object... args) {
    try {
      Method m = a.scalarType().arrayType().getMethod(name, types);
      return m.invoke(a, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      throw new AssertionError(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static NdArray reduce(NdArray a, String name, boolean keep, int... axes) {
    return (NdArray) call(a, name, new Class<?>[] {boolean.class, int[].class}, keep, axes);
  }

  private static double[] doubles(Object o) {
    if (o instanceof NdArray) {
      return ((NdArray) o).astype(DoubleNdArray.TYPE).toArray();
    }
    if (o instanceof Boolean) {
      return new double[] {(Boolean) o ? 1 : 0};
    }
    if (o instanceof Character) {
      return new double[] {(Character) o};
    }
    return new double[] {((Number) o).doubleValue()};
  }

  private static double[] elements(NdArray a) {
    return a.astype(DoubleNdArray.TYPE).toArray();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void severalAxesEqualSingleAxisReductionsComposed(ScalarCase<?> c) {
    NdArray a = arange(c, 2, 3, 4);
    for (String name : List.of("min", "max")) {
      NdArray viaSingle = (NdArray) call((NdArray) call(a, name, new Class<?>[] {int.class}, 0),
          name, new Class<?>[] {int.class}, 0);
      NdArray several = reduce(a, name, false, 0, -2);
      assertThat(several.scalarType()).as(name).isEqualTo(a.scalarType());
      assertThat(several.shape()).isEqualTo(Shape.of(4));
      assertThat(doubles(several)).as("%s %s", c.name(), name).containsExactly(doubles(viaSingle));
      NdArray all = reduce(a, name, true);
      assertThat(all.shape()).isEqualTo(Shape.of(1, 1, 1));
      assertThat(doubles(all)).containsExactly(doubles(call(a, name, new Class<?>[0])));
    }
    if (a.scalarType().logicalType() != boolean.class) {
      NdArray single = (NdArray) call(a, "sum", new Class<?>[] {int.class}, 2);
      NdArray several = reduce(a, "sum", true, 2);
      assertThat(several.scalarType()).isEqualTo(single.scalarType());
      assertThat(several.shape()).isEqualTo(Shape.of(2, 3, 1));
      assertThat(doubles(several)).as(c.name()).containsExactly(doubles(single));
      assertThat(doubles(reduce(a, "sum", false))).as(c.name())
          .containsExactly(doubles(call(a, "sum", new Class<?>[0])));
      assertThat(doubles(reduce(a, "mean", false))[0]).as(c.name())
          .isEqualTo(doubles(call(a, "mean", new Class<?>[0]))[0]);
    }
  }

  @ParameterizedTest
  @MethodSource("cases")
  void resultsAgreeWithTheElements(ScalarCase<?> c) {
    NdArray a = arange(c, 3, 5);
    double[] x = elements(a);
    // countNonzero, any, all over axis 0, against the elements
    long[] counts = ((LongNdArray) reduce(a, "countNonzero", false, 0)).toArray();
    boolean[] any = ((BooleanNdArray) reduce(a, "any", false, 0)).toArray();
    boolean[] all = ((BooleanNdArray) reduce(a, "all", false, 0)).toArray();
    for (int j = 0; j < 5; j++) {
      long n = 0;
      for (int i = 0; i < 3; i++) {
        n += x[i * 5 + j] != 0 ? 1 : 0;
      }
      assertThat(counts[j]).isEqualTo(n);
      assertThat(any[j]).isEqualTo(n > 0);
      assertThat(all[j]).isEqualTo(n == 3);
    }
    assertThat(call(a, "countNonzero", new Class<?>[0]))
        .isEqualTo(Reduce.count(a) - java.util.Arrays.stream(x).filter(v -> v == 0).count());
    if (a.scalarType().logicalType() == boolean.class) {
      return; // no arithmetic reductions on booleans (README's differences from NumPy)
    }
    // var and std with ddof over axis 1, against the definition (the data are small integers)
    double[] var = doubles(call(a, "var", new Class<?>[] {double.class, boolean.class,
        int[].class}, 1.0, true, new int[] {1}));
    double[] std = doubles(call(a, "std", new Class<?>[] {int[].class}, (Object) new int[] {1}));
    for (int i = 0; i < 3; i++) {
      double mean = 0;
      for (int j = 0; j < 5; j++) {
        mean += x[i * 5 + j];
      }
      mean /= 5;
      double ss = 0;
      for (int j = 0; j < 5; j++) {
        ss += (x[i * 5 + j] - mean) * (x[i * 5 + j] - mean);
      }
      double tol = 1e-2 * Math.max(1, ss);
      assertThat(var[i]).as("%s var", c.name()).isCloseTo(ss / 4, within(tol));
      assertThat(std[i]).as("%s std", c.name()).isCloseTo(Math.sqrt(ss / 5),
          within(1e-2 * Math.max(1, Math.sqrt(ss))));
    }
    // cumsum along axis 1: each row's running sums; its last column is sum(axis=1)
    NdArray cumsum = (NdArray) call(a, "cumsum", new Class<?>[] {int.class}, 1);
    assertThat(cumsum.shape()).isEqualTo(a.shape());
    assertThat(cumsum.scalarType()).isEqualTo(reduce(a, "sum", false).scalarType());
    double[] cs = elements(cumsum);
    double[] rowSums = doubles(reduce(a, "sum", false, 1));
    for (int i = 0; i < 3; i++) {
      assertThat(cs[i * 5 + 4]).as(c.name()).isEqualTo(rowSums[i]);
    }
    NdArray flat = (NdArray) call(a, "cumprod", new Class<?>[0]);
    assertThat(flat.shape()).isEqualTo(Shape.of(15));
    // argMin with keepdims keeps the axis
    NdArray arg = (NdArray) call(a, "argMin", new Class<?>[] {int.class, boolean.class}, -1,
        true);
    assertThat(arg.shape()).isEqualTo(Shape.of(3, 1));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void theDeclaredTypesAreTheResults(ScalarCase<?> c) throws ReflectiveOperationException {
    NdArray a = arange(c, 2, 3);
    Class<?> type = a.scalarType().arrayType();
    boolean bool = a.scalarType().logicalType() == boolean.class;
    for (String name : bool ? List.of("min", "max", "any", "all", "countNonzero")
        : List.of("sum", "prod", "min", "max", "mean", "var", "std", "any", "all",
            "countNonzero")) {
      Method m = type.getMethod(name, boolean.class, int[].class);
      Object r = m.invoke(a, false, new int[] {0});
      assertThat(m.getReturnType()).as(name).isAssignableFrom(r.getClass());
      assertThat(((NdArray) r).shape()).as(name).isEqualTo(Shape.of(3));
    }
  }

  @ParameterizedTest
  @MethodSource("cases")
  void badAxesAreRefusedWithNumpysMessages(ScalarCase<?> c) {
    NdArray a = arange(c, 2, 3);
    assertThatThrownBy(() -> reduce(a, "any", false, 1, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("duplicate value in 'axis'");
    assertThatThrownBy(() -> reduce(a, "max", false, 0, 2))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 2 is out of bounds for array of dimension 2");
    NdArray empty = arange(c, 0, 3);
    assertThatThrownBy(() -> reduce(empty, "min", false, 0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("zero-size array to reduction operation minimum which has no identity");
    assertThat(reduce(empty, "min", false, 1).shape()).isEqualTo(Shape.of(0));
    assertThat(doubles(reduce(empty, "all", false))).containsExactly(1);
    assertThat(doubles(reduce(empty, "any", false))).containsExactly(0);
    if (empty.scalarType().logicalType() == boolean.class) {
      return;
    }
    assertThat(doubles(reduce(empty, "sum", false, 0))).containsExactly(0, 0, 0);
    assertThat(doubles(reduce(empty, "prod", false, 0))).containsExactly(1, 1, 1);
    assertThat(doubles(reduce(empty, "mean", false, 0))).containsExactly(Double.NaN,
        Double.NaN, Double.NaN);
  }
}
