package org.ndprim.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.Complex128NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * NumPy's {@code tensordot} and {@code einsum}, case by case from
 * {@code golden/einsum_cases.txt} ({@code runtime/src/test/python/gen_einsum_cases.py}): the
 * subscript grammar (implicit and explicit output, ellipsis, diagonals, traces, transposes,
 * outer and batched products, up to four operands), every dtype and mixed dtypes, integer
 * wrapping, {@code bool}, empty dimensions, transposed, reversed and broadcast views, and the
 * errors. Small integer inputs keep every sum exact, so those results must have NumPy's bits;
 * the "frac" cases round, and each element must be within twice the bound documented on
 * {@link LinAlg#einsum} of NumPy's (both are within the bound of the exact value).
 */
class EinsumGoldenTest {

  @TestFactory
  Stream<DynamicTest> numpysEinsumAndTensordot() throws IOException {
    List<String[]> cases = new ArrayList<>();
    try (InputStream in = EinsumGoldenTest.class.getResourceAsStream(
        "/golden/einsum_cases.txt")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.startsWith("#") && !line.isBlank()) {
          cases.add(line.split("\t", -1));
        }
      }
    }
    assertThat(cases).hasSizeGreaterThan(400);
    assertThat(cases.stream().filter(c -> c[3].equals("error"))).hasSizeGreaterThan(50);
    return cases.stream().map(c -> DynamicTest.dynamicTest(
        String.join(" ", c[0], "'" + c[1] + "'", c[2]), () -> check(c)));
  }

  @Test
  void tensordotRefusesANegativeAxisCount() {
    // NumPy's range(-axes, 0) is empty for axes = -1: np.tensordot(a, b, -1) is the outer product
    NdArray a = DoubleNdArray.wrap(Shape.of(2, 3), new double[6]);
    assertThatThrownBy(() -> LinAlg.tensordot(a, a, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tensordot: axes must be at least 0, got -1");
  }

  @Test
  void tensordotChecksAHugeAxisCountBeforeMakingAxisLists() {
    // Integer.MAX_VALUE axes was an OutOfMemoryError ("Requested array size exceeds VM limit")
    NdArray a = DoubleNdArray.wrap(Shape.of(2, 3), new double[6]);
    assertThatThrownBy(() -> LinAlg.tensordot(a, a, Integer.MAX_VALUE))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis -2147483647 is out of bounds for array of dimension 2");
    assertThatThrownBy(() -> LinAlg.tensordot(a, DoubleNdArray.wrap(Shape.of(6), new double[6]), 2))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 1 is out of bounds for array of dimension 1");
  }

  @Test
  void anEmptyResultNeedsNoColumnOfOnes() {
    // numpy 2.4.6: np.einsum('ij->i', np.zeros((0, 10**9))) has shape (0,); it allocated 8 GB of
    // ones for the summed letter (an OutOfMemoryError), and (0, 3e9) overflowed a product
    NdArray r = LinAlg.einsum("ij->i", DoubleNdArray.zeros(Shape.of(0, 1_000_000_000L)));
    assertThat(r.shape()).isEqualTo(Shape.of(0));
    r = LinAlg.einsum("ij->i", DoubleNdArray.zeros(Shape.of(0, 3_000_000_000L)));
    assertThat(r.shape()).isEqualTo(Shape.of(0));
    // nothing summed: zeros of the kept shape
    r = LinAlg.einsum("ij->i", DoubleNdArray.zeros(Shape.of(3, 0)));
    assertThat(((DoubleNdArray) r).toArray()).containsExactly(0, 0, 0);
  }

  @Test
  void complexSumsKeepInfinitiesOutOfTheOtherPart() {
    // numpy 2.4.6: np.einsum('i->', [inf+0j]) = inf+0j; [inf+infj] -> inf+infj;
    // np.einsum('ii', [[nan, 5], [5, 1]] as complex) -> nan+0j; a product with (1+0j) made NaNs
    double inf = Double.POSITIVE_INFINITY;
    double nan = Double.NaN;
    Complex128NdArray r = (Complex128NdArray) LinAlg.einsum("i->",
        Complex128NdArray.TYPE.wrapStorage(Shape.of(1), new double[] {inf, 0}));
    assertThat(r.real().getDouble()).isEqualTo(inf);
    assertThat(r.imag().getDouble()).isEqualTo(0.0);
    r = (Complex128NdArray) LinAlg.einsum("i->",
        Complex128NdArray.TYPE.wrapStorage(Shape.of(1), new double[] {inf, inf}));
    assertThat(r.real().getDouble()).isEqualTo(inf);
    assertThat(r.imag().getDouble()).isEqualTo(inf);
    r = (Complex128NdArray) LinAlg.einsum("ii",
        Complex128NdArray.TYPE.wrapStorage(Shape.of(2, 2), new double[] {nan, 0, 5, 0, 5, 0, 1, 0}));
    assertThat(r.real().getDouble()).isNaN();
    assertThat(r.imag().getDouble()).isEqualTo(0.0);
  }

  private static void check(String[] c) {
    String[] specs = c[2].isEmpty() ? new String[0] : c[2].split(" ");
    NdArray[] ops = new NdArray[specs.length];
    for (int i = 0; i < specs.length; i++) {
      ops[i] = LinAlgGoldenTest.operand(specs[i], i + 1);
    }
    Supplier<NdArray> run = c[0].equals("einsum") ? () -> LinAlg.einsum(c[1], ops)
        : () -> tensordot(c[1], ops[0], ops[1]);
    if (c[3].equals("error")) {
      expectError(run, c[4], c[5]);
      return;
    }
    NdArray r = run.get();
    if (c.length == 7) {
      LinAlgGoldenTest.expect(r, c[4], c[5], c[6]);
      return;
    }
    // rounded sums: within the tolerance of NumPy's value, element by element
    assertThat(r.scalarType()).isSameAs(LinAlgGoldenTest.TYPES.get(c[4]));
    assertThat(r.shape()).isEqualTo(LinAlgGoldenTest.shape(c[5]));
    String[] expected = c[6].split(" ");
    double[] tol = Arrays.stream(c[7].split(" ")).mapToDouble(Double::parseDouble).toArray();
    boolean complex = r.scalarType().kind() == 'c';
    double[] got = complex ? (double[]) r.astype(Complex128NdArray.TYPE).toStorageArray()
        : r.astype(DoubleNdArray.TYPE).toArray();
    for (int i = 0; i < expected.length; i++) {
      String[] parts = expected[i].split(",");
      for (int p = 0; p < parts.length; p++) {
        double g = got[complex ? 2 * i + p : i];
        assertThat(Math.abs(g - Double.parseDouble(parts[p]))).as("element %s part %s", i, p)
            .isLessThanOrEqualTo(tol[i]);
      }
    }
  }

  private static void expectError(Supplier<NdArray> run, String kind, String message) {
    if (kind.equals("IndexError")) {
      // NumPy: "tuple index out of range"; here the axis and the rank
      assertThatThrownBy(run::get).isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessageMatching("axis -?\\d+ is out of bounds for array of dimension \\d+");
    } else if (message.startsWith("operands could not be broadcast together with remapped")) {
      // NumPy prints its iterator's remapped shapes; here the letter, sizes and operands
      assertThatThrownBy(run::get).isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("operands could not be broadcast together: ")
          .hasMessageMatching(".* has size \\d+ in operand \\d+ of shape \\(.*\\) and size \\d+"
              + " in operand \\d+ of shape \\(.*\\)");
    } else if (message.equals("axes don't match array")) {
      // NumPy's transpose fails on an axis given twice as -1 and 1; here tensordot says so
      assertThatThrownBy(run::get).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("duplicate axes are not allowed in tensordot");
    } else if (message.startsWith("operand has more dimensions")) {
      // NumPy's text, then the operand's number, shape and term
      assertThatThrownBy(run::get).isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(message + " (operand ").hasMessageContaining(" of shape (");
    } else if (message.startsWith("einstein sum subscripts string contains too many")) {
      // NumPy's text, then the operand's shape
      assertThatThrownBy(run::get).isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(message + " (of shape (");
    } else {
      assertThatThrownBy(run::get).isInstanceOf(IllegalArgumentException.class)
          .hasMessage(message);
    }
  }

  /** {@code tensordot} with AXES as the script writes it: N, or A;B (comma-separated). */
  private static NdArray tensordot(String axes, NdArray a, NdArray b) {
    if (!axes.contains(";")) {
      return LinAlg.tensordot(a, b, Integer.parseInt(axes));
    }
    String[] parts = axes.split(";", -1);
    return LinAlg.tensordot(a, b, ints(parts[0]), ints(parts[1]));
  }

  private static int[] ints(String s) {
    return s.isEmpty() ? new int[0] : Arrays.stream(s.split(",")).mapToInt(Integer::parseInt)
        .toArray();
  }
}
