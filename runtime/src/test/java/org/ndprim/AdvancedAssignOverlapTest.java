package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

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
}
