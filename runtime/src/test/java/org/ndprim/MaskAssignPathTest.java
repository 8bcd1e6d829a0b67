package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.ndprim.layout.Layout;
import org.ndprim.layout.RandomLayouts;
import org.ndprim.testing.Allocation;
import org.ndprim.testing.Gen;
import org.ndprim.testing.Property;

/**
 * {@code a[mask] = value} with a lone mask of the array's whole shape takes NumPy's own boolean
 * assignment path ({@code AdvancedIndexing.assignedThroughMask}): over random layouts, storages
 * and values it must leave the base as a naive C-order loop does and as the general path does
 * ({@code a[..., mask]}, the same selection through the plan), and allocate nothing that grows
 * with the array.
 */
class MaskAssignPathTest {
  /** One case: a view of a base, a mask of the view's shape, and a value. */
  record Case(long[] shape, Layout layout, boolean buffer, boolean[] flags, int valueKind,
      long seed) {}

  private static Case draw(Gen g) {
    long[] shape = RandomLayouts.shape(g);
    if (shape.length == 0) {
      shape = new long[] {g.longBetween(0, 5)};
    }
    Layout layout = RandomLayouts.ofShape(shape, g);
    boolean[] flags = new boolean[(int) layout.size()];
    int density = g.intBelow(4);
    for (int i = 0; i < flags.length; i++) {
      flags[i] = density == 0 ? false : density == 3 || g.intBelow(3) < density;
    }
    return new Case(shape, layout, g.bool(), flags, g.intBelow(4), g.anyLong());
  }

  private static DoubleNdArray base(Case c) {
    int n = (int) (c.layout().maxOffset() + 1);
    double[] values = new double[Math.max(n, 1)];
    for (int i = 0; i < values.length; i++) {
      values[i] = 1000 + i;
    }
    if (!c.buffer()) {
      return DoubleNdArray.wrap(Shape.of(values.length), values);
    }
    ByteBuffer bytes = ByteBuffer.allocateDirect(values.length * 8).order(ByteOrder.nativeOrder());
    bytes.asDoubleBuffer().put(values);
    return DoubleNdArray.wrap(Shape.of(values.length), bytes);
  }

  private static NdArray value(Case c, int count) {
    switch (c.valueKind()) {
      case 0:
        return DoubleNdArray.scalar(-1.5);
      case 1:
        return IntNdArray.scalar(-7); // cast to float64 first
      case 2:
        return DoubleNdArray.vector(-2.5);
      default: {
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
          v[i] = -(i + 1);
        }
        return DoubleNdArray.wrap(Shape.of(count), v).slice("::-1").copy().slice("::-1");
      }
    }
  }

  @Test
  void aLoneWholeMaskWritesAsTheNaiveLoopAndTheGeneralPath() {
    Property.forAll("mask assign", 2000, MaskAssignPathTest::draw, c -> {
      int count = 0;
      for (boolean f : c.flags()) {
        count += f ? 1 : 0;
      }
      NdArray value = value(c, count);
      BooleanNdArray mask = BooleanNdArray.wrap(Shape.of(c.shape()), c.flags().clone());

      DoubleNdArray fast = base(c);
      DoubleNdArray general = base(c);
      DoubleNdArray fastView = (DoubleNdArray) ((StridedNdArray<?>) fast).asStrided(c.layout());
      DoubleNdArray generalView =
          (DoubleNdArray) ((StridedNdArray<?>) general).asStrided(c.layout());
      fastView.assign(value, Indices.mask(mask));
      generalView.assign(value, Indices.ellipsis(), Indices.mask(mask));
      // the naive loop: each true element's storage offset in C order, written in turn (a
      // layout whose elements alias keeps the last write, as NumPy's loop does)
      double[] expected = base(c).toArray();
      double[] v = value.astype(DoubleNdArray.TYPE).toArray();
      long[] shape = c.shape();
      long[] at = new long[shape.length];
      for (int i = 0, j = 0; i < c.flags().length; i++) {
        if (c.flags()[i]) {
          expected[(int) c.layout().offsetOf(at)] = v.length == 1 ? v[0] : v[j++];
        }
        for (int k = shape.length - 1; k >= 0 && ++at[k] == shape[k]; k--) {
          at[k] = 0;
        }
      }
      assertThat(fast.toArray()).containsExactly(expected);
      assertThat(general.toArray()).containsExactly(expected);
    });
  }

  @Test
  void complexAndBooleanElementsAreWrittenWhole() {
    Complex128NdArray z = Complex128NdArray.zeros(Shape.of(2, 3));
    BooleanNdArray mask = BooleanNdArray.wrap(Shape.of(2, 3),
        new boolean[] {true, false, true, false, false, true});
    // z.T[mask.T] = 1 - 2j writes z where mask is true, through the transposed view
    z.transpose().assign(Complex128NdArray.scalar(1, -2), Indices.mask(mask.transpose().copy()));
    assertThat(z.toArray()).containsExactly(1, -2, 0, 0, 1, -2, 0, 0, 0, 0, 1, -2);
    BooleanNdArray b = BooleanNdArray.zeros(Shape.of(4));
    b.assign(BooleanNdArray.vector(true, true), Indices.mask(BooleanNdArray.vector(
        false, true, false, true)));
    assertThat(b.toArray()).containsExactly(false, true, false, true);
  }

  @Test
  void aValueOfAnotherCountIsNumpysError() {
    DoubleNdArray a = DoubleNdArray.zeros(Shape.of(4));
    BooleanNdArray mask = BooleanNdArray.vector(true, false, true, true);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> a.assign(DoubleNdArray.vector(1, 2), Indices.mask(mask)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("NumPy boolean array indexing assignment cannot assign 2 input values to the"
            + " 3 output values where the mask is true");
    assertThat(a.toArray()).containsExactly(0, 0, 0, 0);
  }

  /**
   * A 0-d array and a 0-d mask take NumPy's boolean path too (numpy 2.4.6: {@code a = np.array(1);
   * a[np.True_] = [4, 5]} is "cannot assign 2 input values to the 1 output values", {@code [[4]]}
   * "requires a 0 or 1-dimensional input"; {@code [7]} and {@code 7} assign, a false mask takes
   * {@code []}).
   */
  @Test
  void aZeroDimensionalMaskOfAZeroDimensionalArrayCountsAsNumpysBooleanPath() {
    IntNdArray a = IntNdArray.scalar(1);
    Index yes = Indices.mask(BooleanNdArray.scalar(true));
    Index no = Indices.mask(BooleanNdArray.scalar(false));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.assign(IntNdArray.vector(4, 5), yes))
        .hasMessage("NumPy boolean array indexing assignment cannot assign 2 input values to the"
            + " 1 output values where the mask is true");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> a.assign(IntNdArray.of(Shape.of(1, 1), 4), yes))
        .hasMessage("NumPy boolean array indexing assignment requires a 0 or 1-dimensional input,"
            + " input has 2 dimensions");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> a.assign(IntNdArray.vector(4, 5), no))
        .hasMessage("NumPy boolean array indexing assignment cannot assign 2 input values to the"
            + " 0 output values where the mask is true");
    assertThat(a.getInt()).isEqualTo(1);
    a.assign(IntNdArray.zeros(Shape.of(0)), no);
    a.assign(IntNdArray.vector(7), yes);
    assertThat(a.getInt()).isEqualTo(7);
  }

  @Test
  void theAssignmentAllocatesNothingThatGrowsWithTheArray() {
    long small = allocatedPerCall(1_000);
    long large = allocatedPerCall(100_000);
    // two walk objects per call at most, whatever the size (the general path's plan was ~1.1 KB)
    assertThat(small).isLessThan(200);
    assertThat(large).isLessThan(200);
  }

  private static long allocatedPerCall(int n) {
    DoubleNdArray a = DoubleNdArray.zeros(Shape.of(n));
    boolean[] flags = new boolean[n];
    for (int i = 0; i < n; i += 3) {
      flags[i] = true;
    }
    Index mask = Indices.mask(BooleanNdArray.wrap(Shape.of(n), flags));
    DoubleNdArray zero = DoubleNdArray.scalar(0);
    int calls = 2_000;
    long least = Allocation.leastOf(20, () -> {
      for (int i = 0; i < calls; i++) {
        a.assign(zero, mask);
      }
      return (long) a.getDouble(0);
    });
    return least / calls;
  }
}
