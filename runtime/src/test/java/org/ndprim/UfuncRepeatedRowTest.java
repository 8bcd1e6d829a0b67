package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The trivial loop's broadcast case ({@code UfuncDriver.trySingle}): an input repeated along
 * leading axes ({@code matrix + row}) runs as rows without the iterator, with the results of the
 * general walk (the same call on a broadcast view, which is not one run and takes the iterator),
 * in place, into another output, the row first or second, stepped and reversed runs, split
 * across threads; an overlapping row is still read from a copy; and it allocates nothing.
 */
class UfuncRepeatedRowTest {
  private final int grain = UfuncDriver.grain;

  @AfterEach
  void restore() {
    UfuncDriver.grain = grain;
    Parallelism.setMaxThreads(Runtime.getRuntime().availableProcessors());
  }

  private static NdArray random(ScalarType<?> type, long n, Random r) {
    DoubleNdArray d = DoubleNdArray.zeros(Shape.of(n));
    for (long i = 0; i < n; i++) {
      d.setDouble(r.nextInt(9) == 0 ? 0 : (r.nextDouble() - 0.3) * 200, i);
    }
    return d.astype(type);
  }

  /** A single run of {@code n} elements over a bigger array: contiguous, stepped or reversed. */
  private static NdArray run(ScalarType<?> type, long n, Random r) {
    switch (r.nextInt(3)) {
      case 0:
        return random(type, n, r);
      case 1:
        return random(type, 2 * n + 1, r).slice("1::2");
      default:
        return random(type, n + 3, r).slice("-1:2:-1");
    }
  }

  @Test
  void aRowRepeatedAlongLeadingAxesGivesTheGeneralWalksResults() {
    Random r = new Random(20261203);
    Ufunc[] ufuncs = {Ufunc.ADD, Ufunc.SUBTRACT, Ufunc.MULTIPLY, Ufunc.MAXIMUM, Ufunc.LESS,
        Ufunc.TRUE_DIVIDE};
    ScalarType<?>[] types = {DoubleNdArray.TYPE, FloatNdArray.TYPE, IntNdArray.TYPE,
        ByteNdArray.TYPE, UInt8NdArray.TYPE};
    int checked = 0;
    for (int round = 0; round < 400; round++) {
      if (round % 4 == 3) {
        Parallelism.setMaxThreads(3);
        UfuncDriver.grain = 1 + r.nextInt(64);
      } else {
        Parallelism.setMaxThreads(1);
      }
      ScalarType<?> type = types[r.nextInt(types.length)];
      Ufunc u = ufuncs[r.nextInt(ufuncs.length)];
      int rank = 1 + r.nextInt(4);
      long[] dims = new long[rank];
      for (int i = 0; i < rank; i++) {
        dims[i] = 1 + r.nextInt(i == rank - 1 ? 40 : 6);
      }
      Shape big = Shape.of(dims);
      int kept = 1 + r.nextInt(rank); // the row's trailing axes
      long[] rowDims = new long[kept + r.nextInt(2)]; // maybe a leading 1
      for (int i = 0; i < rowDims.length; i++) {
        int axis = rank - rowDims.length + i;
        rowDims[i] = axis < rank - kept || axis < 0 ? 1 : dims[axis];
      }
      if (rowDims.length > rank) {
        rowDims = java.util.Arrays.copyOfRange(rowDims, 1, rowDims.length);
      }
      Shape rowShape = Shape.of(rowDims);
      NdArray m = run(type, big.size(), r).reshape(big);
      NdArray row = run(type, rowShape.size(), r);
      row = row.reshape(rowShape);
      boolean rowFirst = r.nextBoolean();
      NdArray x = rowFirst ? row : m;
      NdArray y = rowFirst ? m : row;
      NdArray expected = u.apply(rowFirst ? row.broadcastTo(big) : m,
          rowFirst ? m : row.broadcastTo(big));
      assertThat(u.apply(x, y)).as("%s %s %s %s", u.name(), type, big, rowShape)
          .isEqualTo(expected);
      if (expected.scalarType() == type) {
        // in place: the matrix is the output (a += row)
        NdArray inPlace = m.copy();
        u.into(inPlace, rowFirst ? row : inPlace, rowFirst ? inPlace : row);
        assertThat(inPlace).as("in place %s %s %s %s", u.name(), type, big, rowShape)
            .isEqualTo(expected);
      }
      checked++;
    }
    assertThat(checked).isEqualTo(400);
  }

  @Test
  void aRowThatIsPartOfTheOutputIsReadFromACopy() {
    // a += a[0]: NumPy reads a[0] as it was before the call
    DoubleNdArray a = DoubleNdArray.zeros(Shape.of(4, 32));
    for (int i = 0; i < 128; i++) {
      a.setDouble(i, i / 32, i % 32);
    }
    DoubleNdArray expected = (DoubleNdArray) Ufunc.ADD.apply(a, a.slice("0").copy());
    a.addInPlace(a.slice("0"));
    assertThat(a).isEqualTo(expected);
    DoubleNdArray b = DoubleNdArray.zeros(Shape.of(4, 32)).fill(1);
    Ufunc.ADD.into(b, b.slice("3"), b); // the row first, and the last row of the output
    assertThat(b.getDouble(3, 0)).isEqualTo(2.0);
    assertThat(b.getDouble(0, 0)).isEqualTo(2.0);
  }

  @Test
  void aMatrixPlusARowAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Parallelism.setMaxThreads(1);
    FloatNdArray a = FloatNdArray.zeros(Shape.of(64, 256));
    FloatNdArray row = FloatNdArray.zeros(Shape.of(256)).fill(1f);
    FloatNdArray c = FloatNdArray.zeros(Shape.of(64, 256));
    for (int i = 0; i < 20_000; i++) { // warm up, so allocations the JIT removes are gone
      a.addInPlace(row);
      Ufunc.MULTIPLY.into(c, row, a);
    }
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 10_000; i++) {
      a.addInPlace(row);
      Ufunc.MULTIPLY.into(c, row, a);
    }
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    // the general walk allocated about 1.5 KB per call (its plan and iterator)
    assertThat(allocated).isLessThan(20_000 * 16L);
    assertThat(a.getFloat(63, 255)).isEqualTo(30_000f);
    assertThat(c.getFloat(0, 0)).isEqualTo(30_000f);
  }
}
