package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.DoubleNdArray;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.StridedSpec;
import org.ndprim.contract.NdArrayContractTest.Fixture;

/**
 * The NumPy golden slicing corpus ({@code runtime/src/test/resources/golden/slicing_cases.txt},
 * made by {@code runtime/src/test/python/gen_slicing_cases.py}) replayed through every view path
 * of the <em>generated</em> types: {@code slice(Index...)}, {@code slice(String)} and
 * {@code stridedSlice} with the masks {@code tf.Tensor.__getitem__} builds
 * ({@link StridedSpec#fromIndices}). Each case must agree with NumPy on shape and values, or on
 * the error kind (and NumPy's message for {@code slice}, TF's for {@code stridedSlice}); writes
 * through each view must land on exactly the base elements NumPy selects.
 *
 * <p>{@code IntNdArray} and {@code DoubleNdArray} get one test per case; the other seven types
 * run the whole corpus in one test each.
 *
 * <p>The corpus is read from the runtime module's sources by a path relative to this module
 * (Maven runs tests in the module directory, as {@code GoldenFilesTest} relies on): one committed
 * copy, regenerated in one place, rather than a duplicate or a build step copying it.
 */
class GoldenSlicingViewsTest {
  static final Path CORPUS = Path.of("../runtime/src/test/resources/golden/slicing_cases.txt");

  /** One corpus line: {@code shape, spec, tf encoding, tf outcome, numpy outcome, ...}. */
  record Case(String shape, String spec, String tfOutcome, String outcome, String result,
      String values) {
    static Case parse(String line) {
      String[] c = line.split("\t", -1);
      return new Case(c[0], c[1], c[3], c[4], c[5], c.length > 6 ? c[6] : "");
    }

    boolean ok() {
      return outcome.equals("OK");
    }

    @Override
    public String toString() {
      return "a" + shape + "[" + spec + "] -> " + (ok() ? result : outcome + " " + result);
    }
  }

  /** A view path: how to get a view of {@code base} for a case. */
  private static final Map<String, ViewPath> PATHS = Map.of(
      "slice(Index...)", (base, c) -> base.slice(Indices.parse(c.spec())),
      "slice(String)", (base, c) -> base.slice(c.spec()),
      "stridedSlice", (base, c) -> {
        StridedSpec s = StridedSpec.fromIndices(Indices.parse(c.spec()));
        return base.stridedSlice(s.begin(), s.end(), s.strides(), s.options());
      });

  @FunctionalInterface
  interface ViewPath {
    NdArray view(NdArray base, Case c);
  }

  static List<Case> cases() {
    try {
      assertThat(CORPUS).as("the corpus, relative to the generated-tests module").exists();
      return Files.readAllLines(CORPUS, StandardCharsets.UTF_8).stream()
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .map(Case::parse)
          .toList();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void corpusIsLargeAndVaried() {
    List<Case> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(3000);
    assertThat(cases).anyMatch(c -> c.shape().equals("()"));
    assertThat(cases).anyMatch(c -> c.ok() && c.result().contains("0"));
    assertThat(cases).anyMatch(c -> c.outcome().equals("IndexError"));
    assertThat(cases).anyMatch(c -> c.outcome().equals("ValueError"));
    assertThat(cases).anyMatch(c -> c.spec().contains("None") && c.spec().contains("..."));
  }

  @TestFactory
  Stream<DynamicNode> intAndDoubleAgreeWithNumpyOnEveryCaseAndPath() {
    List<Case> cases = cases();
    return ScalarCase.ALL.stream()
        .filter(sc -> sc.type() == IntNdArray.TYPE || sc.type() == DoubleNdArray.TYPE)
        .map(sc -> {
          Fixture f = new Fixture(sc);
          return DynamicContainer.dynamicContainer(sc.toString(), cases.stream()
              .map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(f, c, true))));
        });
  }

  @TestFactory
  Stream<DynamicTest> everyOtherTypeAgreesWithNumpyOnTheWholeCorpus() {
    List<Case> cases = cases();
    return ScalarCase.ALL.stream()
        .filter(sc -> !sc.name().equals("Int") && !sc.name().equals("Double"))
        .map(sc -> DynamicTest.dynamicTest(sc.toString(), () -> {
          Fixture f = new Fixture(sc);
          for (Case c : cases) {
            try {
              check(f, c, false);
            } catch (AssertionError e) {
              throw new AssertionError(sc + ": " + c + ": " + e.getMessage(), e);
            }
          }
        }));
  }

  @Test
  void typedIntViewsReadTheExactNumpyIntegers() {
    // No adapter: the typed API of IntNdArray, element values = base positions.
    int checked = 0;
    for (Case c : cases()) {
      if (!c.ok()) {
        continue;
      }
      Shape shape = Shape.of(longs(c.shape()));
      IntNdArray base = IntNdArray.wrap(shape, arange((int) shape.size()));
      int[] expected = Arrays.stream(longs(c.values())).mapToInt(v -> (int) v).toArray();
      StridedSpec s = StridedSpec.fromIndices(Indices.parse(c.spec()));
      for (IntNdArray view : List.of(base.slice(Indices.parse(c.spec())), base.slice(c.spec()),
          base.stridedSlice(s.begin(), s.end(), s.strides(), s.options()))) {
        assertThat(view.toArray()).as(c.toString()).containsExactly(expected);
        assertThat(view.shape().asArray()).as(c.toString()).containsExactly(longs(c.result()));
        checked++;
      }
    }
    assertThat(checked).isEqualTo(3 * cases().stream().filter(Case::ok).count());
  }

  /**
   * Checks one case through every path. With {@code writes}, also writes distinct values
   * {@code v(-1 - k)} through each view and checks that exactly the base elements NumPy selects
   * changed (so the type's values must be distinct: Int, Double).
   */
  private static void check(Fixture f, Case c, boolean writes) {
    Shape shape = Shape.of(longs(c.shape()));
    int size = (int) shape.size();
    for (Map.Entry<String, ViewPath> path : PATHS.entrySet()) {
      String what = path.getKey() + ": " + c;
      NdArray base = f.arange(shape.asArray());
      Throwable error = catchThrowable(() -> path.getValue().view(base, c));
      if (!c.ok()) {
        checkError(path.getKey(), c, error, what);
        continue;
      }
      assertThat(error).as(what).isNull();
      NdArray view = path.getValue().view(base, c);
      f.assertTyped(view);
      assertThat(view.isReadOnly()).as(what).isFalse();
      assertThat(view.shape()).as(what).isEqualTo(Shape.of(longs(c.result())));
      long[] selected = longs(c.values());
      assertThat(f.flat(view)).as(what).isEqualTo(values(f, selected));
      // The same path on a read-only array gives a read-only view of the same elements.
      NdArray ro = path.getValue().view(base.readOnly(), c);
      assertThat(ro.isReadOnly()).as(what).isTrue();
      assertThat(ro).as(what).isEqualTo(view);
      if (writes) {
        List<Object> marks = new ArrayList<>();
        for (long k : selected) {
          marks.add(f.v((int) (-1 - k)));
        }
        f.api.copyFrom(view, f.api.of(view.shape(), marks));
        List<Object> expected = new ArrayList<>(values(f, arangeLongs(size)));
        for (int i = 0; i < selected.length; i++) {
          expected.set((int) selected[i], marks.get(i));
        }
        assertThat(f.flat(base)).as("write through " + what).isEqualTo(expected);
      }
    }
  }

  private static void checkError(String path, Case c, Throwable error, String what) {
    assertThat(error).as(what).isNotNull();
    Class<?> kind = switch (c.outcome()) {
      case "ValueError" -> IllegalArgumentException.class;
      case "IndexError" -> c.result().startsWith("too many indices")
          ? IllegalRankException.class
          : c.result().startsWith("an index can only have a single ellipsis")
              ? IllegalArgumentException.class
              : IndexOutOfBoundsException.class;
      default -> throw new AssertionError("unknown outcome " + c.outcome());
    };
    assertThat(error).as(what).isExactlyInstanceOf(kind);
    // NumPy's message through basic slicing, TF's (from the transcribed kernel) through
    // stridedSlice: same kind, each library's own words.
    assertThat(error).as(what).hasMessage(path.equals("stridedSlice") ? c.tfOutcome() : c.result());
  }

  private static List<Object> values(Fixture f, long[] ks) {
    List<Object> list = new ArrayList<>(ks.length);
    for (long k : ks) {
      list.add(f.v((int) k));
    }
    return list;
  }

  private static long[] arangeLongs(int n) {
    long[] a = new long[n];
    Arrays.setAll(a, i -> i);
    return a;
  }

  private static int[] arange(int n) {
    int[] a = new int[n];
    Arrays.setAll(a, i -> i);
    return a;
  }

  /** Parses {@code (2, 3)}, {@code (3,)}, {@code ()} or space-separated {@code 0 1 2}. */
  static long[] longs(String text) {
    String t = text.replace("(", " ").replace(")", " ").replace(",", " ").strip();
    return t.isEmpty() ? new long[0]
        : Arrays.stream(t.split("\\s+")).mapToLong(Long::parseLong).toArray();
  }
}
