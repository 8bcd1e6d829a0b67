package org.ndprim.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;

/** Issue 9 item 5: nested Java arrays too large for the heap fail with a message, not an OutOfMemoryError. */
class NestedArraysLimitsTest {

  @Test
  void toJavaOfAHugeBroadcastViewNamesShapeAndSize() {
    IntNdArray view = IntNdArray.scalar(5).broadcastTo(Shape.of(100000, 100000));
    assertThatThrownBy(view::toJava)
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("shape (100000, 100000) has 10000000000 elements: a nested int array of that shape"
            + " needs about 40.0 GB, more than the ")
        .hasMessageEndingWith(" the Java heap can grow to");
  }

  @Test
  void theEstimateCountsRowsToo() {
    // 2^31 empty rows: no elements, but 2^31 row objects
    assertThatThrownBy(() -> NestedArrays.newArray(Shape.of(2147483639L, 1L << 20, 0), double.class))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("shape (2147483639, 1048576, 0) has 0 elements: a nested double array of that shape"
            + " needs about ");
    assertThatThrownBy(() -> NestedArrays.newArray(Shape.of(3L << 40), double.class))
        .hasMessage("axis 0 of shape (3298534883328,) has length 3298534883328, more than a Java array holds");
  }

  @Test
  void smallShapesStillWork() {
    Object a = NestedArrays.newArray(Shape.of(2, 3), int.class);
    assertThat(a).isInstanceOf(int[][].class);
    assertThat(DoubleNdArray.full(Shape.of(2, 2), 1.5).toJava()).isEqualTo(new double[][] {{1.5, 1.5}, {1.5, 1.5}});
  }

  @Test
  void fromJavaValidatesAHostileJaggedArrayBeforeAllocating() {
    int[][] jagged = new int[3][];
    jagged[0] = new int[4_000_000];
    jagged[1] = new int[4_000_000];
    jagged[2] = new int[1];
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = bean.getCurrentThreadAllocatedBytes();
    assertThatThrownBy(() -> IntNdArray.fromJava(jagged))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("jagged array: row [2] has length 1, expected 4000000");
    assertThat(bean.getCurrentThreadAllocatedBytes() - before).isLessThan(1 << 20);
    jagged[2] = null;
    assertThatThrownBy(() -> IntNdArray.fromJava(jagged)).hasMessage("row [2] is null");
  }
}
