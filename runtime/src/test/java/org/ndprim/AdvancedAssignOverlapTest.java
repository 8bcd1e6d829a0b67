package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * A mask or integer-array assignment whose value overlaps the target reads the value as it was
 * before the assignment, as if copied first; NumPy's {@code b[b > -1] = b[::-1]} reads it while
 * writing ({@code [11 10 9 8 7 6 6 7 8 9 10 11]}).
 */
class AdvancedAssignOverlapTest {
  @Test
  void anOverlappingValueIsReadAsItWasBeforeTheAssignment() {
    LongNdArray b = LongNdArray.wrap(Shape.of(12), new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
        11});
    b.assign(b.slice("::-1"), Indices.mask((BooleanNdArray) b.greater(-1L)));
    assertThat(b.toArray()).containsExactly(11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  }

  /**
   * The value and the target are two arrays wrapped over one buffer (two storage objects, one
   * memory): the overlap is found by memory, as copyFrom finds it (hostile pass: the mask,
   * integer-array and put paths compared storage objects and wrote over values not yet read).
   */
  @Test
  void anOverlapThroughTwoWrapsOfOneBufferIsFoundByMemory() {
    for (int form = 0; form < 4; form++) {
      ByteBuffer bytes = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 0; i < 12; i++) {
        bytes.putInt(4 * i, i);
      }
      IntNdArray a = IntNdArray.wrap(Shape.of(12), bytes);
      IntNdArray v = IntNdArray.wrap(Shape.of(12), bytes).slice("::-1");
      switch (form) {
        case 0:
          a.assign(v, Indices.mask(BooleanNdArray.full(Shape.of(12), true)));
          break;
        case 1:
          a.assign(v, Indices.ellipsis(), Indices.mask(BooleanNdArray.full(Shape.of(12), true)));
          break;
        case 2:
          a.assign(v, Indices.take(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
          break;
        default:
          Indexing.put(a, LongNdArray.vector(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), v);
      }
      assertThat(a.toArray()).as("form " + form)
          .containsExactly(11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    }
  }
}
