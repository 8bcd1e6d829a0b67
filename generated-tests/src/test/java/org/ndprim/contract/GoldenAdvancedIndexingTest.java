package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.IllegalRankException;
import org.ndprim.Indices;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.contract.NdArrayContractTest.Fixture;

/**
 * The NumPy golden corpus of advanced indexing
 * ({@code runtime/src/test/resources/golden/advanced_indexing_cases.txt}, made by
 * {@code runtime/src/test/python/gen_advanced_indexing_cases.py}) over every type and storage:
 * reads ({@code slice(String)} and {@code slice(Index...)}) must give NumPy's shape and elements
 * or NumPy's error (kind and message); writes ({@code assign(value, spec)}, repeated positions
 * included) must leave the base as NumPy leaves it, or fail with NumPy's message and leave it
 * untouched. The index is applied to a view of every layout (reversed, strided, offset,
 * transposed).
 */
class GoldenAdvancedIndexingTest {
  static final Path CORPUS =
      Path.of("../runtime/src/test/resources/golden/advanced_indexing_cases.txt");

  /** One corpus line. */
  record Case(boolean write, String shape, String view, boolean transpose, String spec,
      String valueShape, String outcome, String result, String values) {
    static Case parse(String line) {
      String[] c = line.split("\t", -1);
      if (c[0].equals("R")) {
        return new Case(false, c[1], c[2], c[3].equals("T"), c[4], null, c[5], c[6],
            c.length > 7 ? c[7] : "");
      }
      return new Case(true, c[1], c[2], c[3].equals("T"), c[4], c[5], c[6],
          c[6].equals("OK") ? "" : c[7], c[6].equals("OK") ? c[7] : "");
    }

    boolean ok() {
      return outcome.equals("OK");
    }

    @Override
    public String toString() {
      return "a" + shape + "[" + view + "]" + (transpose ? ".T" : "") + "[" + spec + "]"
          + (write ? " = value" + valueShape : "") + " -> " + outcome + " " + result;
    }
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
  void corpusCoversEveryForm() {
    List<Case> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(4000);
    assertThat(cases).anyMatch(c -> c.write() && c.ok());
    assertThat(cases).anyMatch(c -> c.write() && !c.ok());
    assertThat(cases).anyMatch(c -> c.transpose() && c.ok());
    assertThat(cases).anyMatch(c -> c.spec().contains("True") && c.ok());
    assertThat(cases).anyMatch(c -> c.spec().contains("[[") && c.ok());
    assertThat(cases).anyMatch(c -> c.result().startsWith("shape mismatch: indexing arrays"));
    assertThat(cases).anyMatch(c -> c.result().startsWith("boolean index did not match"));
    assertThat(cases).anyMatch(c -> c.result().contains("out of bounds"));
    assertThat(cases).anyMatch(c -> c.result().startsWith("too many indices"));
  }

  @TestFactory
  Stream<DynamicTest> everyTypeAndStorageAgreesWithNumpy() {
    List<Case> cases = cases();
    return ScalarCase.ALL.stream()
        .map(sc -> DynamicTest.dynamicTest(sc.toString(), () -> {
          Fixture f = new Fixture(sc);
          for (Case c : cases) {
            try {
              check(f, c);
            } catch (AssertionError | RuntimeException e) {
              throw new AssertionError(sc + ": " + c + ": " + e, e);
            }
          }
        }));
  }

  private static NdArray view(NdArray base, Case c) {
    NdArray v = base.slice(c.view());
    return c.transpose() ? v.transpose() : v;
  }

  private static void check(Fixture f, Case c) {
    Shape shape = Shape.of(GoldenSlicingViewsTest.longs(c.shape()));
    long needed = shape.size() + (c.write() ? Shape.of(GoldenSlicingViewsTest.longs(
        c.valueShape())).size() : 0);
    try {
      f.api.of(Shape.of(1), List.of(f.v((int) needed)));
    } catch (IllegalArgumentException e) {
      return; // the type cannot hold this many distinct test values (uint8): the others check it
    }
    NdArray base = f.arange(shape.asArray());
    NdArray v = view(base, c);
    if (!c.write()) {
      for (int path = 0; path < 2; path++) {
        int p = path;
        Throwable error = catchThrowable(() -> {
          if (p == 0) {
            v.slice(c.spec());
          } else {
            v.slice(Indices.parse(c.spec()));
          }
        });
        if (!c.ok()) {
          assertThat(error).isNotNull();
          Class<?> kind = c.result().startsWith("too many indices") ? IllegalRankException.class
              : c.result().contains("out of bounds") ? IndexOutOfBoundsException.class
              : IllegalArgumentException.class;
          assertThat(error).isExactlyInstanceOf(kind).hasMessage(c.result());
          continue;
        }
        assertThat(error).isNull();
        NdArray r = p == 0 ? v.slice(c.spec()) : v.slice(Indices.parse(c.spec()));
        f.assertTyped(r);
        assertThat(r.shape()).isEqualTo(Shape.of(GoldenSlicingViewsTest.longs(c.result())));
        assertThat(f.flat(r)).isEqualTo(
            f.flat(f.api.of(r.shape(), values(f, GoldenSlicingViewsTest.longs(c.values())))));
        assertThat(r.isReadOnly()).isFalse();
      }
      if (!c.ok()) {
        return;
      }
      // a copy: writing into it leaves the base alone, even through a read-only view
      NdArray r = view(base.readOnly(), c).slice(c.spec());
      assertThat(r.isReadOnly()).isFalse();
      return;
    }
    Shape vs = Shape.of(GoldenSlicingViewsTest.longs(c.valueShape()));
    List<Object> marks = new ArrayList<>();
    int size = (int) shape.size();
    for (int j = 0; j < vs.size(); j++) {
      marks.add(f.v(size + j)); // NumPy's value element j is -1 - j: see values(f, ks, size)
    }
    NdArray value = f.api.of(vs, marks);
    List<Object> before = f.flat(base);
    Throwable error = catchThrowable(() -> v.assign(value, c.spec()));
    if (!c.ok()) {
      assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class);
      // NumPy's message, to which ndprim may add ": " and the axis that does not broadcast
      assertThat(error.getMessage() + ": ").startsWith(c.result() + ": ");
      assertThat(f.flat(base)).as("nothing written").isEqualTo(before);
      return;
    }
    assertThat(error).isNull();
    long[] after = GoldenSlicingViewsTest.longs(c.values());
    for (int i = 0; i < after.length; i++) {
      after[i] = after[i] >= 0 ? after[i] : size - 1 - after[i];
    }
    // as the type stores them (bfloat16 and float8 round the larger marks)
    assertThat(f.flat(base)).isEqualTo(f.flat(f.api.of(shape, values(f, after))));
  }

  private static List<Object> values(Fixture f, long[] ks) {
    List<Object> list = new ArrayList<>(ks.length);
    for (long k : ks) {
      list.add(f.v((int) k));
    }
    return list;
  }
}
