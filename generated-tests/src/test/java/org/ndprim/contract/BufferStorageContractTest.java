package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.DoubleNdArray;
import org.ndprim.NdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;
import org.ndprim.contract.NdArrayContractTest.Fixture;

/**
 * What buffer storage adds to the behaviour contract, for every type: {@code wrap(Shape,
 * ByteBuffer)} is a zero-copy view in the buffer's byte order, read-only buffers give read-only
 * arrays, and every kernel with two operands works between any two storages.
 */
class BufferStorageContractTest {

  @TestFactory
  Stream<DynamicNode> everyTypeOverBuffers() {
    return ScalarCase.TYPES.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("wrapIsAZeroCopyViewOfTheRemainingBytes", c, this::wrapIsZeroCopy),
            test("byteOrderIsTheBuffers", c, this::byteOrderIsTheBuffers),
            test("readOnlyBufferGivesAReadOnlyArray", c, this::readOnlyBuffer),
            test("wrapChecksTheSize", c, this::wrapChecksTheSize),
            test("copyEqualsAndZipBetweenEveryPairOfStorages", c, this::betweenStorages),
            test("copyOfABufferArrayIsOverAJavaArray", c, this::copyIsOverAnArray),
            test("sumsOfRunsLongerThanTheBulkScratchAgreeAcrossStorages", c,
                this::sumsOfLongRuns),
            test("meansAcrossTheBufferOf8192AgreeAcrossStoragesAndViews", c,
                this::meansAcrossBuffers),
            test("toArrayOfRunsOfEveryLengthReadsEveryElementOnce", c,
                this::toArrayOfEveryRunLength))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<Fixture> check) {
    return DynamicTest.dynamicTest(name, () -> check.accept(new Fixture(c)));
  }

  private static NdArray wrap(ScalarCase<?> c, Shape shape, ByteBuffer buffer) {
    return c.type().wrap(shape, buffer);
  }

  void wrapIsZeroCopy(Fixture f) {
    NdArray a = f.arange(2, 3);
    int item = f.c.type().itemSize();
    // Two bytes before and after: the view is of the remaining bytes, from the position.
    ByteBuffer bytes = ByteBuffer.allocate(6 * item + 4).order(ByteOrder.LITTLE_ENDIAN);
    bytes.position(2).limit(2 + 6 * item);
    NdArray b = wrap(f.c, Shape.of(2, 3), bytes);
    assertThat(b.isReadOnly()).isFalse();
    f.api.copyFrom(b, a);
    assertThat(b).isEqualTo(a);
    // The buffer's position and limit do not matter after the wrap.
    bytes.clear();
    assertThat(b).isEqualTo(a);
    // A second view of the same memory sees the writes: nothing was copied.
    NdArray again = wrap(f.c, Shape.of(6), bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN)
        .position(2).limit(2 + 6 * item));
    assertThat(f.flat(again)).isEqualTo(f.flat(a));
    f.api.setFixed(again, f.v(0), 5);
    assertThat(f.api.getFixed(b, 1, 2)).isEqualTo(f.v(0));
    // Writing the bytes directly shows through, and the guard bytes are untouched.
    for (int i = 2; i < 2 + 6 * item; i++) {
      bytes.put(i, (byte) 0);
    }
    assertThat(b).isEqualTo(f.api.zeros(Shape.of(2, 3)));
    assertThat(bytes.get(0)).isZero();
    assertThat(bytes.get(6 * item + 3)).isZero();
  }

  void byteOrderIsTheBuffers(Fixture f) {
    NdArray a = f.arange(2, 3);
    int item = f.c.type().itemSize();
    ByteBuffer little = ByteBuffer.allocate(6 * item).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer big = ByteBuffer.allocateDirect(6 * item).order(ByteOrder.BIG_ENDIAN);
    f.api.copyFrom(wrap(f.c, Shape.of(2, 3), little), a);
    f.api.copyFrom(wrap(f.c, Shape.of(2, 3), big), a);
    assertThat(wrap(f.c, Shape.of(2, 3), big)).isEqualTo(a);
    // The same values, each item's bytes in the other order.
    for (int k = 0; k < 6; k++) {
      for (int b = 0; b < item; b++) {
        assertThat(big.get(k * item + b)).as("item %d byte %d", k, b)
            .isEqualTo(little.get(k * item + item - 1 - b));
      }
    }
  }

  void readOnlyBuffer(Fixture f) {
    int item = f.c.type().itemSize();
    ByteBuffer bytes = ByteBuffer.allocate(6 * item).order(ByteOrder.LITTLE_ENDIAN);
    f.api.copyFrom(wrap(f.c, Shape.of(2, 3), bytes), f.arange(2, 3));
    NdArray ro = wrap(f.c, Shape.of(2, 3), bytes.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN));
    assertThat(ro.isReadOnly()).isTrue();
    assertThat(ro).isEqualTo(f.arange(2, 3));
    assertThat(ro.readOnly()).isSameAs(ro);
    assertThat(ro.slice("::-1").isReadOnly()).isTrue();
    assertThatThrownBy(() -> f.api.setFixed(ro, f.v(0), 0, 0))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> f.api.fill(ro, f.v(0))).isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> f.api.copyFrom(ro, f.api.zeros(Shape.of(2, 3))))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThat(ro).isEqualTo(f.arange(2, 3));
    // Its copy is a writable array of its own.
    NdArray copy = ro.copy();
    assertThat(copy.isReadOnly()).isFalse();
    f.api.fill(copy, f.v(0));
    assertThat(ro).isEqualTo(f.arange(2, 3));
  }

  void wrapChecksTheSize(Fixture f) {
    int item = f.c.type().itemSize();
    assertThatThrownBy(() -> wrap(f.c, Shape.of(2, 3), ByteBuffer.allocate(6 * item + 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("memory of " + (6 * item + 1) + " bytes does not match shape (2, 3) of "
            + f.c.name() + " (" + 6 * item + " bytes)");
    assertThat(wrap(f.c, Shape.of(0, 3), ByteBuffer.allocate(0)).size()).isZero();
    assertThat(f.flat(wrap(f.c, Shape.scalar(), ByteBuffer.allocate(item))))
        .containsExactly(f.v(0));
  }

  /** Arrays of the fixture's values in every storage, by storage. */
  private static List<NdArray> inEveryStorage(Fixture f, long... dims) {
    List<NdArray> out = new ArrayList<>();
    for (StorageCase s : StorageCase.values()) {
      out.add(new TypedApi(f.c.over(s)).place(f.arange(dims)));
    }
    return out;
  }

  void betweenStorages(Fixture f) {
    NdArray expected = f.arange(3, 4, 5).slice("::-1, 1:, ::2");
    for (NdArray src : inEveryStorage(f, 3, 4, 5)) {
      for (StorageCase s : StorageCase.values()) {
        String pair = src.getClass().getSimpleName() + " into " + s;
        NdArray dst = new TypedApi(f.c.over(s)).place(f.api.zeros(Shape.of(3, 3, 3)));
        // A reversed, stepped view on both sides: runs cross chunks in both directions.
        NdArray view = src.slice("::-1, 1:, ::2");
        f.api.copyFrom(dst.slice(":, ::-1"), view.slice(":, ::-1"));
        assertThat(dst).as(pair).isEqualTo(expected).isEqualTo(view);
        assertThat(view).as(pair).isEqualTo(dst);
        assertThat(dst.hashCode()).as(pair).isEqualTo(view.hashCode());
        assertThat(dst.toString()).as(pair).isEqualTo(expected.toString());
        KernelApi kernels = new KernelApi(f.c);
        assertThat(kernels.zip(dst, view, (x, y) -> y)).as(pair).isEqualTo(expected);
        kernels.zipInPlace(dst, view.slice("::-1"), (x, y) -> y);
        assertThat(dst).as(pair).isEqualTo(expected.slice("::-1"));
      }
    }
  }

  void copyIsOverAnArray(Fixture f) {
    for (NdArray a : inEveryStorage(f, 2, 3)) {
      NdArray copy = a.slice("::-1").copy();
      assertThat(copy.getClass().getSimpleName()).isEqualTo(f.c.name() + "ArrayNdArray");
      assertThat(copy).isEqualTo(f.arange(2, 3).slice("::-1"));
    }
  }

  /**
   * Buffer segments are summed through a per-thread scratch array of 512 elements: runs of
   * 1,100 elements (two full scratch loads and a partial one), whole and in unit-stride and
   * strided views, sum as over a Java array, in total and along each axis.
   */
  void sumsOfLongRuns(Fixture f) {
    KernelApi kernels = new KernelApi(f.c);
    if (!kernels.has("sum", 0)) {
      return;
    }
    // Small values in a pattern, so that every type holds them (bytes, uint8, float16).
    NdArray values = f.api.of(Shape.of(3, 1100),
        f.values(IntStream.range(0, 3300).map(i -> i * 7 % 97).toArray()));
    List<NdArray> all = new ArrayList<>();
    for (StorageCase s : StorageCase.values()) {
      all.add(new TypedApi(f.c.over(s)).place(values));
    }
    NdArray array = all.get(0);
    for (String view : List.of(":, :", "1:, 3:1097", "::-1, ::-1", ":, ::3", "::2, 511:1024")) {
      for (NdArray a : all) {
        String what = a.getClass().getSimpleName() + " [" + view + "]";
        NdArray v = a.slice(view);
        NdArray expected = array.slice(view);
        assertThat(kernels.reduce("sum", v)).as(what).isEqualTo(kernels.reduce("sum", expected));
        // One run (a row, a stepped row, a column): sum() takes the run directly, no cursor.
        assertThat(kernels.reduce("sum", v.slice("-1"))).as(what + " [-1]")
            .isEqualTo(kernels.reduce("sum", expected.slice("-1")));
        assertThat(kernels.reduce("sum", v.slice("0, ::-7"))).as(what + " [0, ::-7]")
            .isEqualTo(kernels.reduce("sum", expected.slice("0, ::-7")));
        assertThat(kernels.reduce("sum", v.slice(":, 5"))).as(what + " [:, 5]")
            .isEqualTo(kernels.reduce("sum", expected.slice(":, 5")));
        for (int axis = 0; axis < 2; axis++) {
          assertThat(kernels.reduce("sum", v, axis)).as(what + " axis " + axis)
              .isEqualTo(kernels.reduce("sum", expected, axis));
        }
      }
    }
  }

  /**
   * {@code mean()} converts elements into buffers of 8192 ({@code BufferedSum}): over 18,000
   * elements in runs of 2,000, a buffer fills in the middle of a run, and in 16-byte chunks in the
   * middle of a segment. Every storage gives the mean the array storage gives for the same view;
   * integer types, and every type on the whole array, give the mean of the C-order copy (a
   * C-contiguous array, whose mean is NumPy's: {@code MeanGoldenTest}); for integer types, whose
   * float64 sums of these values are exact, that is the exact sum divided by the count.
   */
  void meansAcrossBuffers(Fixture f) {
    KernelApi kernels = new KernelApi(f.c);
    if (!kernels.has("mean", 0)) {
      return;
    }
    int[] pattern = IntStream.range(0, 18_000).map(i -> i * 7 % 97).toArray();
    NdArray values = f.api.of(Shape.of(9, 2000), f.values(pattern));
    NdArray array = new TypedApi(f.c.over(StorageCase.ARRAY)).place(values);
    for (StorageCase s : StorageCase.values()) {
      NdArray a = new TypedApi(f.c.over(s)).place(values);
      for (String view : List.of(":, :", "1:, 3:1997", "::-1, ::-1", ":, ::3", "::2, 511:")) {
        String what = a.getClass().getSimpleName() + " [" + view + "]";
        NdArray v = a.slice(view);
        Object mean = kernels.reduce("mean", v);
        assertThat(mean).as(what).isEqualTo(kernels.reduce("mean", array.slice(view)));
        if (!f.c.floating() || view.equals(":, :")) {
          // Floating sums of other views may round differently from the copy's (pairwise per
          // run, as sum()); these integer values make the integer types' sums exact.
          assertThat(mean).as(what).isEqualTo(kernels.reduce("mean", v.copy()));
        }
        if (!f.c.floating()) {
          double[] exact = v.astype(DoubleNdArray.TYPE).toArray();
          assertThat(mean).as(what)
              .isEqualTo(java.util.Arrays.stream(exact).sum() / exact.length);
        }
      }
    }
  }

  /**
   * {@code toArray} copies blocks of runs of at most 8 elements row by row, the run's elements
   * unrolled by a switch on its length, and longer runs by a loop: runs of every length from 1 to
   * 10, unit-stride, stepped and reversed, whole blocks and single rows, in every storage, read
   * as the elements by their coordinates ({@code getObject}) and as the storage array.
   */
  void toArrayOfEveryRunLength(Fixture f) {
    for (NdArray a : inEveryStorage(f, 3, 4, 21)) {
      for (int len = 1; len <= 10; len++) {
        for (String step : List.of("1", "2", "-1", "-2")) {
          String view = step.startsWith("-") ? ":, ::-1, " + (21 - 1) + ":" + (20 - len * Math.abs(
              Integer.parseInt(step))) + ":" + step : ":, ::-1, 0:" + len * Integer.parseInt(step)
              + ":" + step;
          for (NdArray v : List.of(a.slice(view), a.slice("1, " + view.substring(3)))) {
            List<Object> expected = new ArrayList<>();
            int[] coords = new int[v.rank()];
            long[] at = new long[v.rank()];
            for (long k = 0; k < v.size(); k++) {
              for (int d = 0; d < at.length; d++) {
                at[d] = coords[d];
              }
              expected.add(v.getObject(at));
              for (int d = at.length - 1; d >= 0 && ++coords[d] == v.shape().dim(d); d--) {
                coords[d] = 0;
              }
            }
            String what = a.getClass().getSimpleName() + " [" + view + "] " + v.shape();
            assertThat(v.shape().dim(v.rank() - 1)).as(what).isEqualTo((long) len);
            assertThat(f.api.toList(v)).as(what).isEqualTo(expected);
            assertThat(f.api.toStorageArray(v)).as(what)
                .isEqualTo(f.api.toStorageArray(f.api.of(v.shape(), expected)));
          }
        }
      }
    }
  }
}
