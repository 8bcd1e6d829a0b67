package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.ndprim.linalg.LinAlg;

/**
 * Every request too big to allocate is one kind of error, an {@link IllegalArgumentException}
 * naming what was asked and the shape (NumPy's {@code ValueError} "array is too big" or
 * "Maximum allowed size exceeded", or its {@code MemoryError}): a byte size beyond a long, a
 * result beyond a Java array, a result beyond the heap, or a result and its working copies
 * beyond the heap together. Run by {@code mvn verify} in its own JVM of {@code -Xmx256m} (the
 * runtime pom's {@code hostile-input} execution), which the last tests need.
 */
class TooBigTest {
  private static final long BIG = 1L << 40;
  private static final String JAVA_ARRAY =
      " elements, more than a Java array holds (" + ScalarType.MAX_ARRAY_SIZE + ")";

  /** A read-only view of {@code shape} over one element: big without memory. */
  private static DoubleNdArray ones(long... shape) {
    long[] unit = new long[shape.length];
    java.util.Arrays.fill(unit, 1);
    return DoubleNdArray.full(Shape.of(unit), 1).broadcastTo(Shape.of(shape));
  }

  @Test
  void zerosOfAByteSizeBeyondALongIsAnIllegalArgument() {
    // numpy: ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than ...
    String message = "cannot allocate an array of shape (1099511627776, 1099511627776) of Double:"
        + " its non-zero dimensions times the 8-byte item size exceed 2^63-1 bytes (numpy: array"
        + " is too big)";
    assertThatThrownBy(() -> DoubleNdArray.zeros(Shape.of(BIG, BIG)))
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> NdArrays.zeros(DoubleNdArray.TYPE, Shape.of(BIG, BIG)))
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> DoubleNdArray.full(Shape.of(BIG, BIG), 2.0))
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
    // NumPy's check counts the non-zero dimensions: an empty array of them is refused too
    assertThatThrownBy(() -> ShortNdArray.zeros(Shape.of(0, 1L << 62)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("of shape (0, 4611686018427387904) of Short");
    // the sizes of casts are checked the same way
    assertThatThrownBy(() -> DoubleNdArray.TYPE.castWriter(Shape.of(BIG, BIG)))
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Test
  void zerosBeyondTheHeapIsTheSameKind() {
    // numpy: MemoryError: Unable to allocate 8.00 TiB for an array with shape (1099511627776,)
    assertThatThrownBy(() -> DoubleNdArray.zeros(Shape.of(BIG)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot allocate an array of shape (1099511627776,) of Double: it"
            + " needs 8796093022208 bytes (8.0 TiB), more than the maximum heap");
  }

  @Test
  void resultsBeyondAJavaArrayNameTheOperationAndTheShape() {
    assertThatThrownBy(() -> ones(BIG, 2).sum(1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("sum: cannot allocate an array of shape (1099511627776,): it has 1099511627776"
            + JAVA_ARRAY);
    assertThatThrownBy(() -> ones(BIG, 2).max(1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("max: cannot allocate an array of shape (1099511627776,): it has 1099511627776"
            + JAVA_ARRAY);
    assertThatThrownBy(() -> ones(BIG, 2).argMin(1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("argMin: cannot allocate an array of shape (1099511627776,): it has"
            + " 1099511627776" + JAVA_ARRAY);
    assertThatThrownBy(() -> ones(BIG).toArray())
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("toArray: cannot allocate an array of shape (1099511627776,): it has"
            + " 1099511627776" + JAVA_ARRAY);
    assertThatThrownBy(() -> ones(BIG).toStorageArray())
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("toArray: cannot allocate an array of shape (1099511627776,)");
    assertThatThrownBy(() -> ones(BIG).test(x -> x > 0))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("test: cannot allocate an array of shape (1099511627776,)");
    // numpy: MemoryError: Unable to allocate 8.00 TiB for an array with shape (1099511627776,)
    assertThatThrownBy(() -> NdArrays.linspace(DoubleNdArray.TYPE, 0, 1, BIG))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("linspace: cannot allocate an array of shape (1099511627776,): it has"
            + " 1099511627776" + JAVA_ARRAY);
  }

  @Test
  void complexToArrayCountsTwoValuesPerElement() {
    // 2^30 elements fit a Java array, their 2^31 parts do not
    Complex128NdArray z = Complex128NdArray.zeros(Shape.of(1)).broadcastTo(Shape.of(1L << 30));
    assertThatThrownBy(z::toArray)
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("toArray: cannot allocate an array of shape (1073741824,): it has 1073741824"
            + " elements (2147483648 values), more than a Java array holds ("
            + ScalarType.MAX_ARRAY_SIZE + ")");
    // twice the size overflows a long: still the same error, not a "long overflow"
    long n = (1L << 62) + 1;
    Complex64NdArray w = Complex64NdArray.zeros(Shape.of(1)).broadcastTo(Shape.of(n));
    assertThatThrownBy(w::toArray)
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("toArray: cannot allocate an array of shape (4611686018427387905,): it has"
            + " 4611686018427387905 elements (9223372036854775810 values), more than a Java"
            + " array holds (" + ScalarType.MAX_ARRAY_SIZE + ")");
  }

  @Test
  void cumsumOfAResultBeyondAJavaArrayNamesTheShape() {
    String message = "cannot allocate a result of shape (1099511627776,): it has 1099511627776"
        + JAVA_ARRAY;
    assertThatThrownBy(() -> ones(BIG).cumsum())
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("cumsum: " + message);
    assertThatThrownBy(() -> ones(BIG).cumprod(0))
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("cumprod: " + message);
    assertThatThrownBy(() -> ones(BIG, 1).cumsum(0))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cumsum: cannot allocate a result of shape (1099511627776, 1): it has"
            + " 1099511627776" + JAVA_ARRAY);
  }

  @Test
  void arangeOfACountBeyondALongNamesStartStopStepAndCount() {
    // numpy: np.arange(-2**63, 2**63 - 1) -> ValueError: Maximum allowed size exceeded
    assertThatThrownBy(() -> NdArrays.arange(LongNdArray.TYPE, Long.MIN_VALUE, Long.MAX_VALUE, 1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("arange: start -9223372036854775808, stop 9223372036854775807, step 1 give"
            + " 18446744073709551615 values, more than a long counts (Maximum allowed size"
            + " exceeded)");
    assertThatThrownBy(() -> NdArrays.arange(IntNdArray.TYPE, Long.MAX_VALUE, -2, -1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("arange: start 9223372036854775807, stop -2, step -1 give"
            + " 9223372036854775809 values, more than a long counts (Maximum allowed size"
            + " exceeded)");
    // a count that fits a long is refused by the allocation instead, the same kind
    assertThatThrownBy(() -> NdArrays.arange(LongNdArray.TYPE, 0, Long.MAX_VALUE, 1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot allocate an array of shape (9223372036854775807,) of Long:");
    // a span beyond a long with a few values is NumPy's result (it was "long overflow"):
    // np.arange(-2**63, 2**63 - 1, 2**62), np.arange(2**63 - 1, -2**63, -2**62)
    assertThat(NdArrays.arange(LongNdArray.TYPE, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 62)
        .toArray()).containsExactly(Long.MIN_VALUE, -(1L << 62), 0, 1L << 62);
    assertThat(NdArrays.arange(LongNdArray.TYPE, Long.MAX_VALUE, Long.MIN_VALUE, -(1L << 62))
        .toArray()).containsExactly(Long.MAX_VALUE, (1L << 62) - 1, -1, -(1L << 62) - 1);
    assertThat(NdArrays.arange(LongNdArray.TYPE, -5, 5, 3).toArray()).containsExactly(-5, -2, 1, 4);
    assertThat(NdArrays.arange(LongNdArray.TYPE, 5, -5, 3).toArray()).isEmpty();
  }

  @Test
  void routinesWhoseResultLengthOverflowsALongNameTheOperation() {
    // numpy: ValueError: array is too big (these were bare "long overflow"s)
    DoubleNdArray a = DoubleNdArray.zeros(Shape.of(4));
    String tooBig = " exceeds 2^63-1 elements (numpy: array is too big)";
    assertThatThrownBy(() -> NdArrays.tile(a, 1L << 62))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("tile: cannot allocate the result: axis 0 of length 4 repeated"
            + " 4611686018427387904 times" + tooBig);
    assertThatThrownBy(() -> NdArrays.repeat(a, 1L << 62, 0))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("repeat: cannot allocate the result: axis 0 of length 4 with each element"
            + " 4611686018427387904 times" + tooBig);
    assertThatThrownBy(() -> NdArrays.repeat(a, new long[] {Long.MAX_VALUE, 1, 0, 0}, 0))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("repeat: cannot allocate the result: the sum of the repeats along axis 0"
            + tooBig);
    assertThatThrownBy(() -> NdArrays.pad(a, Long.MAX_VALUE - 4, 1, NdArrays.PadMode.CONSTANT))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("pad: cannot allocate the result: axis 0 of length 4 padded by"
            + " 9223372036854775803 and 1" + tooBig);
    assertThatThrownBy(() -> NdArrays.diag(a, Long.MAX_VALUE))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("diag: cannot allocate the result: the side 4 + |9223372036854775807|"
            + tooBig);
    assertThatThrownBy(() -> NdArrays.diag(a, Long.MIN_VALUE))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("diag: cannot allocate the result: the side 4 + |-9223372036854775808|"
            + tooBig);
    DoubleNdArray half = ones(1L << 62);
    assertThatThrownBy(() -> NdArrays.concatenate(0, half, half))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("concatenate: cannot allocate the result: the sum of the lengths along axis 0"
            + " of arrays 0..1" + tooBig);
    // just below: the byte size is what is refused, the same kind
    assertThatThrownBy(() -> NdArrays.pad(a, Long.MAX_VALUE - 5, 1, NdArrays.PadMode.CONSTANT))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot allocate an array of shape (9223372036854775807,) of Double");
  }
  /**
   * A ufunc or matrix product whose result's size passes a long (hostile pass: an
   * ArithmeticException from the broadcast's size) is refused as every result too big is, naming
   * the shapes, before anything is written.
   */
  @Test
  void ufuncAndProductResultsWhoseSizePassesALongAreIllegalArguments() {
    DoubleNdArray one = DoubleNdArray.of(Shape.of(1), 3.0);
    DoubleNdArray column = one.broadcastTo(Shape.of(1L << 33, 1));
    DoubleNdArray row = one.broadcastTo(Shape.of(1L << 33));
    DoubleNdArray out = DoubleNdArray.zeros(Shape.of(2, 2));
    java.util.List<org.assertj.core.api.ThrowableAssert.ThrowingCallable> calls = java.util.List.of(
        () -> column.add(row),
        () -> Ufunc.LESS.apply(row, column),
        () -> Ufunc.ADD.into(out, column, row),
        () -> Ufunc.where(BooleanNdArray.of(Shape.of(1), true).broadcastTo(Shape.of(1L << 33, 1, 1)),
            column, row),
        () -> Ufunc.clip(column, row, row));
    for (var call : calls) {
      assertThatThrownBy(call).isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("(8589934592, 1)").hasMessageContaining("(8589934592,)")
          .hasMessageContaining("more than 2^63-1 elements");
    }
    assertThat(out.toArray()).containsOnly(0.0);
    java.util.List<org.assertj.core.api.ThrowableAssert.ThrowingCallable> products = java.util.List.of(
        () -> org.ndprim.linalg.LinAlg.matmul(column, one.broadcastTo(Shape.of(1, 1L << 33))),
        () -> org.ndprim.linalg.LinAlg.outer(row, row),
        () -> org.ndprim.linalg.LinAlg.einsum("i,j->ij", row, row),
        () -> org.ndprim.linalg.LinAlg.tensordot(row, row, 0));
    for (var call : products) {
      assertThatThrownBy(call).isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("(8589934592, 8589934592)")
          .hasMessageContaining("more than 2^63-1 elements");
    }
  }

  /**
   * The heap these tests are run with: 256 MiB in the pom's small-heap execution; another heap
   * (a {@code -Dtest} run in the default JVM) skips them.
   */
  private static void assumeSmallHeap() {
    long heap = Runtime.getRuntime().maxMemory();
    if (Boolean.getBoolean("ndprim.hostile")) {
      assertThat(heap).as("the small-heap execution's -Xmx").isLessThanOrEqualTo(256L << 20);
    }
    assumeTrue(heap <= 256L << 20, "needs -Xmx256m (the hostile-input execution)");
  }

  /**
   * Hostile pass: calls on a one-element input broadcast to (4500, 4500) (or (5500, 5500)) whose
   * result fits the 256 MiB heap but whose result and int64 / float64 working copies (carriers,
   * sort keys, orders, positions) together do not raised an OutOfMemoryError. Each is now the
   * IllegalArgumentException of a request beyond the heap, naming the call and the shape, before
   * anything is allocated; NumPy computes them all, and so does a large enough heap.
   */
  @Test
  void resultsAndWorkingCopiesBeyondTheHeapTogetherAreIllegalArguments() {
    assumeSmallHeap();
    UInt8NdArray u = UInt8NdArray.scalar(1).broadcastTo(Shape.of(4500, 4500));
    UInt8NdArray w = UInt8NdArray.scalar(1).broadcastTo(Shape.of(5500, 5500));
    LongNdArray zeros = LongNdArray.scalar(0).broadcastTo(Shape.of(4500, 4500));
    LongNdArray wideZeros = LongNdArray.scalar(0).broadcastTo(Shape.of(5500, 5500));
    Map<String, ThrowingCallable> calls = new LinkedHashMap<>();
    calls.put("argsort", () -> Sorting.argsort(u));
    calls.put("searchsorted", () -> Sorting.searchsorted(UInt8NdArray.vector(0, 1, 2),
        UInt8NdArray.scalar(1).broadcastTo(Shape.of(6000, 6000)))); // 288 MB of int64 results
    calls.put("matrix product (matmul, dot, tensordot, einsum)",
        () -> LinAlg.einsum("ij,ij->ij", u, u));
    calls.put("unique", () -> Sorting.unique(u, true, false, false));
    calls.put("slice", () -> UInt8NdArray.vector(1).reshape(1, 1).slice(Indices.take(zeros),
        Indices.take(zeros)));
    calls.put("argsort ", () -> Sorting.argsortFlat(u));
    calls.put("argpartition", () -> Sorting.argpartition(u, 0));
    calls.put("flatnonzero", () -> Indexing.flatnonzero(w));
    calls.put("median", () -> Sorting.median(w));
    calls.put("take", () -> Indexing.take(UInt8NdArray.vector(1, 2), wideZeros));
    calls.put("takeAlongAxis", () -> Indexing.takeAlongAxis(UInt8NdArray.vector(1, 2)
        .reshape(1, 2), wideZeros, 1));
    SoftAssertions softly = new SoftAssertions();
    calls.forEach((name, call) -> softly.assertThatThrownBy(call).as(name)
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(name.strip() + ": cannot allocate an array of shape (")
        .hasMessageMatching("(?s).*\\((4500, 4500|5500, 5500|6000, 6000|30250000,)\\) and its working"
            + " arrays: it needs \\d+ bytes .*, more than the maximum heap .*"));
    softly.assertAll();
    // argsort of uint8 holds 20 bytes an element: the int64 carrier (its own keys), the int
    // permutation, the int64 result
    assertThatThrownBy(() -> Sorting.argsort(u))
        .hasMessage("argsort: cannot allocate an array of shape (4500, 4500) and its working"
            + " arrays: it needs 405000000 bytes (386.2 MiB), more than the maximum heap ("
            + (256L << 20) + " bytes (256.0 MiB))");
  }

  /**
   * The matrix product of the same hostile pass fits the heap: one int64 copy of the broadcast
   * operand (it was made twice, a cast then its Java array). NumPy:
   * {@code np.ones((4500, 4500), np.uint8) @ np.ones((4500, 1), np.uint8)} is 4500 % 256 = 148.
   */
  @Test
  void aProductOfABroadcastOperandTakesOneWorkingCopy() {
    assumeSmallHeap();
    UInt8NdArray u = UInt8NdArray.scalar(1).broadcastTo(Shape.of(4500, 4500));
    NdArray r = LinAlg.matmul(u, UInt8NdArray.scalar(1).broadcastTo(Shape.of(4500, 1)));
    assertThat(r).isInstanceOf(UInt8NdArray.class);
    assertThat(r.shape()).isEqualTo(Shape.of(4500, 1));
    assertThat(((UInt8NdArray) r).toArray()).hasSize(4500).containsOnly(148);
  }

  /**
   * searchsorted of the same hostile pass fits the heap: the values are joined to the sorted
   * array block by block, so only the int64 result has their size (it held the values' copy,
   * cast, join, carrier and keys at once). NumPy: {@code np.searchsorted([0, 1, 2],
   * np.ones((4500, 4500), np.uint8))} is all 1 (side 'right': 2).
   */
  @Test
  void searchsortedOfABroadcastJoinsItBlockByBlock() {
    assumeSmallHeap();
    UInt8NdArray u = UInt8NdArray.scalar(1).broadcastTo(Shape.of(4500, 4500));
    LongNdArray left = Sorting.searchsorted(UInt8NdArray.vector(0, 1, 2), u);
    assertThat(left.shape()).isEqualTo(Shape.of(4500, 4500));
    assertThat(left.min()).isEqualTo(1);
    assertThat(left.max()).isEqualTo(1);
    left = null;
    // blocks of 2^16 values: the first, one in the second block, the last
    LongNdArray right = Sorting.searchsorted(UInt8NdArray.vector(0, 1, 2), u, true, null);
    assertThat(right.getLong(0, 0)).isEqualTo(2);
    assertThat(right.getLong(14, 2600)).isEqualTo(2);
    assertThat(right.getLong(4499, 4499)).isEqualTo(2);
    assertThat(right.min()).isEqualTo(2);
  }

  /** The refusal of an index copy names the call (take named toArray, an internal call). */
  @Test
  void takeBeyondTheHeapNamesTake() {
    assumeSmallHeap();
    LongNdArray at = LongNdArray.scalar(0).broadcastTo(Shape.of(20000, 20000));
    assertThatThrownBy(() -> Indexing.take(UInt8NdArray.vector(1, 2), at))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("take: cannot allocate an array of shape (20000, 20000) and its"
            + " working arrays: it needs 3600000000 bytes");
    assertThatThrownBy(() -> Indexing.takeAlongAxis(UInt8NdArray.vector(1, 2).reshape(1, 2), at,
        1)).isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("takeAlongAxis: cannot allocate an array of shape (20000, 20000)");
    // the index copies of the put forms are refused as the put, and nothing is written
    UInt8NdArray target = UInt8NdArray.vector(1, 2);
    assertThatThrownBy(() -> Indexing.put(target, at, UInt8NdArray.scalar(9)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("put: cannot allocate an array of shape (20000, 20000)");
    assertThatThrownBy(() -> Indexing.putAlongAxis(target.reshape(1, 2), at, UInt8NdArray.scalar(9),
        1)).isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("putAlongAxis: cannot allocate an array of shape (20000, 20000)");
    assertThat(target.toArray()).containsExactly(1, 2);
  }
}
