package org.ndprim.spark.bench;


import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.spark.sql.SparkSession;
import org.ndprim.FloatNdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;

/**
 * The measurement, at a size this machine affords: the row sums of a float32 .npy file of
 * shape (rows, 1024), page cache warm, by (1) one plain Java thread per core over the mapped file,
 * (2) the npy source in local[2], (3) Spark's binaryFile source and parsing its bytes in a map.
 * Not a test: run it by hand (see docs/spark.md, "Performance").
 *
 * <p>Arguments: the file (created if missing) and the number of rows (default 131072: 512 MiB).
 */
public final class RowSumThroughput {
  private RowSumThroughput() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args.length > 0 ? args[0] : "/tmp/rowsum.npy");
    long rows = args.length > 1 ? Long.parseLong(args[1]) : 131072;
    int cols = 1024;
    if (!Files.exists(file)) {
      FloatNdArray a = Npy.mapNew(file, FloatNdArray.TYPE, Shape.of(rows, cols));
      for (long r = 0; r < rows; r++) {
        a.setFloat(r % 7 + 0.5f, r, r % cols);
      }
    }
    NpyHeader h = Npy.readHeader(file);
    long bytes = Files.size(file);
    System.out.printf("file %s: %s, %d MiB%n", file, h.shape(), bytes >> 20);
    for (int round = 0; round < 3; round++) {
      long t0 = System.nanoTime();
      double plain = plainJava(file, h.dataOffset(), rows, cols, 2);
      report("plain Java, 2 threads, mapped", rows, t0, plain);
    }
    SparkSession spark = SparkSession.builder().master("local[2]").appName("rowsum")
        .config("spark.ui.enabled", "false").config("spark.driver.memory", "2g").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    try {
      for (int round = 0; round < 3; round++) {
        long t0 = System.nanoTime();
        // the rows as the source gives them (InternalRow, no conversion to boxed Rows): Spark's
        // own higher-order functions (aggregate(data, ...)) are interpreted, 300 times slower
        double total = spark.read().format("npy").load(file.toString()).select("data")
            .queryExecution().toRdd().toJavaRDD().map(r -> rowSum(r.getArray(0).toFloatArray())).reduce(Double::sum);
        report("npy source, local[2]", rows, t0, total);
      }
      for (int round = 0; round < 2; round++) {
        long t0 = System.nanoTime();
        try {
          double total = spark.read().format("binaryFile").load(file.toString()).select("content")
              .queryExecution().toRdd().toJavaRDD().map(r -> parseAndSum(r.getBinary(0))).reduce(Double::sum);
          report("binaryFile + parsing, local[2]", rows, t0, total);
        } catch (Exception e) {
          System.out.println("binaryFile fails: " + e.getMessage().lines().findFirst().orElse(""));
        }
      }
    } finally {
      spark.stop();
    }
  }

  private static void report(String what, long rows, long t0, double check) {
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf("%-32s %8.2f s %12.0f rows/s  (sum %.1f)%n", what, s, rows / s, check);
  }

  private static double plainJava(Path file, long offset, long rows, int cols, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      Future<?>[] parts = new Future<?>[threads];
      long per = (rows + threads - 1) / threads;
      for (int t = 0; t < threads; t++) {
        long r0 = t * per;
        long r1 = Math.min(rows, r0 + per);
        parts[t] = pool.submit(() -> {
          double total = 0;
          long step = Math.max(1, (1L << 30) / (cols * 4L)); // map at most 1 GiB at a time
          for (long r = r0; r < r1; r += step) {
            long n = Math.min(step, r1 - r);
            MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, offset + r * cols * 4L, n * cols * 4L);
            java.nio.FloatBuffer f = m.order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
            for (long i = 0; i < n; i++) {
              float rowSum = 0;
              for (int c = 0; c < cols; c++) {
                rowSum += f.get((int) (i * cols + c));
              }
              total += rowSum;
            }
          }
          return total;
        });
      }
      double total = 0;
      for (Future<?> f : parts) {
        total += (Double) f.get();
      }
      return total;
    } finally {
      pool.shutdown();
    }
  }

  private static double rowSum(float[] row) {
    float s = 0;
    for (float v : row) {
      s += v;
    }
    return s;
  }

  /** What users do today: the whole file's bytes in one value, parsed in a UDF; the sum of all row sums. */
  private static Double parseAndSum(byte[] content) throws Exception {
    NpyHeader h = Npy.readHeader(new java.io.ByteArrayInputStream(content));
    ByteBuffer b = ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN);
    long n = h.size();
    double total = 0;
    int cols = (int) h.shape().dim(1);
    for (long r = 0; r < n / cols; r++) {
      float rowSum = 0;
      for (int c = 0; c < cols; c++) {
        rowSum += b.getFloat((int) (h.dataOffset() + (r * cols + c) * 4));
      }
      total += rowSum;
    }
    return total;
  }
}
