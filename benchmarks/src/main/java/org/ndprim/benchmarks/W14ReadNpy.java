package org.ndprim.benchmarks;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
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
 * W14 (issue 18, item 24): read a 256 MiB {@code float64} {@code .npy} file of shape
 * {@code (4096, 8192)} into the heap, as {@code np.load(path)}. The file is written once per
 * trial (by {@code Npy.write}, in the temporary directory) and read once in setup, so it is in
 * the page cache: the measurement is the copy from the page cache and the decoding, not the disk.
 * Target: ndprim ≤ 1.1× plain.
 *
 * <ul>
 *   <li>plain: {@code FileChannel.read} of 64 KiB at a time into one heap {@code ByteBuffer} in
 *       little-endian order, and {@code asDoubleBuffer().get} of each into a new
 *       {@code double[]}, from the data offset known in advance (a plain program knows its file's
 *       header);
 *   <li>ndprim: {@code Npy.read(path, DoubleNdArray.TYPE)}, which reads and checks the header
 *       first.
 * </ul>
 *
 * <p>TF-Java reads no {@code .npy} file, so it has no variant. Setup compares the two results
 * element for element.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W14ReadNpy {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {4096, 8192};

  Path file;
  long dataOffset;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = Files.createTempFile("ndprim-w14-", ".npy");
    double[] data = Data.smallIntDoubles(Data.toIntSize(dims[0], dims[1]), 14);
    Npy.write(DoubleNdArray.wrap(Shape.of(dims[0], dims[1]), data), file);
    dataOffset = Npy.readHeader(file).dataOffset();
    Verify.plainIs("W14", "the data written", data, plain());
    Verify.variant("W14", "ndprim", data, ndprim().toArray());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  @Benchmark
  public double[] plain() {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      double[] out = new double[Math.toIntExact((channel.size() - dataOffset) / Double.BYTES)];
      ByteBuffer chunk = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
      channel.position(dataOffset);
      for (int done = 0; done < out.length; ) {
        chunk.clear().limit(Math.min(chunk.capacity(), (out.length - done) * Double.BYTES));
        while (chunk.hasRemaining()) {
          if (channel.read(chunk) < 0) {
            throw new EOFException(file + " ends early");
          }
        }
        chunk.flip();
        int n = chunk.remaining() / Double.BYTES;
        chunk.asDoubleBuffer().get(out, done, n);
        done += n;
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Benchmark
  public DoubleNdArray ndprim() throws IOException {
    return Npy.read(file, DoubleNdArray.TYPE);
  }
}
