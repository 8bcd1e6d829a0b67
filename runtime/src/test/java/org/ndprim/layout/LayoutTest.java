package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;
import static org.ndprim.layout.LayoutTesting.values;

import org.junit.jupiter.api.Test;
import org.ndprim.IllegalRankException;
import org.ndprim.Indices;
import org.ndprim.Shape;

class LayoutTest {

  @Test
  void distinctOffsetsIsSufficient() {
    org.ndprim.testing.Property.forAll(3000, RandomLayouts::layout, l -> {
      java.util.Set<Long> seen = new java.util.HashSet<>();
      boolean distinct = true;
      for (long[] c : RandomLayouts.coords(l.shape().asArray())) {
        distinct &= seen.add(l.offsetOf(c));
      }
      if (l.hasDistinctOffsets()) {
        assertThat(distinct).as(l.toString()).isTrue();
      }
    });
    assertThat(Layout.cOrder(Shape.of(3, 4, 5)).hasDistinctOffsets()).isTrue();
    assertThat(Layout.cOrder(Shape.of(3, 4, 5)).transpose().hasDistinctOffsets()).isTrue();
    assertThat(Layout.of(59, new long[] {3, 4, 5}, new long[] {-20, -5, -1}).hasDistinctOffsets())
        .isTrue();
    assertThat(Layout.of(0, new long[] {10, 10}, new long[] {1, 1}).hasDistinctOffsets()).isFalse();
    assertThat(Layout.of(0, new long[] {4, 3}, new long[] {0, 1}).hasDistinctOffsets()).isFalse();
    assertThat(Layout.of(0, new long[] {1, 3}, new long[] {0, 1}).hasDistinctOffsets()).isTrue();
    assertThat(Layout.of(0, new long[] {0, 3}, new long[] {1, 1}).hasDistinctOffsets()).isTrue();
  }

  @Test
  void cOrder() {
    Layout l = arange(2, 3, 4);
    assertThat(l.offset()).isZero();
    assertThat(l.strides()).containsExactly(12, 4, 1);
    assertThat(l.shape()).isEqualTo(Shape.of(2, 3, 4));
    assertThat(l.rank()).isEqualTo(3);
    assertThat(l.size()).isEqualTo(24);
    assertThat(l.dim(-1)).isEqualTo(4);
    assertThat(l.stride(-2)).isEqualTo(4);
    assertThat(l.isContiguous()).isTrue();
    assertThat(l).hasToString("Layout[offset=0, shape=(2, 3, 4), strides=(12, 4, 1)]");
    // a zero length counts as 1 in the strides, as NumPy
    assertThat(arange(3, 0, 2).strides()).containsExactly(2, 2, 1);
    assertThat(arange().size()).isEqualTo(1);
  }

  @Test
  void offsetOfAllArities() {
    Layout l = arange(2, 3, 4);
    assertThat(l.offsetOf(1, 2, 3)).isEqualTo(23);
    assertThat(l.offsetOf(-1, -1, -4)).isEqualTo(20);
    assertThat(l.offsetOf(new long[] {0, 1, 2})).isEqualTo(6);
    assertThat(arange().offsetOf()).isZero();
    assertThat(arange(5).offsetOf(-2)).isEqualTo(3);
    assertThat(arange(3, 4).offsetOf(2, -1)).isEqualTo(11);
    Layout flipped = slice(arange(3, 4), "::-1, ::-2");
    assertThat(flipped.offsetOf(0, 0)).isEqualTo(11);
    assertThat(flipped.offsetOf(2, 1)).isEqualTo(1);
    assertThat(flipped.offsetOf(new long[] {1, 0})).isEqualTo(7);
  }

  @Test
  void offsetOfErrors() {
    Layout l = arange(2, 3, 4);
    assertThatThrownBy(() -> l.offsetOf(1, 2))
        .isExactlyInstanceOf(IllegalRankException.class)
        .hasMessage("expected 3 coordinates for an array of rank 3, got 2");
    assertThatThrownBy(() -> l.offsetOf(new long[] {0, 0, 0, 0}))
        .hasMessage("expected 3 coordinates for an array of rank 3, got 4");
    assertThatThrownBy(() -> arange(5).offsetOf())
        .hasMessage("expected 1 coordinates for an array of rank 1, got 0");
    assertThatThrownBy(() -> arange(5).offsetOf(5))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 5 is out of bounds for axis 0 with size 5");
    assertThatThrownBy(() -> l.offsetOf(0, -4, 0))
        .hasMessage("index -4 is out of bounds for axis 1 with size 3");
    assertThatThrownBy(() -> arange(3, 4).offsetOf(0, 4))
        .hasMessage("index 4 is out of bounds for axis 1 with size 4");
  }

  @Test
  void getIsLeadingIntegerIndexing() {
    Layout l = arange(2, 3, 4);
    Layout row = l.get(1, -1);
    assertThat(row.shape()).isEqualTo(Shape.of(4));
    assertThat(values(row)).containsExactly(20, 21, 22, 23);
    assertThat(l.get()).isEqualTo(l);
    assertThat(l.get(1, 2, 3).rank()).isZero();
    assertThat(l.get(1, 2, 3).offset()).isEqualTo(23);
    assertThatThrownBy(() -> l.get(0, 0, 0, 0))
        .isExactlyInstanceOf(IllegalRankException.class)
        .hasMessage("too many indices for array: array is 3-dimensional, but 4 were indexed");
    assertThatThrownBy(() -> l.get(2))
        .hasMessage("index 2 is out of bounds for axis 0 with size 2");
  }

  @Test
  void transposeReversesAxes() {
    Layout t = arange(2, 3, 4).transpose();
    assertThat(t.shape()).isEqualTo(Shape.of(4, 3, 2));
    assertThat(t.strides()).containsExactly(1, 4, 12);
    assertThat(t.offsetOf(3, 2, 1)).isEqualTo(23);
    assertThat(t.isContiguous()).isFalse();
    assertThat(t.transpose()).isEqualTo(arange(2, 3, 4));
  }

  @Test
  void contiguity() {
    assertThat(slice(arange(4, 5), "1:3").isContiguous()).isTrue();
    assertThat(slice(arange(4, 5), ":, 1:3").isContiguous()).isFalse();
    assertThat(slice(arange(4, 5), "1, None, :").isContiguous()).isTrue();
    assertThat(slice(arange(4, 5), "::-1").isContiguous()).isFalse();
    assertThat(slice(arange(4, 5), "2:3, 4:5").isContiguous()).isTrue();
    assertThat(slice(arange(4, 5), "::-1, 7:").isContiguous()).isTrue(); // empty
  }

  @Test
  void minMaxAndOverlap() {
    Layout l = slice(arange(4, 5), "1:3, ::-2");
    assertThat(l.minOffset()).isEqualTo(5);
    assertThat(l.maxOffset()).isEqualTo(14);
    Layout empty = slice(arange(4, 5), "2:2");
    assertThat(empty.minOffset()).isEqualTo(empty.offset());
    assertThat(empty.overlaps(l)).isFalse();
    assertThat(l.overlaps(empty)).isFalse();
    assertThat(l.overlaps(slice(arange(4, 5), "2, 0"))).isTrue();
    assertThat(l.overlaps(slice(arange(4, 5), "3"))).isFalse();
  }

  @Test
  void runsOfRankZeroAndEmptyLayouts() {
    RunCursor c = arange().runs();
    assertThat(c.next()).isTrue();
    assertThat(c.offset()).isZero();
    assertThat(c.length()).isEqualTo(1);
    assertThat(c.stride()).isZero();
    assertThat(c.next()).isFalse();
    assertThat(c.next()).isFalse();
    assertThat(arange(3, 0).runs().next()).isFalse();
    assertThat(arange(0, 3).runs().next()).isFalse();
    assertThatThrownBy(() -> arange(3).runs().offset()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void runsWalkLogicalOrder() {
    Layout l = slice(arange(2, 3, 4), "::-1, 1:, ::-2");
    RunCursor c = l.runs();
    StringBuilder seen = new StringBuilder();
    while (c.next()) {
      seen.append(c.offset()).append('/').append(c.stride()).append('/').append(c.length())
          .append(' ');
    }
    assertThat(seen.toString()).isEqualTo("19/-2/2 23/-2/2 7/-2/2 11/-2/2 ");
  }

  @Test
  void explicitLayoutsAreValidated() {
    assertThatThrownBy(() -> Layout.of(0, new long[] {2}, new long[] {1, 1}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Layout.of(0, new long[] {-2}, new long[] {1}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Layout.of(1, new long[] {3}, new long[] {-1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative offset -1");
    assertThat(Layout.of(2, new long[] {3}, new long[] {-1}).minOffset()).isZero();
    assertThat(Layout.of(-5, new long[] {0}, new long[] {1}).size()).isZero();
    assertThatThrownBy(() -> Layout.of(0, new long[] {3}, new long[] {Long.MAX_VALUE}))
        .isInstanceOf(ArithmeticException.class);
  }

  @Test
  void equality() {
    assertThat(slice(arange(6), "::2")).isEqualTo(Layout.of(0, new long[] {3}, new long[] {2}))
        .hasSameHashCodeAs(Layout.of(0, new long[] {3}, new long[] {2}));
    assertThat(slice(arange(6), "1::2")).isNotEqualTo(slice(arange(6), "::2"));
  }

  @Test
  void sizeOverflow() {
    assertThatThrownBy(() -> Layout.cOrder(Shape.of(1L << 32, 1L << 32)))
        .isInstanceOf(ArithmeticException.class);
    Layout empty = Layout.cOrder(Shape.of(0, 1L << 40, 1L << 40));
    assertThat(empty.size()).isZero();
  }

  /** More than 2^31 elements over 4 storage elements via stride-0 (broadcast) axes. */
  @Test
  void hugeBroadcastLayoutIndexesCorrectlyAtItsFarEnd() {
    long big = 1L << 20;
    Layout base = Layout.of(0, new long[] {big, big, 4}, new long[] {0, 0, 1});
    assertThat(base.size()).isEqualTo(1L << 42);
    assertThat(base.offsetOf(big - 1, big - 1, 3)).isEqualTo(3);
    assertThat(base.offsetOf(-1, -1, -1)).isEqualTo(3);
    Layout withAxes = slice(base, "None, ..., None");
    assertThat(withAxes.shape()).isEqualTo(Shape.of(1, big, big, 4, 1));
    assertThat(withAxes.offsetOf(new long[] {0, big - 1, big - 1, 2, 0})).isEqualTo(2);
    Layout far = slice(base, "-1, -3::-7, ::-1");
    assertThat(far.shape()).isEqualTo(Shape.of((big - 3 + 6) / 7, 4));
    assertThat(far.offsetOf(-1, 0)).isEqualTo(3);
    assertThat(values(slice(base, "-1, -1"))).containsExactly(0, 1, 2, 3);
    assertThatThrownBy(() -> base.offsetOf(big, 0, 0))
        .hasMessage("index 1048576 is out of bounds for axis 0 with size 1048576");
    // 2^31 and 3 * 2^30 along single axes: an int anywhere in the arithmetic would break this
    Layout axis = Layout.of(5, new long[] {1L << 31, 3L << 30}, new long[] {0, 0});
    assertThat(axis.size()).isEqualTo(3L << 61);
    assertThat(slice(axis, "-1").shape()).isEqualTo(Shape.of(3L << 30));
    assertThat(slice(axis, "-1, -1").offset()).isEqualTo(5);
    Layout strided = slice(axis, "-2:, ::1000000000");
    assertThat(strided.shape()).isEqualTo(Shape.of(2, 4)); // ceil(3 * 2^30 / 10^9)
    RunCursor c = strided.runs();
    assertThat(c.next()).isTrue();
    assertThat(c.length()).isEqualTo(8); // both stride-0 axes merge into one run
    assertThat(c.stride()).isZero();
    assertThat(c.offset()).isEqualTo(5);
    assertThat(c.next()).isFalse();
  }

  @Test
  void rankIsCappedAt64AsNumPy() {
    Layout scalar = Layout.cOrder(Shape.scalar());
    org.ndprim.Index[] spec64 = new org.ndprim.Index[64];
    java.util.Arrays.fill(spec64, Indices.newAxis());
    assertThat(scalar.slice(spec64).rank()).isEqualTo(64);
    org.ndprim.Index[] spec65 = java.util.Arrays.copyOf(spec64, 65);
    spec65[64] = Indices.newAxis();
    assertThatThrownBy(() -> scalar.slice(spec65)).isInstanceOf(IllegalRankException.class)
        .hasMessage("number of dimensions must be within [0, 64], got 65");
    assertThatThrownBy(() -> Layout.cOrder(Shape.of(new long[65]))).isInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> scalar.slice(spec64).expandDims(0)).isInstanceOf(IllegalRankException.class);
  }
}
