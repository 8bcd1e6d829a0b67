package org.ndprim.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The property runner and its generator: reproducible tries and failure reports that say how. */
class PropertyTest {

  @Test
  void aFailingTryNamesThePropertyTheTryItsSeedAndTheInput() {
    Throwable failure = catchThrowable(() -> Property.forAll("Demo#lessThanNine", 1000,
        g -> new long[] {g.intBetween(0, 9)}, x -> assertThat(x[0]).isLessThan(9)));
    assertThat(failure).isExactlyInstanceOf(AssertionError.class)
        .hasMessageContaining("property Demo#lessThanNine failed at try ")
        .hasMessageContaining(" of 1000, seed ")
        .hasMessageContaining("input: [9]")
        .hasMessageContaining("to be less than:")
        .hasMessageContaining("-Dtest='Demo#lessThanNine' -Dndprim.seed=");
    assertThat(failure.getCause()).isInstanceOf(AssertionError.class);
    Matcher m = Pattern.compile("-Dndprim.seed=(-?\\d+)").matcher(failure.getMessage());
    assertThat(m.find()).isTrue();
    // the seed alone reproduces the input
    assertThat(new Gen(Long.parseLong(m.group(1))).intBetween(0, 9)).isEqualTo(9);
  }

  @Test
  void recordsShowTheirComponentsAndArraysTheirElements() {
    record In(long[] shape, List<int[]> rows, String name) {}
    Throwable failure = catchThrowable(() -> Property.forAll("Demo#record", 1,
        g -> new In(new long[] {2, 0}, List.of(new int[] {1, 2}), "x"), in -> {
          throw new IllegalStateException("boom");
        }));
    assertThat(failure).hasMessageContaining("input: In\n    shape = [2, 0]\n"
        + "    rows = [[1, 2]]\n    name = x")
        .hasMessageContaining("failure: java.lang.IllegalStateException: boom");
  }

  @Test
  void aFailingGeneratorIsReportedWithItsSeed() {
    assertThatThrownBy(() -> Property.forAll("Demo#generator", 10, g -> {
      throw new IllegalArgumentException("generator bug");
    }, x -> { })).hasMessageContaining("property Demo#generator failed at try 1 of 10, seed ")
        .hasMessageContaining("while generating the input")
        .hasMessageContaining("generator bug");
  }

  @Test
  void everyRunDrawsTheSameInputsAndEachPropertyItsOwn() {
    List<Long> first = new ArrayList<>();
    List<Long> again = new ArrayList<>();
    List<Long> other = new ArrayList<>();
    Property.forAll("Demo#a", 50, Gen::anyLong, first::add);
    Property.forAll("Demo#a", 50, Gen::anyLong, again::add);
    Property.forAll("Demo#b", 50, Gen::anyLong, other::add);
    assertThat(again).isEqualTo(first);
    assertThat(first).doesNotContainAnyElementsOf(other).doesNotHaveDuplicates();
  }

  @Test
  void theCallerNamesTheProperty() {
    Throwable failure = catchThrowable(() -> Property.forAll(1, Gen::bool, b -> {
      throw new AssertionError("no");
    }));
    assertThat(failure)
        .hasMessageContaining("property PropertyTest#theCallerNamesTheProperty failed");
    Throwable direct = catchThrowable(this::callsForAllDirectly);
    assertThat(direct).hasMessageContaining("property PropertyTest#callsForAllDirectly failed");
  }

  private void callsForAllDirectly() {
    Property.forAll(1, Gen::bool, b -> {
      throw new AssertionError("no");
    });
  }

  @Test
  void longBetweenIsInclusiveOverAnyRange() {
    Gen g = new Gen(1);
    boolean[] seen = new boolean[4];
    for (int k = 0; k < 1000; k++) {
      long top = g.longBetween(Long.MAX_VALUE - 1, Long.MAX_VALUE);
      long bottom = g.longBetween(Long.MIN_VALUE, Long.MIN_VALUE + 1);
      assertThat(top).isGreaterThanOrEqualTo(Long.MAX_VALUE - 1);
      assertThat(bottom).isLessThanOrEqualTo(Long.MIN_VALUE + 1);
      seen[(int) (Long.MAX_VALUE - top)] = true;
      seen[2 + (int) (bottom - Long.MIN_VALUE)] = true;
      g.longBetween(Long.MIN_VALUE, Long.MAX_VALUE);
      assertThat(g.longBetween(-3, -3)).isEqualTo(-3);
      assertThat(g.intBetween(-2, 2)).isBetween(-2, 2);
    }
    assertThat(seen).containsOnly(true);
    assertThatThrownBy(() -> g.longBetween(1, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void edgesAndWeightsComeAtTheirRates() {
    Gen g = new Gen(2);
    int edges = 0;
    int[] weighted = new int[4];
    for (int k = 0; k < 8000; k++) {
      edges += g.withEdges(r -> r.longBetween(1, 1000), List.of(0L)) == 0 ? 1 : 0;
      weighted[g.weighted(1, 3, 0, 4)]++;
    }
    assertThat(edges).isBetween(800, 1200); // 1 in 8 of 8000
    assertThat(weighted[0]).isBetween(800, 1200); // 1 in 8
    assertThat(weighted[1]).isBetween(2700, 3300); // 3 in 8
    assertThat(weighted[2]).isZero();
    assertThat(weighted[3]).isBetween(3700, 4300); // 4 in 8
  }
}
