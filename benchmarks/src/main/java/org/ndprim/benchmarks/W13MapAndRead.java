package org.ndprim.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.ndprim.FloatNdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W13 (issue 7): open an already-mapped 1 GiB {@code .npy} file again and read one element, as
 * {@code np.load(path, mmap_mode='r')[12345, 6789]}. The file, a {@code float32} array of shape
 * {@code (16384, 16384)} (2^30 data bytes), is made once per trial with {@code Npy.mapNew}
 * (sparse) in the temporary directory, one element written, and mapped and read once; the page of
 * that element is then in the page cache, so the measurement is the cost of opening and mapping
 * (header parse, size checks, the mapping of every 1 GiB chunk) and one read, not of the disk.
 * The target is absolute: under 10 ms per call.
 *
 * <ul>
 *   <li>plain: {@code FileChannel.open(path).map(READ_ONLY, 0, size)} and
 *       {@code getFloat(dataOffset + 4 * (12345 * 16384 + 6789))}, the data offset known in
 *       advance (a plain program knows its file's header);
 *   <li>ndprim: {@code Npy.map(path, READ_ONLY, FloatNdArray.TYPE).getFloat(12345, 6789)},
 *       which reads and checks the header first.
 * </ul>
 *
 * <p>TF-Java cannot map a file, so it has no variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Benchmark)
public class W13MapAndRead {
  static final int SIDE = 1 << 14;
  static final long I = 12345;
  static final long J = 6789;
  static final float VALUE = 42.5f;

  /** The shape's side; the unit test shrinks it. */
  public int side = SIDE;

  Path file;
  long dataOffset;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = Files.createTempFile("ndprim-w13-", ".npy");
    FloatNdArray a = Npy.mapNew(file, FloatNdArray.TYPE, Shape.of(side, side));
    a.setFloat(VALUE, I % side, J % side);
    dataOffset = Npy.readHeader(file).dataOffset();
    Verify.same("W13", plain(), VALUE, ndprim());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  @Benchmark
  public float plain() {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
      return map.order(ByteOrder.LITTLE_ENDIAN)
          .getFloat((int) (dataOffset + 4 * ((I % side) * side + J % side)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Benchmark
  public float ndprim() throws IOException {
    return Npy.map(file, Npy.MapMode.READ_ONLY, FloatNdArray.TYPE).getFloat(I % side, J % side);
  }
}
