package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.storage.Chunks;

/**
 * Copies between two arrays that share memory without sharing a storage object (issue 18, item
 * 2): two wraps of one buffer, a wrap of a buffer and one of a view of it, a heap buffer and the
 * {@code byte[]} it wraps. NumPy's two {@code np.frombuffer} views of one buffer copy as if the
 * source were copied first: {@code b[...] = a[::-1]} over {@code [1, 2, 3]} gives {@code [3, 2, 1]}.
 * Run for every integer type over heap, direct big-endian, mapped and chunked memory, and with the
 * source a read-only view of the destination's buffer (whose memory cannot be inspected: it must
 * be taken as shared).
 */
class SharedMemoryContractTest {
  @TempDir
  static Path dir;

  private static final List<ScalarCase<?>> INTEGRAL = ScalarCase.TYPES.stream()
      .filter(c -> !c.floating() && !c.name().equals("Boolean"))
      .toList();

  /** A kind of memory: new zeroed bytes of it, as a buffer its wraps share. */
  private enum Memory {
    HEAP(bytes -> ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN)),
    DIRECT_BIG_ENDIAN(bytes -> ByteBuffer.allocateDirect(bytes).order(ByteOrder.BIG_ENDIAN)),
    MAPPED(SharedMemoryContractTest::mapped);

    final Function<Integer, ByteBuffer> make;

    Memory(Function<Integer, ByteBuffer> make) {
      this.make = make;
    }
  }

  private static ByteBuffer mapped(int bytes) {
    try {
      Path file = Files.createTempFile(dir, "shared", ".bin");
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ,
          StandardOpenOption.WRITE)) {
        return ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @TestFactory
  Stream<DynamicTest> copiesBetweenWrapsOfOneMemoryAreOverlapSafe() {
    List<DynamicTest> tests = new ArrayList<>();
    for (ScalarCase<?> c : INTEGRAL) {
      for (Memory m : Memory.values()) {
        tests.add(DynamicTest.dynamicTest(c.name() + " over " + m + ": two wraps of one buffer",
            () -> twoWrapsOfOneBuffer(c, m)));
        tests.add(DynamicTest.dynamicTest(c.name() + " over " + m + ": chunked wraps",
            () -> twoChunkedWraps(c, m)));
        tests.add(DynamicTest.dynamicTest(c.name() + " over " + m + ": a wrap of a view",
            () -> aWrapOfAView(c, m)));
        tests.add(DynamicTest.dynamicTest(c.name() + " over " + m + ": a read-only source",
            () -> aReadOnlySource(c, m)));
      }
    }
    for (ScalarCase<?> c : INTEGRAL) {
      if (c.type().byteSize(Shape.of(1)) == 1) {
        tests.add(DynamicTest.dynamicTest(c.name() + ": a byte[] and a heap buffer over it",
            () -> anArrayAndABufferOverIt(c)));
      }
    }
    return tests.stream();
  }

  /** The case: {@code b.copyFrom(a.slice("::-1"))}, a and b two wraps of one buffer. */
  private static void twoWrapsOfOneBuffer(ScalarCase<?> c, Memory m) {
    ScalarType<?> type = c.type();
    ByteBuffer buffer = m.make.apply(Math.toIntExact(type.byteSize(Shape.of(3))));
    NdArray a = type.wrap(Shape.of(3), Chunks.of(buffer));
    NdArray b = type.wrap(Shape.of(3), Chunks.of(buffer));
    TypedApi api = new TypedApi(c);
    copyFrom(a, api.vector(values(c, 1, 2, 3)));
    copyFrom(b, a.slice("::-1"));
    assertThat(api.toList(a)).isEqualTo(values(c, 3, 2, 1));
  }

  /** Two chunked memories (chunks of 16 bytes) over one buffer of 4 elements, per 4 + 4. */
  private static void twoChunkedWraps(ScalarCase<?> c, Memory m) {
    ScalarType<?> type = c.type();
    int item = Math.toIntExact(type.byteSize(Shape.of(1)));
    int bytes = Math.max(32, 8 * item);
    ByteBuffer buffer = m.make.apply(bytes);
    Function<ByteBuffer, Chunks> chunked = whole -> Chunks.of(
        whole.slice(0, bytes / 2).order(whole.order()),
        whole.slice(bytes / 2, bytes / 2).order(whole.order()));
    long n = bytes / item;
    NdArray a = type.wrap(Shape.of(n), chunked.apply(buffer));
    NdArray b = type.wrap(Shape.of(n), chunked.apply(buffer));
    TypedApi api = new TypedApi(c);
    int[] ks = new int[(int) n];
    int[] reversed = new int[(int) n];
    for (int k = 0; k < n; k++) {
      ks[k] = k + 1;
      reversed[k] = (int) n - k;
    }
    copyFrom(a, api.vector(values(c, ks)));
    copyFrom(b, a.slice("::-1"));
    assertThat(api.toList(a)).isEqualTo(values(c, reversed));
  }

  /**
   * {@code b} wraps the buffer from its second element: NumPy's {@code a[1:] = a[:3][::-1]} over
   * {@code [1, 2, 3, 4]} gives {@code [1, 3, 2, 1]}.
   */
  private static void aWrapOfAView(ScalarCase<?> c, Memory m) {
    ScalarType<?> type = c.type();
    int item = Math.toIntExact(type.byteSize(Shape.of(1)));
    ByteBuffer buffer = m.make.apply(4 * item);
    NdArray a = type.wrap(Shape.of(4), Chunks.of(buffer));
    NdArray b = type.wrap(Shape.of(3),
        Chunks.of(buffer.slice(item, 3 * item).order(buffer.order())));
    TypedApi api = new TypedApi(c);
    copyFrom(a, api.vector(values(c, 1, 2, 3, 4)));
    copyFrom(b, a.slice("0:3").slice("::-1"));
    assertThat(api.toList(a)).isEqualTo(values(c, 1, 3, 2, 1));
  }

  /** The source a wrap of a read-only view of the destination's buffer. */
  private static void aReadOnlySource(ScalarCase<?> c, Memory m) {
    ScalarType<?> type = c.type();
    ByteBuffer buffer = m.make.apply(Math.toIntExact(type.byteSize(Shape.of(3))));
    NdArray b = type.wrap(Shape.of(3), Chunks.of(buffer));
    NdArray a = type.wrap(Shape.of(3),
        Chunks.of(buffer.asReadOnlyBuffer().order(buffer.order())));
    TypedApi api = new TypedApi(c);
    copyFrom(b, api.vector(values(c, 1, 2, 3)));
    copyFrom(b, a.slice("::-1"));
    assertThat(api.toList(b)).isEqualTo(values(c, 3, 2, 1));
  }

  /** A Java {@code byte[]} and a heap buffer wrapping it are one memory. */
  private static void anArrayAndABufferOverIt(ScalarCase<?> c) {
    ScalarType<?> type = c.type();
    byte[] bytes = new byte[3];
    TypedApi api = new TypedApi(c);
    NdArray a = api.wrap(Shape.of(3), bytes);
    NdArray b = type.wrap(Shape.of(3), Chunks.of(ByteBuffer.wrap(bytes)));
    copyFrom(a, api.vector(values(c, 1, 2, 3)));
    copyFrom(b, a.slice("::-1"));
    assertThat(api.toList(a)).isEqualTo(values(c, 3, 2, 1));
    copyFrom(a, b.slice("::-1"));
    assertThat(api.toList(b)).isEqualTo(values(c, 1, 2, 3));
  }

  private static List<Object> values(ScalarCase<?> c, int... ks) {
    List<Object> out = new ArrayList<>();
    for (int k : ks) {
      out.add(c.v(k));
    }
    return out;
  }

  private static void copyFrom(NdArray to, NdArray from) {
    try {
      Method m = to.getClass().getMethod("copyFrom", to.scalarType().arrayType());
      m.invoke(to, from);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
