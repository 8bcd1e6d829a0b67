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
 * shape (rows, 1024), page cache warm, by (1) one plain Java thread per core over the mapped file
 * (and the same with each row copied out first, the ceiling of any row reader), (2) the npy
 * source in local[2]: its row reader, its columnar reader turned into rows by Spark, and its
 * columnar reader's batches consumed as batches, and as ndprim arrays through
 * {@code NdRows.mapArrays} (phase {@code arrays}), (3) Spark's binaryFile source and parsing its
 * bytes in a map.
 * Not a test: run it by hand (see docs/spark.md, "Performance").
 *
 * <p>Arguments: the file (created if missing), the number of rows (default 131072: 512 MiB), the
 * rounds of (1) and (2) (default 3, interleaved), the rounds of (3) (default 2) and the dtype of
 * a file created (default {@code <f4}; {@code <f2}, {@code <V2} or {@code >f4} make a file the
 * source decodes, and then (1) is not run).
 */
public final class RowSumThroughput {
  private RowSumThroughput() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args.length > 0 ? args[0] : "/tmp/rowsum.npy");
    long rows = args.length > 1 ? Long.parseLong(args[1]) : 131072;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    int binaryRounds = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    String dtype = args.length > 4 ? args[4] : "<f4";
    int cols = 1024;
    if (!Files.exists(file) && !dtype.equals("<f4")) {
      // another float dtype (float16, bfloat16, big-endian float32): the source decodes it; no plain phase
      FloatNdArray a = FloatNdArray.TYPE.zeros(Shape.of(rows, cols));
      for (long r = 0; r < rows; r++) {
        a.setFloat(r % 7 + 0.5f, r, r % cols);
      }
      org.ndprim.ScalarType<?> type = Npy.builtInType(dtype).orElseThrow();
      Npy.write(a.astype(type), file, Npy.WriteOptions.DEFAULT.withByteOrder(
          dtype.charAt(0) == '>' ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN));
    }
    if (!Files.exists(file)) {
      FloatNdArray a = Npy.mapNew(file, FloatNdArray.TYPE, Shape.of(rows, cols));
      for (long r = 0; r < rows; r++) {
        a.setFloat(r % 7 + 0.5f, r, r % cols);
      }
    }
    NpyHeader h = Npy.readHeader(file);
    long bytes = Files.size(file);
    System.out.printf("file %s: %s, %d MiB%n", file, h.shape(), bytes >> 20);
    SparkSession spark = SparkSession.builder().master("local[2]").appName("rowsum")
        .config("spark.ui.enabled", "false").config("spark.driver.memory", "2g").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    spark.sparkContext().addSparkListener(new org.apache.spark.scheduler.SparkListener() {
      @Override
      public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
          WORKER_CPU.addAndGet(end.taskMetrics().executorCpuTime() + end.taskMetrics().executorDeserializeCpuTime());
        }
      }
    });
    try {
      // interleaved rounds, so that a busy machine slows every reader alike
      for (int round = 0; round < rounds; round++) {
        cpu0 = OS.getProcessCpuTime();
        WORKER_CPU.set(0);
        long t0 = System.nanoTime();
        if (h.dtype().equals("<f4") && on("plain")) {
          double plain = plainJava(file, h.dataOffset(), rows, cols, 2, false);
          report("plain Java, 2 threads, mapped", rows, t0, plain);
        }
        // the same, each row first copied out of the mapping into a reused Java array in one bulk
        // copy, as any row reader must (Spark copies a row-based scan's rows into UnsafeRows, and
        // an UnsafeArrayData needs its header just before its values, which the file lacks): the
        // ceiling of a row reader, the Spark machinery aside
        if (h.dtype().equals("<f4") && on("plainCopied")) {
          t0 = System.nanoTime();
          double plain = plainJava(file, h.dataOffset(), rows, cols, 2, true);
          report("plain Java, each row copied", rows, t0, plain);
        }
        // the rows as the source gives them (InternalRow, no conversion to boxed Rows), summed where
        // they are, as the plain threads sum the mapped file: Spark's own higher-order functions
        // (aggregate(data, ...)) are interpreted, 300 times slower
        if (on("rows")) {
          t0 = System.nanoTime();
          double total = npy(spark, file, false).queryExecution().toRdd().toJavaRDD()
              .map(r -> rowSum(r.getArray(0))).reduce(Double::sum);
          drain(spark);
          report("npy rows, in place", rows, t0, total);
        }
        if (on("rowsArray")) {
          t0 = System.nanoTime();
          double total = npy(spark, file, false).queryExecution().toRdd().toJavaRDD()
              .map(r -> rowSum(r.getArray(0).toFloatArray())).reduce(Double::sum);
          drain(spark);
          report("npy rows, toFloatArray", rows, t0, total);
        }
        // the columnar reader, its batches turned into rows by Spark (ColumnarToRow), as any
        // row-based consumer gets them
        if (on("columnarRows")) {
          t0 = System.nanoTime();
          double total = npy(spark, file, true).queryExecution().toRdd().toJavaRDD()
              .map(r -> rowSum(r.getArray(0))).reduce(Double::sum);
          drain(spark);
          report("npy columnar->rows, in place", rows, t0, total);
        }
        if (on("columnarRowsArray")) {
          t0 = System.nanoTime();
          double total = npy(spark, file, true).queryExecution().toRdd().toJavaRDD()
              .map(r -> rowSum(r.getArray(0).toFloatArray())).reduce(Double::sum);
          drain(spark);
          report("npy columnar->rows, toFloat[]", rows, t0, total);
        }
        // the columnar reader's batches, consumed as batches (the scan's executeColumnar)
        org.apache.spark.sql.execution.SparkPlan scan = npy(spark, file, true).queryExecution().executedPlan()
            .collectLeaves().head();
        if (on("batches")) {
          t0 = System.nanoTime();
          double total = scan.executeColumnar().toJavaRDD().map(RowSumThroughput::batchSum).reduce(Double::sum);
          drain(spark);
          report("npy columnar batches", rows, t0, total);
        }
        // the same batches as ndprim arrays (NdRows.stack: a view of the mapped window, no copy),
        // each row summed by ndprim's kernel (sum(1), NumPy's float32 sum: its order of additions
        // is ndprim's, not the plain loop's, so another workload, reported beside the others)
        if (on("batchesNdprim")) {
          t0 = System.nanoTime();
          org.apache.spark.sql.types.StructField field = npy(spark, file, true).schema().apply("data");
          double total = scan.executeColumnar().toJavaRDD().map(batch -> {
            org.ndprim.NdArray a = org.ndprim.spark.NdRows.stack(batch, 0, field);
            return (double) ((FloatNdArray) a).sum(1).sum();
          }).reduce(Double::sum);
          drain(spark);
          report("npy batches, NdRows + sum(1)", rows, t0, total);
        }
        // the public API: NdRows.mapArrays over the columnar scan, each batch's column as an
        // ndprim array (a read-only view of the mapped window), each row summed in the plain
        // loop's order of additions (the workload)
        if (on("arrays")) {
          t0 = System.nanoTime();
          double total = org.ndprim.spark.NdRows.mapArrays(npy(spark, file, true), "data", RowSumThroughput::arraySum)
              .reduce(Double::sum);
          drain(spark);
          report("npy NdRows.mapArrays", rows, t0, total);
        }
        // the same, each batch's values first copied to the heap at once, as a reader filling
        // Spark's OnHeapColumnVector would (a lower bound of its cost: the sum reads the array
        // directly, where such a vector's getFloat is the same read behind a call)
        if (on("batchesCopied")) {
          t0 = System.nanoTime();
          double total = scan.executeColumnar().toJavaRDD().map(RowSumThroughput::copiedBatchSum).reduce(Double::sum);
          drain(spark);
          report("npy columnar batches, copied", rows, t0, total);
        }
      }
      for (int round = 0; round < binaryRounds; round++) {
        cpu0 = OS.getProcessCpuTime();
        WORKER_CPU.set(0);
        long t0 = System.nanoTime();
        try {
          double total = spark.read().format("binaryFile").load(file.toString()).select("content")
              .queryExecution().toRdd().toJavaRDD().map(r -> parseAndSum(r.getBinary(0))).reduce(Double::sum);
          drain(spark);
          report("binaryFile + parsing, local[2]", rows, t0, total);
        } catch (Exception e) {
          System.out.println("binaryFile fails: " + e.getMessage().lines().findFirst().orElse(""));
        }
      }
    } finally {
      spark.stop();
    }
  }

  /**
   * Waits until Spark's listeners have seen every finished task, so that the tasks' CPU time is
   * counted in the phase that ran them (listener events arrive asynchronously; the bus is
   * Spark-internal, public in the bytecode, and this harness is not a test).
   */
  private static void drain(SparkSession spark) throws java.util.concurrent.TimeoutException {
    spark.sparkContext().listenerBus().waitUntilEmpty();
  }

  /**
   * Whether a reader runs: all unless the system property {@code rowsum.phases} lists some, e.g.
   * {@code -Drowsum.phases=plain,rows} (plain, plainCopied, rows, rowsArray, columnarRows, columnarRowsArray,
   * batches, batchesNdprim, arrays, batchesCopied), to profile one alone.
   */
  private static boolean on(String phase) {
    String v = System.getProperty("rowsum.phases");
    return v == null || java.util.List.of(v.split(",")).contains(phase);
  }

  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
  private static long cpu0 = OS.getProcessCpuTime();
  /** CPU ns of the workers: the plain threads, or Spark's tasks (their executorCpuTime). */
  private static final java.util.concurrent.atomic.AtomicLong WORKER_CPU = new java.util.concurrent.atomic.AtomicLong();

  /**
   * Prints the wall time, the rows per second, the rows per CPU second of the whole process
   * (every thread, GC and JIT included) and the rows per CPU second of the workers alone (the
   * plain threads, or Spark's tasks as Spark's task metrics count them) since the previous
   * report: on a machine shared with other work, the wall times of successive phases are not
   * comparable; their CPU costs are, and the workers' cost excludes the JIT compiling Spark.
   */
  private static void report(String what, long rows, long t0, double check) {
    double s = (System.nanoTime() - t0) / 1e9;
    long cpu = OS.getProcessCpuTime();
    double cpuS = (cpu - cpu0) / 1e9;
    cpu0 = cpu;
    double workerS = WORKER_CPU.getAndSet(0) / 1e9;
    System.out.printf("%-30s %7.2f s %9.0f rows/s | process %6.2f cpu s %9.0f rows/cpu s"
        + " | workers %6.2f cpu s %9.0f rows/cpu s (sum %.1f)%n",
        what, s, rows / s, cpuS, rows / cpuS, workerS, rows / workerS, check);
  }

  /**
   * The sum of the row sums by {@code threads} plain Java threads over the mapped file, each row
   * summed where it is or ({@code copied}) first copied into a reused array.
   */
  private static double plainJava(Path file, long offset, long rows, int cols, int threads, boolean copied) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      Future<?>[] parts = new Future<?>[threads];
      long per = (rows + threads - 1) / threads;
      for (int t = 0; t < threads; t++) {
        long r0 = t * per;
        long r1 = Math.min(rows, r0 + per);
        parts[t] = pool.submit(() -> {
          long c0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
          double total = 0;
          long step = Math.max(1, (1L << 30) / (cols * 4L)); // map at most 1 GiB at a time
          for (long r = r0; r < r1; r += step) {
            long n = Math.min(step, r1 - r);
            MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, offset + r * cols * 4L, n * cols * 4L);
            java.nio.FloatBuffer f = m.order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
            total += copied ? sumCopied(f, n, cols) : sumInPlace(f, n, cols);
          }
          WORKER_CPU.addAndGet(java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0);
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

  /** The sum of the row sums of {@code rows} rows of {@code cols} values, each summed where it is. */
  private static double sumInPlace(java.nio.FloatBuffer f, long rows, int cols) {
    double total = 0;
    for (long i = 0; i < rows; i++) {
      float rowSum = 0;
      for (int c = 0; c < cols; c++) {
        rowSum += f.get((int) (i * cols + c));
      }
      total += rowSum;
    }
    return total;
  }

  /** The same, each row first copied (in bulk) into a reused array and summed there. */
  private static double sumCopied(java.nio.FloatBuffer f, long rows, int cols) {
    float[] row = new float[cols];
    double total = 0;
    for (long i = 0; i < rows; i++) {
      f.get((int) (i * cols), row);
      float rowSum = 0;
      for (int c = 0; c < cols; c++) {
        rowSum += row[c];
      }
      total += rowSum;
    }
    return total;
  }

  private static org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> npy(SparkSession spark, Path file, boolean columnar) {
    return spark.read().format("npy").option("columnar", Boolean.toString(columnar)).load(file.toString()).select("data");
  }

  /** The sum of the row sums of a batch, each row summed where the batch has it. */
  private static double batchSum(org.apache.spark.sql.vectorized.ColumnarBatch batch) {
    org.apache.spark.sql.vectorized.ColumnVector data = batch.column(0);
    double total = 0;
    for (int r = 0; r < batch.numRows(); r++) {
      total += rowSum(data.getArray(r));
    }
    return total;
  }

  /** The sum of the row sums of a batch, after copying its values to a Java array in one bulk copy. */
  private static double copiedBatchSum(org.apache.spark.sql.vectorized.ColumnarBatch batch) {
    int rows = batch.numRows();
    if (rows == 0) {
      return 0;
    }
    org.apache.spark.sql.vectorized.ColumnVector data = batch.column(0);
    int cols = data.getArray(0).numElements();
    float[] values = data.getChild(0).getFloats(0, rows * cols);
    double total = 0;
    for (int r = 0; r < rows; r++) {
      float s = 0;
      for (int c = 0; c < cols; c++) {
        s += values[r * cols + c];
      }
      total += s;
    }
    return total;
  }

  /** The sum of the row sums of an array (rows, cols), each row summed as the plain loop sums it. */
  private static double arraySum(org.ndprim.NdArray array) {
    FloatNdArray a = (FloatNdArray) array;
    int rows = Math.toIntExact(a.shape().dim(0)); // int coordinates: the getter's index is then affine in them (Layout.storageIndex)
    int cols = Math.toIntExact(a.shape().dim(1));
    double total = 0;
    for (int r = 0; r < rows; r++) {
      float rowSum = 0;
      for (int c = 0; c < cols; c++) {
        rowSum += a.getFloat(r, c);
      }
      total += rowSum;
    }
    return total;
  }

    private static double rowSum(org.apache.spark.sql.catalyst.util.ArrayData row) {
    float s = 0;
    int n = row.numElements();
    for (int i = 0; i < n; i++) {
      s += row.getFloat(i);
    }
    return s;
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
