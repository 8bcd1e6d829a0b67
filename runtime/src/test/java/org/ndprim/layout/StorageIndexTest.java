package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndprim.IllegalRankException;
import org.ndprim.testing.Property;

/**
 * {@link Layout#storageIndex} computes in {@code int} arithmetic after its checks; it must give
 * exactly {@link Layout#offsetOf}'s offset, and exactly its exceptions, for every arity.
 */
class StorageIndexTest {

  /** storageIndex(coords) at every arity: offsetOf's value, or offsetOf's exception. */
  @Test
  void agreesWithOffsetOf() {
    Property.forAll(3000, g -> new LayoutAndSeed(RandomLayouts.layout(g), g.anyLong()),
        in -> checkAgreesWithOffsetOf(in.layout(), in.seed()));
  }

  /** A layout and the seed of the coordinates tried on it. */
  record LayoutAndSeed(Layout layout, long seed) {}

  private static void checkAgreesWithOffsetOf(Layout l, long seed) {
    Random random = new Random(seed);
    for (int t = 0; t < 20; t++) {
      int count = random.nextInt(10) == 0 ? random.nextInt(5) : l.rank(); // sometimes the wrong count
      long[] coords = new long[count];
      for (int a = 0; a < count; a++) {
        long n = a < l.rank() ? l.dim(a) : 3;
        // in range, negative in range, and just outside at either end
        coords[a] = random.nextInt(8) == 0 ? (random.nextBoolean() ? n : -n - 1)
            : (n == 0 ? 0 : Math.floorMod(random.nextLong(), 2 * n) - n);
      }
      check(l, coords);
    }
  }

  private static void check(Layout l, long[] coords) {
    Throwable expected = catchThrowable(() -> l.offsetOf(coords));
    assertIndex(l, coords, () -> l.storageIndex(coords), expected);
    switch (coords.length) {
      case 0:
        assertIndex(l, coords, l::storageIndex, expected);
        break;
      case 1:
        assertIndex(l, coords, () -> l.storageIndex(coords[0]), expected);
        break;
      case 2:
        assertIndex(l, coords, () -> l.storageIndex(coords[0], coords[1]), expected);
        break;
      case 3:
        assertIndex(l, coords, () -> l.storageIndex(coords[0], coords[1], coords[2]), expected);
        break;
      default:
        break;
    }
  }

  private interface IndexCall {
    int call();
  }

  private static void assertIndex(Layout l, long[] coords, IndexCall call, Throwable expected) {
    if (expected == null) {
      assertThat((long) call.call()).as("%s at %s", l, java.util.Arrays.toString(coords))
          .isEqualTo(l.offsetOf(coords));
    } else {
      assertThatThrownBy(call::call).isExactlyInstanceOf(expected.getClass())
          .hasMessage(expected.getMessage());
    }
  }

  @Test
  void fixedAritiesOfACOrderAndAReversedLayout() {
    Layout l = arange(2, 3, 4);
    assertThat(l.storageIndex(1, 2, 3)).isEqualTo(23);
    assertThat(l.storageIndex(-1, -1, -4)).isEqualTo(20);
    Layout flipped = slice(arange(3, 4), "::-1, ::-2");
    assertThat(flipped.storageIndex(0, 0)).isEqualTo(11);
    assertThat(flipped.storageIndex(2, 1)).isEqualTo(1);
    assertThat(arange(5).storageIndex(-2)).isEqualTo(3);
    assertThat(arange().storageIndex()).isZero();
    assertThatThrownBy(() -> l.storageIndex(2, 0, 0)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 2 is out of bounds for axis 0 with size 2");
    assertThatThrownBy(() -> l.storageIndex(0, -4, 0))
        .hasMessage("index -4 is out of bounds for axis 1 with size 3");
    assertThatThrownBy(() -> l.storageIndex(0, 0)).isInstanceOf(IllegalRankException.class);
  }

  /** Axes longer than an int and coordinates beyond an int: the int arithmetic still lands. */
  @Test
  void hugeBroadcastAxesIndexTheirFarEnd() {
    long big = 3L << 30; // > 2^31
    Layout l = Layout.of(7, new long[] {big, 5, 4}, new long[] {0, 1, 0});
    assertThat(l.storageIndex(big - 1, 4, 3)).isEqualTo(11);
    assertThat(l.storageIndex(-big, -5, -1)).isEqualTo(7);
    assertThat(l.storageIndex(new long[] {big - 2, 2, 1})).isEqualTo(9);
    assertThatThrownBy(() -> l.storageIndex(big, 0, 0))
        .hasMessage("index 3221225472 is out of bounds for axis 0 with size 3221225472");
    Layout last = Layout.of(7, new long[] {5, big}, new long[] {1, 0});
    assertThat(last.storageIndex(4, big - 1)).isEqualTo(11);
    assertThat(last.storageIndex(1, 1L << 31)).isEqualTo(8);
    assertThat(last.storageIndex(-1, -big)).isEqualTo(11);
    assertThatThrownBy(() -> last.storageIndex(0, -big - 1))
        .hasMessage("index -3221225473 is out of bounds for axis 1 with size 3221225472");
    // a coordinate whose low 32 bits are in range must still be rejected
    assertThatThrownBy(() -> arange(4).storageIndex((1L << 32) + 1))
        .hasMessage("index 4294967297 is out of bounds for axis 0 with size 4");
  }

  /** A layout some of whose offsets are beyond an int has no storage index (no Java array holds it). */
  @Test
  void offsetsBeyondAnIntAreRejected() {
    Layout l = Layout.of(Integer.MAX_VALUE - 1L, new long[] {4}, new long[] {1});
    assertThat(l.offsetOf(3)).isEqualTo(Integer.MAX_VALUE + 2L);
    assertThatThrownBy(() -> l.storageIndex(0)).isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("do not fit an int storage index");
    assertThatThrownBy(() -> l.storageIndex(new long[] {0}))
        .isInstanceOf(ArithmeticException.class);
    Layout fits = Layout.of(Integer.MAX_VALUE - 3L, new long[] {4}, new long[] {1});
    assertThat(fits.storageIndex(3)).isEqualTo(Integer.MAX_VALUE);
  }
}
