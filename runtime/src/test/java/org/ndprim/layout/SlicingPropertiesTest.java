package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ndprim.layout.LayoutTesting.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.layout.NaiveSlicing.Dense;
import org.ndprim.testing.Gen;
import org.ndprim.testing.Property;

/** Layout.slice against the naive reference over random shapes (rank 0-4) and specs. */
class SlicingPropertiesTest {

  /** A base layout (C order, or a transposed C order for non-trivial strides) and specs. */
  static final class Case {
    final Layout base;
    final List<Index[]> specs;

    Case(Layout base, List<Index[]> specs) {
      this.base = base;
      this.specs = specs;
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(base.toString());
      for (Index[] spec : specs) {
        sb.append(" [").append(String.join(", ", Arrays.stream(spec).map(Index::toString)
            .toArray(String[]::new))).append(']');
      }
      return sb.toString();
    }
  }

  @Test
  void sliceMatchesTheNaiveReference() {
    Property.forAll(3000, SlicingPropertiesTest::singleSlice, SlicingPropertiesTest::compareChain);
  }

  @Test
  void chainsOfViewsMatchTheReferenceStepByStep() {
    Property.forAll(1500, SlicingPropertiesTest::chain, SlicingPropertiesTest::compareChain);
  }

  /** A C-order base and integer coordinates for {@code get}. */
  record ShapeAndCoords(long[] shape, List<Long> coords) {}

  @Test
  void getIsLeadingIntegerIndexing() {
    Property.forAll(1000,
        g -> new ShapeAndCoords(shape(g), g.listOf(0, 5, r -> r.longBetween(-5, 5))),
        in -> checkGetIsLeadingIntegerIndexing(in.shape(), in.coords()));
  }

  private static void checkGetIsLeadingIntegerIndexing(long[] shape, List<Long> coords) {
    Layout base = Layout.cOrder(Shape.of(shape));
    Index[] spec = coords.stream().map(Indices::at).toArray(Index[]::new);
    long[] c = coords.stream().mapToLong(Long::longValue).toArray();
    Throwable expected = catchThrowable(() -> base.slice(spec));
    Throwable actual = catchThrowable(() -> base.get(c));
    if (expected != null) {
      assertThat(actual).isExactlyInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
    } else {
      assertThat(actual).isNull();
      assertThat(base.get(c)).isEqualTo(base.slice(spec));
    }
  }

  @Test
  void toStringParsesBackToTheSameSpec() {
    Property.forAll(1000, SlicingPropertiesTest::specWithoutKeepDim, spec -> {
      String text =
          String.join(", ", Arrays.stream(spec).map(Index::toString).toArray(String[]::new));
      assertThat(Indices.parse(text)).containsExactly(spec);
    });
  }

  /** Up to 6 indices, none with keepDim (it prints as the slice {@code i:i+1}, parsed as one). */
  private static Index[] specWithoutKeepDim(Gen g) {
    return g.listOf(0, 6, r -> {
      Index i;
      do {
        i = index(r);
      } while (i.keepDim());
      return i;
    }).toArray(new Index[0]);
  }

  private static void compareChain(Case c) {
    Layout layout = c.base;
    Dense dense = NaiveSlicing.materialize(layout);
    for (Index[] spec : c.specs) {
      Dense before = dense;
      Throwable expected = catchThrowable(() -> NaiveSlicing.slice(before, spec));
      Layout current = layout;
      Throwable actual = catchThrowable(() -> current.slice(spec));
      if (expected != null) {
        assertThat(actual).as("error for %s", c).isNotNull()
            .isExactlyInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
        return;
      }
      assertThat(actual).as("no error for %s", c).isNull();
      dense = NaiveSlicing.slice(before, spec);
      layout = current.slice(spec);
      assertThat(layout.shape().asArray()).as("shape for %s", c).containsExactly(dense.shape);
      assertThat(values(layout)).as("values (RunCursor) for %s", c).containsExactly(dense.values);
      checkLayoutInvariants(layout, c);
    }
  }

  /** offsetOf, min/max offset and contiguity agree with the element offsets. */
  static void checkLayoutInvariants(Layout layout, Object context) {
    Dense read = NaiveSlicing.materialize(layout); // via offsetOf
    long[] offsets = values(layout);
    assertThat(read.values).as("offsetOf for %s", context).containsExactly(offsets);
    if (offsets.length > 0) {
      assertThat(layout.minOffset()).isEqualTo(Arrays.stream(offsets).min().getAsLong());
      assertThat(layout.maxOffset()).isEqualTo(Arrays.stream(offsets).max().getAsLong());
    }
    boolean consecutive = true;
    for (int k = 0; k < offsets.length; k++) {
      consecutive &= offsets[k] == layout.offset() + k;
    }
    assertThat(layout.isContiguous()).as("contiguity of %s", layout).isEqualTo(consecutive);
  }

  /**
   * Rank 0 to 4, each axis 0 (1 in 9) or 1 to 4; 1 in 8 shapes is an edge case: rank 0, one
   * empty axis, one axis of length 1 or 4.
   */
  static long[] shape(Gen g) {
    return g.withEdges(r -> r.longArray(0, 4, q -> q.weighted(1, 8) == 0 ? 0 : q.longBetween(1, 4)),
        List.of(new long[0], new long[] {0}, new long[] {1}, new long[] {4})).clone();
  }

  /** C order, or a transposed C order for non-trivial strides, shifted by 0 to 3. */
  private static Layout base(Gen g) {
    Layout c = Layout.cOrder(Shape.of(shape(g)));
    if (g.bool()) {
      c = c.transpose();
    }
    // shift the base so absolute offsets are exercised
    return Layout.of(c.offset() + g.longBetween(0, 3), c.shape().asArray(), c.strides());
  }

  /**
   * A slice bound: none (3 in 14), -7 to 7 (10 in 14), or huge (1 in 14); on top of that 1 in 8
   * bounds is an edge value.
   */
  private static Long bound(Gen g) {
    return g.withEdges(r -> {
      switch (r.weighted(3, 10, 1)) {
        case 0:
          return null;
        case 1:
          return r.longBetween(-7, 7);
        default:
          return r.pick(Long.MIN_VALUE, Long.MAX_VALUE, -1_000_000_000_000L, 1_000_000_000_000L);
      }
    }, Arrays.asList(null, -7L, -1L, 0L, 1L, 7L, Long.MIN_VALUE, Long.MAX_VALUE));
  }

  /**
   * A slice step: 0 (an error, 1 in 22), -4 to 4 but not 0 (20 in 22), or huge (1 in 22); on top
   * of that 1 in 8 steps is an edge value.
   */
  private static long step(Gen g) {
    return g.withEdges(r -> {
      switch (r.weighted(1, 20, 1)) {
        case 0:
          return 0L;
        case 1:
          return r.pick(-4L, -3L, -2L, -1L, 1L, 2L, 3L, 4L);
        default:
          return r.pick(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1);
      }
    }, List.of(0L, -1L, 1L, -4L, 4L, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1));
  }

  /** An integer index: -6 to 6 (12 in 13) or huge (1 in 13); 1 in 8 is an edge value. */
  private static long integer(Gen g) {
    return g.withEdges(r -> r.weighted(12, 1) == 0 ? r.longBetween(-6, 6)
        : r.pick(Long.MIN_VALUE, Long.MAX_VALUE),
        List.of(-6L, -1L, 0L, 1L, 6L, Long.MIN_VALUE, Long.MAX_VALUE));
  }

  /** One index: integer, integer keeping the axis, slice, new axis, ellipsis (5:1:10:2:2). */
  static Index index(Gen g) {
    switch (g.weighted(5, 1, 10, 2, 2)) {
      case 0:
        return Indices.at(integer(g));
      case 1:
        return Indices.at(integer(g), true);
      case 2: {
        Long start = bound(g);
        Long stop = bound(g);
        return Indices.slice(start, stop, step(g));
      }
      case 3:
        return Indices.newAxis();
      default:
        return Indices.ellipsis();
    }
  }

  /** 0 to {@code maxSize} indices. */
  static Index[] spec(Gen g, int maxSize) {
    return g.listOf(0, maxSize, SlicingPropertiesTest::index).toArray(new Index[0]);
  }

  private static Case singleSlice(Gen g) {
    Layout base = base(g);
    List<Index[]> specs = new ArrayList<>();
    specs.add(spec(g, 6));
    return new Case(base, specs);
  }

  private static Case chain(Gen g) {
    Layout base = base(g);
    return new Case(base, g.listOf(2, 4, r -> spec(r, 6)));
  }
}
