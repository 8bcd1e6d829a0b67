package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Reductions of broadcast views with more elements than a Java array: the kernels count a run in
 * {@code int}, and such a view's coalesced run once wrapped silently (a sum of 46341 x 46341
 * ones was 0.0, hostile pass). Now it is walked in parts, and a float sum's pairwise run of more
 * than a Java array's elements is read a stage at a time (it was refused, as its whole copy
 * would not fit a Java array).
 */
class ReduceHugeBroadcastTest {
  private static final Shape HUGE = Shape.of(46_341, 46_341); // 2,147,488,281 > 2^31 - 1

  @Test
  void exactReductionsAndAxisSumsAndFloatSumsOverEverythingAreRight() {
    NdArray ones = LongNdArray.scalar(1).broadcastTo(HUGE);
    assertThat(((LongNdArray) Reduce.sum(ones, NdArray.class, false, 0, 1)).getLong())
        .isEqualTo(2_147_488_281L);
    NdArray d = DoubleNdArray.scalar(1).broadcastTo(HUGE);
    assertThat(((LongNdArray) Reduce.countNonzero(d, false)).getLong()).isEqualTo(2_147_488_281L);
    assertThat(((DoubleNdArray) Reduce.sum(d, NdArray.class, false, 1)).getDouble(46_340))
        .isEqualTo(46_341.0);
    assertThat(((DoubleNdArray) Reduce.sum(d, NdArray.class, false)).getDouble())
        .isEqualTo(2_147_488_281.0);
  }
}
