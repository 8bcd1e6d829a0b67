package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.testing.Gen;
import org.ndprim.testing.Property;

/**
 * {@link NdIter} against a naive reference: for every coordinate of the broadcast shape, the
 * storage offset of each operand by {@link Layout#offsetOf(long...)} after
 * {@link Layout#broadcastTo}. C order must give that sequence exactly; the KEEP orders the same
 * tuples in a memory-friendly order. Operands come from {@link RandomLayouts}, then get axes of
 * length 1 and fewer leading axes so that they broadcast.
 */
class NdIterTest {
  record Case(long[] shape, List<Layout> operands) {
    @Override
    public String toString() {
      return Shape.of(shape) + " " + operands;
    }
  }

  /** A target shape and 1 to 4 operands that broadcast to it. */
  static Case broadcastCase(Gen g) {
    long[] target = RandomLayouts.shape(g);
    List<Layout> ops = new ArrayList<>();
    for (int n = g.intBetween(1, 4); n > 0; n--) {
      int rank = g.intBetween(0, target.length);
      long[] own = Arrays.copyOfRange(target, target.length - rank, target.length);
      for (int axis = 0; axis < rank; axis++) {
        if (g.oneIn(4)) {
          own[axis] = 1;
        }
      }
      ops.add(RandomLayouts.ofShape(own, g));
    }
    if (g.oneIn(3) && target.length > 0) {
      // the broadcast shape itself is then carried by some operand: add one of the full shape
      ops.add(RandomLayouts.ofShape(target, g));
    }
    long[] shape = NdIter.broadcastShape(ops.stream().map(Layout::shape).toArray(Shape[]::new))
        .asArray();
    return new Case(shape, ops);
  }

  /** For each coordinate in C order, the tuple of operand offsets. */
  static List<List<Long>> naive(long[] shape, List<Layout> ops) {
    List<List<Long>> out = new ArrayList<>();
    for (long[] c : RandomLayouts.coords(shape)) {
      List<Long> t = new ArrayList<>();
      for (Layout l : ops) {
        t.add(l.broadcastTo(Shape.of(shape)).offsetOf(c));
      }
      out.add(t);
    }
    return out;
  }

  static List<List<Long>> walk(NdIter it) {
    List<List<Long>> out = new ArrayList<>();
    int nop = it.operands();
    while (it.next()) {
      for (long r = 0; r < it.rows(); r++) {
        for (long k = 0; k < it.count(); k++) {
          List<Long> t = new ArrayList<>();
          for (int op = 0; op < nop; op++) {
            t.add(it.offset(op) + r * it.rowStride(op) + k * it.stride(op));
          }
          out.add(t);
        }
      }
    }
    return out;
  }

  private static List<List<Long>> sorted(List<List<Long>> tuples) {
    List<List<Long>> s = new ArrayList<>(tuples);
    s.sort((x, y) -> {
      for (int i = 0; i < x.size(); i++) {
        int c = Long.compare(x.get(i), y.get(i));
        if (c != 0) {
          return c;
        }
      }
      return 0;
    });
    return s;
  }

  private static Layout[] array(List<Layout> ops) {
    return ops.toArray(new Layout[0]);
  }

  @Test
  void cOrderVisitsTheBroadcastCoordinatesInCOrder() {
    Property.forAll(3000, NdIterTest::broadcastCase, c -> {
      NdIter it = NdIter.of(NdIter.Order.C, array(c.operands()));
      assertThat(it.shape()).isEqualTo(Shape.of(c.shape()));
      assertThat(it.axisOrder()).isEqualTo(java.util.stream.IntStream.range(0, c.shape().length)
          .toArray());
      assertThat(walk(it)).isEqualTo(naive(c.shape(), c.operands()));
    });
  }

  @Test
  void fromStartsAtAnyBlockOfTheSameWalk() {
    Property.forAll(1500, NdIterTest::broadcastCase, c -> {
      for (NdIter.Order order : NdIter.Order.values()) {
        NdIter it = NdIter.of(order, array(c.operands()));
        List<List<Long>> whole = walk(NdIter.of(order, array(c.operands())));
        long blocks = it.blocks();
        long perBlock = it.rows() * it.count();
        assertThat(blocks * perBlock).as(order.name()).isEqualTo(whole.size());
        it.next(); // the position of this one does not matter
        for (long b = 0; b <= blocks; b++) {
          NdIter part = it.from(b);
          assertThat(part.blocks()).isEqualTo(blocks);
          assertThat(walk(part)).as(order.name() + " from block " + b)
              .isEqualTo(whole.subList((int) (b * perBlock), whole.size()));
        }
      }
    });
  }

  @Test
  void fromRefusesABlockOutsideTheWalk() {
    NdIter it = NdIter.of(NdIter.Order.C,
        Layout.of(0, new long[] {3, 4, 5}, new long[] {100, 10, 1})); // no axes merge
    assertThat(it.blocks()).isEqualTo(3);
    assertThatThrownBy(() -> it.from(4)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("block 4 is outside [0, 3]");
    assertThatThrownBy(() -> it.from(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(NdIter.of(NdIter.Order.C, Layout.cOrder(Shape.of(3, 0))).blocks()).isZero();
  }

  @Test
  void keepOrdersVisitEveryCoordinateOnce() {
    Property.forAll(3000, NdIterTest::broadcastCase, c -> {
      List<List<Long>> expected = sorted(naive(c.shape(), c.operands()));
      for (NdIter.Order order : new NdIter.Order[] {NdIter.Order.KEEP,
          NdIter.Order.KEEP_DIRECTIONS}) {
        assertThat(sorted(walk(NdIter.of(order, array(c.operands()))))).as(order.name())
            .isEqualTo(expected);
      }
    });
  }

  @Test
  void keepDirectionsIsCOrderOverThePermutedAxes() {
    Property.forAll(3000, NdIterTest::broadcastCase, c -> {
      NdIter it = NdIter.of(NdIter.Order.KEEP_DIRECTIONS, array(c.operands()));
      int[] perm = it.axisOrder();
      List<Layout> permuted = new ArrayList<>();
      for (Layout l : c.operands()) {
        permuted.add(l.broadcastTo(Shape.of(c.shape())).permute(perm));
      }
      long[] pshape = new long[perm.length];
      for (int i = 0; i < perm.length; i++) {
        pshape[i] = c.shape()[perm[i]];
      }
      assertThat(walk(it)).isEqualTo(naive(pshape, permuted));
    });
  }

  @Test
  void keepWalksAnyPermutedOrFlippedContiguousArrayAsOneForwardRun() {
    Property.forAll(2000, g -> {
      long[] shape = g.longArray(1, 4, x -> x.longBetween(1, 5));
      Layout l = g.bool() ? Layout.cOrder(Shape.of(shape)) : RandomLayouts.fortran(shape);
      List<Integer> axes = new ArrayList<>();
      for (int a = 0; a < shape.length; a++) {
        axes.add(a);
      }
      g.shuffle(axes);
      l = l.permute(axes.stream().mapToInt(Integer::intValue).toArray());
      org.ndprim.Index[] flips = new org.ndprim.Index[shape.length];
      for (int a = 0; a < shape.length; a++) {
        flips[a] = g.bool() ? Indices.flip() : Indices.all();
      }
      return l.slice(flips);
    }, l -> {
      NdIter it = NdIter.of(NdIter.Order.KEEP, l);
      assertThat(it.next()).isTrue();
      assertThat(it.offset(0)).isEqualTo(0);
      assertThat(it.rows()).isEqualTo(1);
      assertThat(it.count()).isEqualTo(l.size());
      assertThat(it.stride(0)).isEqualTo(l.size() > 1 ? 1 : 0);
      assertThat(it.next()).isFalse();
    });
  }

  /**
   * Operands that are each one run of the shape's elements (contiguous, reversed, stepped) take
   * the iterator's one-run path: one block of one row, the walk of every order as the naive one
   * (C order exactly; the KEEP orders the same tuples, forwards when no run steps backwards).
   */
  @Test
  void operandsThatAreOneRunEachAreOneRowOfEveryOrder() {
    Property.forAll(2000, g -> {
      long[] shape = g.longArray(0, 3, x -> x.longBetween(1, 4));
      List<Layout> ops = new ArrayList<>();
      long size = Shape.of(shape).size();
      for (int n = g.intBetween(1, 3); n > 0; n--) {
        long step = g.pick(-2L, -1L, 1L, 3L);
        long offset = g.intBelow(3) + (step < 0 ? -step * (size - 1) : 0);
        long[] strides = new long[shape.length];
        for (int k = shape.length - 1, s = 1; k >= 0; s *= (int) shape[k], k--) {
          strides[k] = s * step;
        }
        ops.add(Layout.of(offset, shape, strides));
      }
      return new Case(shape, ops);
    }, c -> {
      for (Layout l : c.operands()) {
        assertThat(l.isSingleRun()).isTrue();
      }
      List<List<Long>> expected = naive(c.shape(), c.operands());
      for (NdIter.Order order : NdIter.Order.values()) {
        NdIter it = NdIter.over(order, Shape.of(c.shape()), array(c.operands()));
        boolean forwards = c.operands().stream()
            .allMatch(l -> l.size() == 1 || l.runStride() > 0);
        if (order == NdIter.Order.C || forwards) {
          assertThat(it.rows()).isEqualTo(1);
          assertThat(it.blocks()).isEqualTo(1);
          assertThat(it.axisOrder()).isEqualTo(
              java.util.stream.IntStream.range(0, c.shape().length).toArray());
          assertThat(walk(it)).as(order.name()).isEqualTo(expected);
          assertThat(walk(NdIter.over(order, Shape.of(c.shape()), array(c.operands())).from(0)))
              .isEqualTo(expected);
          assertThat(walk(NdIter.over(order, Shape.of(c.shape()), array(c.operands())).from(1)))
              .isEmpty();
        } else {
          assertThat(sorted(walk(it))).as(order.name()).isEqualTo(sorted(expected));
        }
      }
    });
  }

  @Test
  void theShortRunViewOfW3IsOneBlockPerOuterIndex() {
    // x[:, ::-1, ::2] of a C-order [512, 512, 8] array into a C-order [512, 512, 4] destination
    Layout src = Layout.cOrder(Shape.of(512, 512, 8)).slice(Indices.parse(":, ::-1, ::2"));
    Layout dst = Layout.cOrder(Shape.of(512, 512, 4));
    NdIter it = NdIter.of(NdIter.Order.KEEP, dst, src);
    assertThat(it.count()).isEqualTo(4);
    assertThat(it.rows()).isEqualTo(512);
    assertThat(it.stride(0)).isEqualTo(1);
    assertThat(it.stride(1)).isEqualTo(2);
    assertThat(it.rowStride(0)).isEqualTo(4);
    assertThat(it.rowStride(1)).isEqualTo(-8);
    int blocks = 0;
    while (it.next()) {
      blocks++;
    }
    assertThat(blocks).isEqualTo(512);
  }

  @Test
  void fortranOperandsAreWalkedInMemoryOrderAndReportTheirAxisOrder() {
    Layout f = RandomLayouts.fortran(new long[] {3, 4, 5});
    NdIter it = NdIter.of(NdIter.Order.KEEP, f, f);
    assertThat(it.axisOrder()).containsExactly(2, 1, 0);
    assertThat(it.next()).isTrue();
    assertThat(it.count()).isEqualTo(60);
    assertThat(it.stride(0)).isEqualTo(1);
    // C order over the same operands steps by 12 along the last axis
    NdIter c = NdIter.of(NdIter.Order.C, f, f);
    assertThat(c.count()).isEqualTo(5);
    assertThat(c.stride(0)).isEqualTo(12);
  }

  @Test
  void conflictingOperandsKeepCOrder() {
    // NumPy: an axis moves inwards only when every operand agrees; C order wins a conflict
    Layout c = Layout.cOrder(Shape.of(3, 4));
    Layout f = RandomLayouts.fortran(new long[] {3, 4});
    assertThat(NdIter.of(NdIter.Order.KEEP, c, f).axisOrder()).containsExactly(0, 1);
    assertThat(NdIter.of(NdIter.Order.KEEP, f, c).axisOrder()).containsExactly(0, 1);
    // a broadcast operand (stride 0) does not vote
    Layout row = Layout.cOrder(Shape.of(3));
    assertThat(NdIter.of(NdIter.Order.KEEP, f, row.expandDims(1).broadcastTo(Shape.of(3, 4)))
        .axisOrder()).containsExactly(1, 0);
  }

  @Test
  void emptyAndRankZero() {
    NdIter empty = NdIter.of(NdIter.Order.KEEP, Layout.cOrder(Shape.of(3, 0, 2)),
        Layout.cOrder(Shape.of(2)));
    assertThat(empty.shape()).isEqualTo(Shape.of(3, 0, 2));
    assertThat(empty.count()).isZero();
    assertThat(empty.rows()).isZero();
    assertThat(empty.next()).isFalse();
    assertThat(empty.next()).isFalse();

    NdIter scalar = NdIter.of(NdIter.Order.C, Layout.of(7, new long[0], new long[0]));
    assertThatThrownBy(() -> scalar.offset(0)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("call next() first");
    assertThat(scalar.next()).isTrue();
    assertThat(scalar.offset(0)).isEqualTo(7);
    assertThat(scalar.count()).isEqualTo(1);
    assertThat(scalar.rows()).isEqualTo(1);
    assertThat(scalar.next()).isFalse();
    assertThatThrownBy(() -> scalar.offset(0)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void shapesThatDoNotBroadcastNameEveryShapeAndTheAxis() {
    assertThatThrownBy(() -> NdIter.of(NdIter.Order.C, Layout.cOrder(Shape.of(6, 5)),
        Layout.cOrder(Shape.of(4))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("operands could not be broadcast together with shapes (6, 5) (4,): axis -1"
            + " has lengths 5 and 4");
    assertThatThrownBy(() -> NdIter.broadcastShape(Shape.of(2, 1, 3), Shape.of(4, 3),
        Shape.of(5, 1, 1)))
        .hasMessage("operands could not be broadcast together with shapes (2, 1, 3) (4, 3)"
            + " (5, 1, 1): axis -3 has lengths 2 and 5");
    assertThatThrownBy(() -> NdIter.of(NdIter.Order.C)).isInstanceOf(
        IllegalArgumentException.class);
    assertThatThrownBy(() -> NdIter.over(NdIter.Order.C, Shape.of(3),
        Layout.cOrder(Shape.of(2, 3)))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(2, 3)").hasMessageContaining("(3,)");
  }

  @Test
  void broadcastShapeIsNumpys() {
    assertThat(NdIter.broadcastShape(Shape.of(8, 1, 6, 1), Shape.of(7, 1, 5)))
        .isEqualTo(Shape.of(8, 7, 6, 5));
    assertThat(NdIter.broadcastShape(Shape.of(), Shape.of(3))).isEqualTo(Shape.of(3));
    assertThat(NdIter.broadcastShape(Shape.of(0), Shape.of(1))).isEqualTo(Shape.of(0));
    assertThat(NdIter.broadcastShape(Shape.of(1, 0), Shape.of(5, 1))).isEqualTo(Shape.of(5, 0));
    assertThatThrownBy(() -> NdIter.broadcastShape(Shape.of(1L << 40, 1),
        Shape.of(1L << 40))).isInstanceOf(ArithmeticException.class);
  }

  @Test
  void repeatsAlongLeadingAxesIffBigsElementsAreSmallsAgainAndAgain() {
    // The naive definition: small broadcasts to exactly big, and big's element i (C order)
    // reads small's element i % small.size()
    Property.forAll(4000, g -> new Shape[] {
        Shape.of(g.longArray(0, 3, x -> x.longBetween(1, 3))),
        Shape.of(g.longArray(0, 4, x -> x.longBetween(1, 3)))}, c -> {
      Shape small = c[0];
      Shape big = c[1];
      boolean naive = small.rank() <= big.rank();
      if (naive) {
        long[] coords = new long[big.rank()];
        for (long i = 0; naive && i < big.size(); i++) {
          long rest = i;
          for (int a = big.rank() - 1; a >= 0; a--) {
            coords[a] = rest % big.dim(a);
            rest /= big.dim(a);
          }
          long flat = 0;
          for (int a = 0; a < small.rank(); a++) {
            long d = small.dim(a);
            long at = coords[big.rank() - small.rank() + a];
            if (d != 1 && d != big.dim(big.rank() - small.rank() + a)) {
              naive = false; // does not broadcast to big
            }
            flat = flat * d + (d == 1 ? 0 : at);
          }
          naive &= flat == i % small.size();
        }
      }
      assertThat(NdIter.repeatsAlongLeadingAxes(small, big)).as("%s to %s", small, big)
          .isEqualTo(naive);
    });
    assertThat(NdIter.repeatsAlongLeadingAxes(Shape.of(1, 256), Shape.of(4096, 256))).isTrue();
    assertThat(NdIter.repeatsAlongLeadingAxes(Shape.of(1, 1, 256), Shape.of(256))).isFalse();
    assertThat(NdIter.repeatsAlongLeadingAxes(Shape.of(4096, 1), Shape.of(4096, 256))).isFalse();
  }

  @Test
  void hugeBroadcastBlocksCountInLongs() {
    // 2 x (2^31 + 3) elements of one broadcast scalar: no memory, long counts
    Layout one = Layout.cOrder(Shape.of(1));
    NdIter it = NdIter.of(NdIter.Order.KEEP, one.broadcastTo(Shape.of(2, (1L << 31) + 3)));
    assertThat(it.next()).isTrue();
    assertThat(it.count() * it.rows()).isEqualTo(2 * ((1L << 31) + 3));
    assertThat(it.stride(0)).isZero();
    assertThat(it.rowStride(0)).isZero();
  }
}
