package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Reductions of broadcast views with more elements than a Java array: the kernels count a run in
 * {@code int}, and such a view's coalesced run once wrapped silently (a sum of 46341 x 46341
 * ones was 0.0, hostile pass). Now it is walked in parts, or refused where the float sum's
 * pairwise run would need a whole copy.
 */
class ReduceHugeBroadcastTest {
  private static final Shape HUGE = Shape.of(46_341, 46_341); // 2,147,488,281 > 2^31 - 1

  @Test
  void exactReductionsAndAxisSumsAreRightAndFloatSumsOverEverythingAreRefused() {
    NdArray ones = LongNdArray.scalar(1).broadcastTo(HUGE);
    assertThat(((LongNdArray) Reduce.sum(ones, NdArray.class, false, 0, 1)).getLong())
        .isEqualTo(2_147_488_281L);
    NdArray d = DoubleNdArray.scalar(1).broadcastTo(HUGE);
    assertThat(((LongNdArray) Reduce.countNonzero(d, false)).getLong()).isEqualTo(2_147_488_281L);
    assertThat(((DoubleNdArray) Reduce.sum(d, NdArray.class, false, 1)).getDouble(46_340))
        .isEqualTo(46_341.0);
    assertThatThrownBy(() -> Reduce.sum(d, NdArray.class, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(46341, 46341)");
  }
}
