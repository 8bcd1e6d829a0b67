package org.ndprim.storage;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.ndprim.layout.Layout;

/**
 * Whether two arrays' elements may lie in the same memory, NumPy's {@code may_share_memory}: the
 * test an overlap-safe write ({@code copyFrom}, {@code zipInPlace}) makes before it reads its
 * operand. Storage is compared by memory, not by object: two {@link Chunks} made by two wraps of
 * one {@link ByteBuffer} (or of two views of it, or of a {@code byte[]} and a heap buffer over it)
 * are the same memory.
 *
 * <p>Each side is a Java array (the storage of an array-backed array) or a {@link Chunks}. The
 * byte ranges {@code [minOffset, maxOffset]} of the two layouts are compared where they lie in
 * the same memory: the same Java array (a heap buffer's {@code array()} at its
 * {@code arrayOffset()}), or the same native addresses (a direct or mapped buffer's address).
 * Heap and native memory never overlap. Where the memory cannot be told (a read-only heap buffer,
 * whose array is hidden; a direct buffer on a JVM that does not give its address), the answer is
 * the safe one: they may overlap. The test is conservative as NumPy's bounds test is (interleaved
 * views such as {@code ::2} and {@code 1::2} of one buffer report an overlap).
 */
public final class SharedMemory {
  private SharedMemory() {}

  /**
   * Returns whether the elements of {@code a} at layout {@code la} and those of {@code b} at
   * {@code lb} may share memory.
   *
   * @param a a Java array or a {@link Chunks}
   * @param la the layout of the first array in {@code a}, offsets in items
   * @param b a Java array or a {@link Chunks}
   * @param lb the layout of the second array in {@code b}, offsets in items
   * @param itemSize the bytes of one item (the same for both: one element type)
   * @return false only if no element of one lies in the memory of an element of the other
   */
  public static boolean mayOverlap(Object a, Layout la, Object b, Layout lb, int itemSize) {
    if (la.size() == 0 || lb.size() == 0) {
      return false;
    }
    if (a == b) {
      return la.overlaps(lb);
    }
    if (!(a instanceof Chunks) && !(b instanceof Chunks)) {
      return false; // two Java arrays
    }
    long aFrom = Math.multiplyExact(la.minOffset(), (long) itemSize);
    long aTo = Math.multiplyExact(la.maxOffset() + 1, (long) itemSize);
    long bFrom = Math.multiplyExact(lb.minOffset(), (long) itemSize);
    long bTo = Math.multiplyExact(lb.maxOffset() + 1, (long) itemSize);
    for (Region ra : regions(a, aFrom, aTo)) {
      for (Region rb : regions(b, bFrom, bTo)) {
        if (ra.mayOverlap(rb)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A stretch of memory: bytes {@code [start, end)} of a Java array ({@code base}), or of the
   * native address space ({@code base} null), or unknown memory of a heap or native kind.
   */
  private record Region(Object base, long start, long end, boolean known, boolean heap) {
    boolean mayOverlap(Region other) {
      if (heap != other.heap) {
        return false;
      }
      if (!known || !other.known) {
        // Unknown memory is a heap buffer's hidden byte[] or a direct buffer's: a Java array of
        // another type is never one
        Region sure = known ? this : other;
        return !sure.known || sure.base == null || sure.base instanceof byte[];
      }
      return base == other.base && start < other.end && other.start < end;
    }
  }

  /** The regions of bytes {@code [from, to)} of {@code storage}, one per chunk they touch. */
  private static Region[] regions(Object storage, long from, long to) {
    if (!(storage instanceof Chunks memory)) {
      return new Region[] {new Region(storage, from, to, true, true)};
    }
    int shift = memory.chunkShift();
    int first = (int) (from >>> shift);
    int last = (int) ((to - 1) >>> shift);
    Region[] out = new Region[last - first + 1];
    for (int i = first; i <= last; i++) {
      long chunkStart = (long) i << shift;
      long lo = Math.max(from, chunkStart) - chunkStart;
      long hi = Math.min(to - chunkStart, memory.chunk(i).capacity());
      out[i - first] = region(memory.chunk(i), lo, hi);
    }
    return out;
  }

  /** The region of bytes {@code [lo, hi)} of {@code buffer} (positioned at 0). */
  private static Region region(ByteBuffer buffer, long lo, long hi) {
    if (!buffer.isDirect()) {
      if (!buffer.hasArray()) {
        return new Region(null, 0, 0, false, true);
      }
      long at = buffer.arrayOffset();
      return new Region(buffer.array(), at + lo, at + hi, true, true);
    }
    long address = Addresses.of(buffer);
    if (address == Addresses.UNKNOWN) {
      return new Region(null, 0, 0, false, false);
    }
    return new Region(null, address + lo, address + hi, true, false);
  }

  /**
   * The native address of a direct buffer, which Java 17 does not publish: through
   * {@code java.lang.foreign.MemorySegment} where the JDK has it final (22 and later), else
   * through {@code sun.misc.Unsafe}'s read of {@code Buffer.address} (module
   * {@code jdk.unsupported}), looked up once; {@link #UNKNOWN} when neither is there.
   */
  private static final class Addresses {
    static final long UNKNOWN = Long.MIN_VALUE;
    /** {@code (buffer) -> address}, or null when the address cannot be had. */
    private static final Reader READER = reader();

    private interface Reader {
      long address(Buffer buffer) throws ReflectiveOperationException;
    }

    static long of(ByteBuffer buffer) {
      if (READER == null) {
        return UNKNOWN;
      }
      try {
        return READER.address(buffer);
      } catch (ReflectiveOperationException | RuntimeException e) {
        return UNKNOWN;
      }
    }

    private static Reader reader() {
      try {
        if (Runtime.version().feature() >= 22) {
          Class<?> segments = Class.forName("java.lang.foreign.MemorySegment");
          Method ofBuffer = segments.getMethod("ofBuffer", Buffer.class);
          Method address = segments.getMethod("address");
          return b -> (long) address.invoke(ofBuffer.invoke(null, b));
        }
        Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
        Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        Object unsafe = theUnsafe.get(null);
        long offset = (long) unsafeClass.getMethod("objectFieldOffset", Field.class)
            .invoke(unsafe, Buffer.class.getDeclaredField("address"));
        Method getLong = unsafeClass.getMethod("getLong", Object.class, long.class);
        return b -> (long) getLong.invoke(unsafe, b, offset);
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        return null;
      }
    }
  }
}
