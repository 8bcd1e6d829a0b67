package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.ndprim.Shape;
import org.ndprim.testing.Allocation;
import org.ndprim.testing.Property;

/** AxisLines: per output position, the offsets along the reduced axis. */
class AxisLinesTest {

  /** Sums along an axis of an arange layout (values = offsets), as generated code would. */
  private static List<Long> sums(Layout l, int axis) {
    AxisLines r = AxisLines.of(l, axis);
    List<Long> out = new ArrayList<>();
    long st = r.stride();
    long n = r.length();
    while (r.next()) {
      long acc = 0;
      long o = r.offset();
      for (long j = 0; j < n; j++, o += st) {
        acc += o;
      }
      out.add(acc);
    }
    return out;
  }

  @Test
  void sumsOfAMatrix() {
    // np.arange(12).reshape(3, 4).sum(axis=0) == [12, 15, 18, 21]; axis=1 == [6, 22, 38]
    assertThat(sums(arange(3, 4), 0)).containsExactly(12L, 15L, 18L, 21L);
    assertThat(sums(arange(3, 4), 1)).containsExactly(6L, 22L, 38L);
    assertThat(sums(arange(3, 4), -1)).containsExactly(6L, 22L, 38L);
    // np.arange(24).reshape(2, 3, 4)[::-1, :, ::2].sum(axis=1)
    assertThat(sums(slice(arange(2, 3, 4), "::-1, :, ::2"), 1))
        .containsExactly(48L, 54L, 12L, 18L);
    AxisLines r = AxisLines.of(slice(arange(2, 3, 4), "::-1, :, ::2"), 1);
    assertThat(r.outputShape()).isEqualTo(Shape.of(2, 2));
    assertThat(r.outputSize()).isEqualTo(4);
    assertThat(r.axis()).isEqualTo(1);
    assertThat(r.length()).isEqualTo(3);
    assertThat(r.stride()).isEqualTo(4);
  }

  @Test
  void rankOneEmptyAndBroadcast() {
    AxisLines vector = AxisLines.of(arange(5), 0);
    assertThat(vector.outputShape()).isEqualTo(Shape.scalar());
    assertThat(sums(arange(5), 0)).containsExactly(10L);
    // reducing an empty axis still visits every output position
    AxisLines empty = AxisLines.of(arange(3, 0), 1);
    assertThat(empty.outputShape()).isEqualTo(Shape.of(3));
    assertThat(empty.length()).isZero();
    assertThat(sums(arange(3, 0), 1)).containsExactly(0L, 0L, 0L);
    // an empty other axis: no output positions
    assertThat(sums(arange(0, 3), 1)).isEmpty();
    assertThat(AxisLines.of(arange(0, 3), 1).outputShape()).isEqualTo(Shape.of(0));
    Layout broadcast = Layout.of(1, new long[] {3, 4}, new long[] {0, 1});
    assertThat(sums(broadcast, 0)).containsExactly(3L, 6L, 9L, 12L);
    assertThat(sums(broadcast, 1)).containsExactly(10L, 10L, 10L);
  }

  @Test
  void errors() {
    assertThatThrownBy(() -> AxisLines.of(arange(), 0))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 0 is out of bounds for array of dimension 0");
    assertThatThrownBy(() -> AxisLines.of(arange(2, 3), 2))
        .hasMessage("axis 2 is out of bounds for array of dimension 2");
    AxisLines r = AxisLines.of(arange(2), 0);
    assertThatThrownBy(r::offset).isInstanceOf(IllegalStateException.class);
    assertThat(r.next()).isTrue();
    assertThat(r.next()).isFalse();
    assertThat(r.next()).isFalse();
    assertThatThrownBy(r::offset).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void noAllocationPerOutputPosition() {
    Layout l = slice(arange(50, 6, 30), ":, ::2, ::-3");
    LongSupplier walk = () -> {
      long sink = 0;
      for (AxisLines r = AxisLines.of(l, 1); r.next(); ) {
        sink += r.offset();
      }
      return sink;
    };
    long sink = 0;
    for (int warm = 0; warm < 3; warm++) {
      sink += walk.getAsLong();
    }
    assertThat(sink).isNotZero();
    // the walker once per walk; one object per output position would be >= 8 KB
    long allocated = Allocation.leastOf(5, walk);
    assertThat(allocated).as("bytes allocated by 500 output positions").isLessThan(1024);
  }

  @Test
  void offsetsMatchTheNaiveReference() {
    Property.forAll(3000, RandomLayouts::layoutWithAxis, AxisLinesTest::checkOffsets);
  }

  private static void checkOffsets(RandomLayouts.WithAxis t) {
    Layout l = t.layout();
    int axis = t.axis();
    long[] shape = l.shape().asArray();
    long[] outShape = new long[shape.length - 1];
    for (int a = 0, o = 0; a < shape.length; a++) {
      if (a != axis) {
        outShape[o++] = shape[a];
      }
    }
    AxisLines r = AxisLines.of(l, axis - (axis % 2) * l.rank()); // some negative axes
    assertThat(r.outputShape()).isEqualTo(Shape.of(outShape));
    assertThat(r.length()).isEqualTo(shape[axis]);
    List<long[]> outputs = RandomLayouts.coords(outShape);
    int k = 0;
    while (r.next()) {
      long[] out = outputs.get(k++);
      long[] coords = new long[shape.length];
      for (int a = 0, o = 0; a < shape.length; a++) {
        coords[a] = a == axis ? 0 : out[o++];
      }
      for (long j = 0; j < r.length(); j++) {
        coords[axis] = j;
        assertThat(r.offset() + j * r.stride()).as("%s along %d at %s", l, axis, Arrays.toString(coords))
            .isEqualTo(l.offsetOf(coords));
      }
    }
    assertThat(k).isEqualTo(outputs.size());
  }
}
