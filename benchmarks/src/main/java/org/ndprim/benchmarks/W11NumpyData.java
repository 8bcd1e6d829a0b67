package org.ndprim.benchmarks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes W11's full-size data, exactly as the benchmark generates it, to two {@code .npy} files
 * for {@code benchmarks/numpy/w11_numpy_sums.py}, which prints the {@code np.sum} values that
 * {@code src/test/resources/org/ndprim/benchmarks/w11-numpy-sums.txt} records:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.ndprim.benchmarks.W11NumpyData benchmarks/target
 * python3 benchmarks/numpy/w11_numpy_sums.py benchmarks/target \
 *     &gt; benchmarks/src/test/resources/org/ndprim/benchmarks/w11-numpy-sums.txt
 * </pre>
 *
 * <p>The files are {@code w11-float64.npy} ({@code <f8}) and {@code w11-float32.npy}
 * ({@code <f4}), 1-D, C order, {@code .npy} format version 1.0, written here directly (not with
 * ndprim's writer, so that the golden values do not depend on the library under test).
 */
public final class W11NumpyData {
  private W11NumpyData() {}

  /** The full size of W11's data. */
  static final int N = 1 << 25;

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: W11NumpyData OUTPUT_DIRECTORY");
      System.exit(2);
    }
    Path dir = Path.of(args[0]);
    Files.createDirectories(dir);
    double[] d = Data.uniformDoubles(N, W11SumFloat64.SEED);
    ByteBuffer bd = ByteBuffer.allocate(d.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    bd.asDoubleBuffer().put(d);
    write(dir.resolve("w11-float64.npy"), "<f8", d.length, bd);
    float[] f = Data.uniformFloats(N, W11SumFloat32.SEED);
    ByteBuffer bf = ByteBuffer.allocate(f.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    bf.asFloatBuffer().put(f);
    write(dir.resolve("w11-float32.npy"), "<f4", f.length, bf);
  }

  /** One 1-D array in {@code .npy} format 1.0: magic, header padded to 64 bytes, data. */
  static void write(Path file, String descr, int length, ByteBuffer data) throws IOException {
    StringBuilder header = new StringBuilder("{'descr': '" + descr
        + "', 'fortran_order': False, 'shape': (" + length + ",), }");
    while ((10 + header.length() + 1) % 64 != 0) {
      header.append(' ');
    }
    header.append('\n');
    byte[] h = header.toString().getBytes(StandardCharsets.US_ASCII);
    ByteBuffer prefix = ByteBuffer.allocate(10 + h.length).order(ByteOrder.LITTLE_ENDIAN);
    prefix.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1)
        .put((byte) 0).putShort((short) h.length).put(h).flip();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
      while (prefix.hasRemaining()) {
        ch.write(prefix);
      }
      data.rewind();
      while (data.hasRemaining()) {
        ch.write(data);
      }
    }
    System.out.println("wrote " + file + " (" + descr + ", " + length + " elements)");
  }
}
