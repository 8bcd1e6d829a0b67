package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ndprim.layout.LayoutTesting.goldenCases;
import static org.ndprim.layout.LayoutTesting.longs;
import static org.ndprim.layout.LayoutTesting.tuple;
import static org.ndprim.layout.LayoutTesting.values;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.IllegalRankException;
import org.ndprim.Indices;
import org.ndprim.Shape;

/**
 * Replays the NumPy golden corpus {@code golden/view_cases.txt} (made by
 * {@code src/test/python/gen_view_cases.py}): transpose, permute, reshape (view or needs a
 * copy), broadcast_to, squeeze and expand_dims on views of an arange, often non-contiguous.
 *
 * <p>Results agree on shape and values (storage offsets) and on the stride of every axis of
 * length greater than 1 of a non-empty result, where a stride is observable. Strides of length-1
 * axes are free and differ by design: {@code Layout.slice} keeps the input stride on an axis of
 * length 1 where NumPy multiplies it by the step, a new axis gets stride 0, and NumPy's
 * {@code expand_dims} is a reshape. Errors agree on kind; messages are NumPy's exactly where
 * ndprim uses NumPy's text (axis out of bounds, reshape size, squeeze), otherwise ndprim names
 * the shapes or axes (broadcast, permute).
 */
class GoldenViewsTest {
  private static final String RESOURCE = "/golden/view_cases.txt";

  static List<String[]> cases() throws IOException {
    return goldenCases(RESOURCE);
  }

  @Test
  void corpusCoversEveryOperationAndOutcome() throws IOException {
    List<String[]> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(2000);
    for (String op : new String[] {"transpose", "permute", "reshape", "broadcast_to", "squeeze",
        "expand_dims"}) {
      assertThat(cases).as(op).anyMatch(c -> c[3].equals(op) && c[5].equals("OK"));
    }
    assertThat(cases).anyMatch(c -> c[5].equals("COPY"));
    for (String op : new String[] {"permute", "reshape", "broadcast_to", "squeeze"}) {
      assertThat(cases).as(op).anyMatch(c -> c[3].equals(op) && c[5].equals("ValueError"));
    }
    assertThat(cases).anyMatch(c -> c[3].equals("expand_dims") && c[5].equals("AxisError"));
    // non-contiguous inputs that numpy can still reshape without a copy
    assertThat(cases).anyMatch(c -> c[3].equals("reshape") && c[5].equals("OK")
        && !input(c).isContiguous() && !Shape.of(tuple(c[4])).equals(input(c).shape()));
  }

  @TestFactory
  Stream<DynamicTest> everyCaseMatchesNumpy() throws IOException {
    return cases().stream().map(c -> DynamicTest.dynamicTest(
        "a" + c[0] + "[" + c[1] + "]" + (c[2].equals("-") ? "" : ".transpose" + c[2]) + " "
            + c[3] + " " + c[4] + " -> " + c[5] + " " + c[6], () -> check(c)));
  }

  /** The input view: arange(base)[spec], then transposed by perm. */
  private static Layout input(String[] c) {
    Layout a = Layout.cOrder(Shape.of(tuple(c[0]))).slice(Indices.parse(c[1]));
    if (!c[2].equals("-")) {
      a = a.permute(ints(c[2]));
    }
    return a;
  }

  private static int[] ints(String tupleText) {
    return java.util.Arrays.stream(tuple(tupleText)).mapToInt(Math::toIntExact).toArray();
  }

  private static Layout apply(Layout a, String op, String arg) {
    switch (op) {
      case "transpose":
        return a.transpose();
      case "permute":
        return a.permute(ints(arg));
      case "reshape":
        return a.reshape(Shape.of(tuple(arg)));
      case "broadcast_to":
        return a.broadcastTo(Shape.of(tuple(arg)));
      case "squeeze":
        return arg.equals("-") ? a.squeeze() : a.squeeze(Integer.parseInt(arg));
      case "expand_dims":
        return a.expandDims(Integer.parseInt(arg));
      default:
        throw new AssertionError("unknown op " + op);
    }
  }

  private static void check(String[] c) {
    Layout a = input(c);
    String op = c[3];
    Throwable error = catchThrowable(() -> apply(a, op, c[4]));
    switch (c[5]) {
      case "OK": {
        assertThat(error).isNull();
        Layout r = apply(a, op, c[4]);
        assertThat(r.shape()).isEqualTo(Shape.of(tuple(c[6])));
        assertThat(values(r)).containsExactly(longs(c[8]));
        long[] strides = tuple(c[7]);
        if (r.size() > 0) {
          for (int axis = 0; axis < r.rank(); axis++) {
            if (r.dim(axis) > 1) {
              assertThat(r.stride(axis)).as("stride of axis %d", axis).isEqualTo(strides[axis]);
            }
          }
        }
        SlicingPropertiesTest.checkLayoutInvariants(r, c[3] + " " + c[4]);
        break;
      }
      case "COPY": {
        assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("cannot reshape array of shape " + a.shape() + " with strides ")
            .hasMessageContaining(" into shape " + Shape.of(tuple(c[4])) + " without copying: ")
            .hasMessageEndingWith("; reshape(...) copies");
        assertThat(a.reshapeIfView(Shape.of(tuple(c[4])))).isNull();
        // what copy().reshape(...) gives: the C-order values under the new shape
        Layout copied = Layout.cOrder(a.shape()).reshape(Shape.of(tuple(c[4])));
        assertThat(copied.shape()).isEqualTo(Shape.of(tuple(c[6])));
        long[] source = values(a);
        long[] gathered = java.util.Arrays.stream(values(copied)).map(k -> source[(int) k])
            .toArray();
        assertThat(gathered).containsExactly(longs(c[7]));
        break;
      }
      case "AxisError":
        assertThat(error).isExactlyInstanceOf(IndexOutOfBoundsException.class).hasMessage(c[6]);
        break;
      case "ValueError":
        checkValueError(c, a, error);
        break;
      default:
        throw new AssertionError("unknown outcome " + c[5]);
    }
  }

  private static void checkValueError(String[] c, Layout a, Throwable error) {
    String message = c[6];
    if (message.startsWith("cannot reshape array of size")
        || message.startsWith("cannot select an axis to squeeze")) {
      assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
    } else if (message.equals("axes don't match array")) {
      assertThat(error).isExactlyInstanceOf(IllegalRankException.class)
          .hasMessageStartingWith(message);
    } else if (message.equals("repeated axis in transpose")) {
      assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(message);
    } else if (c[3].equals("broadcast_to")) {
      assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(a.shape().toString())
          .hasMessageContaining(Shape.of(tuple(c[4])).toString());
    } else {
      throw new AssertionError("unexpected numpy error " + message);
    }
  }
}
