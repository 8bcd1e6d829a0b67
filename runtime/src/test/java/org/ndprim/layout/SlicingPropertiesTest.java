package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ndprim.layout.LayoutTesting.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.layout.NaiveSlicing.Dense;

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

  @Property(tries = 3000)
  void sliceMatchesTheNaiveReference(@ForAll("singleSlices") Case c) {
    compareChain(c);
  }

  @Property(tries = 1500)
  void chainsOfViewsMatchTheReferenceStepByStep(@ForAll("chains") Case c) {
    compareChain(c);
  }

  @Property(tries = 1000)
  void getIsLeadingIntegerIndexing(@ForAll("shapes") long[] shape,
      @ForAll("smallLongs") List<Long> coords) {
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

  @Property(tries = 1000)
  void toStringParsesBackToTheSameSpec(@ForAll("specsWithoutKeepDim") Index[] spec) {
    String text = String.join(", ", Arrays.stream(spec).map(Index::toString).toArray(String[]::new));
    assertThat(Indices.parse(text)).containsExactly(spec);
  }

  @Provide
  Arbitrary<Index[]> specsWithoutKeepDim() {
    return index().filter(i -> !i.keepDim()).list().ofMaxSize(6)
        .map(l -> l.toArray(new Index[0]));
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
    assertThat(layout.isCOrderContiguous()).as("contiguity of %s", layout).isEqualTo(consecutive);
  }

  @Provide
  Arbitrary<long[]> shapes() {
    Arbitrary<Long> dim = Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.just(0L)), Tuple.of(8, Arbitraries.longs().between(1, 4)));
    return dim.list().ofMinSize(0).ofMaxSize(4)
        .map(list -> list.stream().mapToLong(Long::longValue).toArray());
  }

  @Provide
  Arbitrary<List<Long>> smallLongs() {
    return Arbitraries.longs().between(-5, 5).list().ofMaxSize(5);
  }

  private Arbitrary<Layout> bases() {
    return Combinators.combine(shapes(), Arbitraries.of(false, true), Arbitraries.longs().between(0, 3))
        .as((shape, transposed, offset) -> {
          Layout c = Layout.cOrder(Shape.of(shape));
          if (transposed) {
            c = c.transpose();
          }
          // shift the base so absolute offsets are exercised
          return Layout.of(c.offset() + offset, c.shape().asArray(), c.strides());
        });
  }

  private static Arbitrary<Long> bound() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.just((Long) null)),
        Tuple.of(10, Arbitraries.longs().between(-7, 7)),
        Tuple.of(1, Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, -1_000_000_000_000L,
            1_000_000_000_000L)));
  }

  private static Arbitrary<Long> step() {
    return Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.just(0L)),
        Tuple.of(20, Arbitraries.longs().between(-4, 4).filter(s -> s != 0)),
        Tuple.of(1, Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1)));
  }

  static Arbitrary<Index> index() {
    Arbitrary<Long> integer = Arbitraries.frequencyOf(
        Tuple.of(12, Arbitraries.longs().between(-6, 6)),
        Tuple.of(1, Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE)));
    return Arbitraries.frequencyOf(
        Tuple.of(5, integer.map(Indices::at)),
        Tuple.of(1, integer.map(i -> Indices.at(i, true))),
        Tuple.of(10, Combinators.combine(bound(), bound(), step()).as(Indices::slice)),
        Tuple.of(2, Arbitraries.just(Indices.newAxis())),
        Tuple.of(2, Arbitraries.just(Indices.ellipsis())));
  }

  private static Arbitrary<Index[]> spec() {
    return index().list().ofMinSize(0).ofMaxSize(6).map(l -> l.toArray(new Index[0]));
  }

  @Provide
  Arbitrary<Case> singleSlices() {
    return Combinators.combine(bases(), spec()).as((b, s) -> {
      List<Index[]> specs = new ArrayList<>();
      specs.add(s);
      return new Case(b, specs);
    });
  }

  @Provide
  Arbitrary<Case> chains() {
    return Combinators.combine(bases(), spec().list().ofMinSize(2).ofMaxSize(4))
        .as(Case::new);
  }
}
