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
import org.ndprim.testing.Allocation;
import org.ndprim.testing.Property;

/** CoordinateCursor: C-order coordinates and offsets, allocation-free. */
class CoordinateCursorTest {

  private static String walk(Layout l) {
    StringBuilder sb = new StringBuilder();
    CoordinateCursor c = CoordinateCursor.of(l);
    long[] coords = c.coords();
    while (c.next()) {
      assertThat(c.coords()).isSameAs(coords);
      sb.append(sb.length() > 0 ? " " : "").append(Arrays.toString(coords)).append('@')
          .append(c.offset());
    }
    return sb.toString();
  }

  @Test
  void examples() {
    assertThat(walk(slice(arange(2, 3), ":, ::-2")))
        .isEqualTo("[0, 0]@2 [0, 1]@0 [1, 0]@5 [1, 1]@3");
    assertThat(walk(slice(arange(3, 2), "None, 1:, None")))
        .isEqualTo("[0, 0, 0, 0]@2 [0, 0, 0, 1]@3 [0, 1, 0, 0]@4 [0, 1, 0, 1]@5");
    assertThat(walk(arange())).isEqualTo("[]@0");
    assertThat(walk(arange(1, 1))).isEqualTo("[0, 0]@0");
    assertThat(walk(arange(2, 0, 3))).isEmpty();
    assertThat(walk(Layout.of(4, new long[] {2, 2}, new long[] {0, 0})))
        .isEqualTo("[0, 0]@4 [0, 1]@4 [1, 0]@4 [1, 1]@4");
  }

  @Test
  void stateAndRangeChecks() {
    CoordinateCursor c = CoordinateCursor.of(arange(2));
    assertThatThrownBy(c::offset).isInstanceOf(IllegalStateException.class);
    assertThat(c.next()).isTrue();
    assertThat(c.next()).isTrue();
    assertThat(c.next()).isFalse();
    assertThat(c.next()).isFalse();
    assertThatThrownBy(c::offset).isInstanceOf(IllegalStateException.class);
    // Offsets are long: layouts over memory reach beyond an int.
    CoordinateCursor far = CoordinateCursor.of(Layout.of(1L << 40, new long[] {2},
        new long[] {1L << 33}));
    assertThat(far.next()).isTrue();
    assertThat(far.offset()).isEqualTo(1L << 40);
    assertThat(far.next()).isTrue();
    assertThat(far.offset()).isEqualTo((1L << 40) + (1L << 33));
  }

  @Test
  void noAllocationPerElement() {
    Layout l = slice(arange(100, 3, 40), "::-1, None, :, ::3");
    LongSupplier walk = () -> {
      long sink = 0;
      for (CoordinateCursor c = CoordinateCursor.of(l); c.next(); ) {
        sink += c.offset() + c.coords()[3];
      }
      return sink;
    };
    long sink = 0;
    for (int warm = 0; warm < 3; warm++) {
      sink += walk.getAsLong();
    }
    assertThat(sink).isNotZero();
    // the cursor and its coordinates once per walk; one object per element would be >= 67 KB
    long allocated = Allocation.leastOf(5, walk);
    assertThat(allocated).as("bytes allocated by 4200 elements").isLessThan(1024);
  }

  @Test
  void coordinatesAndOffsetsMatchOffsetOf() {
    Property.forAll(3000, RandomLayouts::layout, CoordinateCursorTest::checkCoordinatesAndOffsets);
  }

  private static void checkCoordinatesAndOffsets(Layout l) {
    List<long[]> expected = RandomLayouts.coords(l.shape().asArray());
    List<long[]> seen = new ArrayList<>();
    CoordinateCursor c = CoordinateCursor.of(l);
    while (c.next()) {
      assertThat((long) c.offset()).as("offset at %s of %s", Arrays.toString(c.coords()), l)
          .isEqualTo(l.offsetOf(c.coords()));
      seen.add(c.coords().clone());
    }
    assertThat(seen).as("coordinates of %s", l).hasSize(expected.size());
    for (int k = 0; k < seen.size(); k++) {
      assertThat(seen.get(k)).containsExactly(expected.get(k));
    }
  }
}
