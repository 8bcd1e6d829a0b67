package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndprim.Shape;

/**
 * {@link ReducedAxes#cut}: where a reduction is cut into parts for threads. Seeded shapes, axes
 * and memory orders against the rules written out naively; and examples.
 */
class ReducedAxesCutTest {
  @Test
  void examples() {
    // a sum over the rows of a C-order matrix: the kept rows are cut, contiguous
    ReducedAxes rows = ReducedAxes.of(Shape.of(1000, 500), false, 1);
    assertThat(rows.cut(new int[] {0, 1}, 4, false))
        .isEqualTo(new ReducedAxes.Cut(0, 4, 1000, false));
    // over the columns: an exact reduction of a small result cuts the outer reduced axis
    ReducedAxes cols = ReducedAxes.of(Shape.of(1000, 3), false, 0);
    assertThat(cols.cut(new int[] {0, 1}, 2, true))
        .isEqualTo(new ReducedAxes.Cut(0, 2, 1000, true));
    // a float sum there: 3 kept indices under a reduced axis take one part of two at most
    assertThat(cols.cut(new int[] {0, 1}, 2, false)).isNull();
    ReducedAxes wide = ReducedAxes.of(Shape.of(1000, 30), false, 0);
    assertThat(wide.cut(new int[] {0, 1}, 7, false))
        .isEqualTo(new ReducedAxes.Cut(1, 7, 30, false));
    // every axis: only exact reductions split
    ReducedAxes all = ReducedAxes.of(Shape.of(7, 1, 9), false);
    assertThat(all.cut(new int[] {1, 2, 0}, 3, false)).isNull();
    assertThat(all.cut(new int[] {1, 2, 0}, 3, true))
        .isEqualTo(new ReducedAxes.Cut(2, 3, 9, true));
    assertThat(all.cut(new int[] {1, 2, 0}, 1, true)).isNull();
    // parts of a cut tile its axis in order
    ReducedAxes.Cut c = new ReducedAxes.Cut(0, 3, 10, false);
    assertThat(new long[] {c.from(0), c.from(1), c.from(2), c.from(3)})
        .containsExactly(0, 4, 7, 10);
  }

  @Test
  void cutsFollowTheRules() {
    Random random = new Random(20261205L);
    for (int round = 0; round < 20000; round++) {
      int rank = 1 + random.nextInt(4);
      long[] dims = new long[rank];
      for (int i = 0; i < rank; i++) {
        dims[i] = random.nextInt(6) == 0 ? random.nextInt(2) : 1 + random.nextInt(20);
      }
      int[] order = new int[rank];
      for (int i = 0; i < rank; i++) {
        order[i] = i;
      }
      for (int i = rank - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int x = order[i];
        order[i] = order[j];
        order[j] = x;
      }
      int n = random.nextInt(rank + 1);
      int[] axes = new int[n];
      for (int i = 0; i < n; i++) {
        axes[i] = order[(i * 7 + round) % rank];
      }
      axes = java.util.Arrays.stream(axes).distinct().toArray();
      ReducedAxes r = ReducedAxes.of(Shape.of(dims), random.nextBoolean(), axes);
      int parts = 1 + random.nextInt(8);
      boolean exact = random.nextBoolean();
      ReducedAxes.Cut cut = r.cut(order, parts, exact);
      String what = r + " order " + java.util.Arrays.toString(order) + " parts " + parts
          + " exact " + exact;
      // naive: the outermost axis of length >= 2, and the kept ones that can take 2 parts
      int outer = -1;
      for (int a : order) {
        if (dims[a] >= 2) {
          outer = a;
          break;
        }
      }
      if (cut == null) {
        long size = Shape.of(dims).size();
        assertThat(parts == 1 || outer < 0 || !exact || !r.isReduced(outer)
            || r.outputSize() > size / 8).as(what).isTrue();
        boolean reducedOutside = false;
        for (int a : order) {
          if (dims[a] >= 2 && r.isReduced(a)) {
            reducedOutside = true;
          } else if (dims[a] >= 2 && parts >= 2) {
            assertThat(reducedOutside ? dims[a] / 2 : dims[a]).as(what).isLessThan(2);
          }
        }
        continue;
      }
      assertThat(cut.parts()).as(what).isBetween(2, parts);
      assertThat(cut.length()).as(what).isEqualTo(dims[cut.axis()]);
      assertThat(cut.combines()).as(what).isEqualTo(r.isReduced(cut.axis()));
      if (cut.combines()) {
        assertThat(exact).as(what).isTrue();
        assertThat(r.outputSize()).as(what).isLessThanOrEqualTo(Shape.of(dims).size() / 8);
        assertThat(cut.axis()).as(what).isEqualTo(outer);
      } else {
        boolean reducedOutside = false;
        for (int a : order) {
          if (a == cut.axis()) {
            break;
          }
          reducedOutside |= dims[a] >= 2 && r.isReduced(a);
        }
        long min = Long.MAX_VALUE;
        for (int q = 0; q < cut.parts(); q++) {
          min = Math.min(min, cut.from(q + 1) - cut.from(q));
        }
        assertThat(min).as(what).isGreaterThanOrEqualTo(reducedOutside ? 2 : 1);
      }
      assertThat(cut.from(0)).isZero();
      assertThat(cut.from(cut.parts())).isEqualTo(cut.length());
      for (int q = 0; q < cut.parts(); q++) {
        assertThat(cut.spec(rank, q)).hasSize(rank);
        assertThat(cut.from(q + 1)).as(what).isGreaterThan(cut.from(q));
      }
    }
  }
}
