package org.ndprim.spark.examples;

import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.ndprim.DoubleNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.spark.NdRows;

/**
 * The example of {@code docs/spark.md}: the mean and the standard deviation (NumPy's
 * {@code std}, {@code ddof=0}) of every channel (the last axis of the rows) of a directory of
 * image {@code .npy} files, e.g. {@code uint8} arrays of shape {@code (n, height, width, 3)}.
 * Each partition's rows become one ndprim array ({@link NdRows#stack}) whose per-channel sums
 * and sums of squares ndprim's kernels compute; the driver adds the partitions' sums.
 */
public final class ChannelStats {
  private ChannelStats() {}

  /**
   * {@return {@code {count, means..., stds...}}: the values per channel, then the channels'
   * means and standard deviations}
   *
   * @param images a DataFrame of the {@code npy} source (its {@code data} column)
   */
  public static double[][] compute(Dataset<Row> images) {
    StructField field = images.schema().apply("data");
    long[] rowShape = field.metadata().getLongArray("numpy.shape");
    int channels = rowShape.length == 0 ? 1 : (int) rowShape[rowShape.length - 1];
    FlatMapFunction<java.util.Iterator<Row>, double[]> partial = rows -> {
      NdArray batch = NdRows.stack(rows, field); // (n, *rowShape), of the files' dtype
      long values = batch.size() / channels;
      DoubleNdArray x = batch.astype(DoubleNdArray.TYPE).reshape(Shape.of(values, channels));
      double[] sums = (double[]) x.sum(0).toStorageArray();
      double[] squares = (double[]) x.map(v -> v * v).sum(0).toStorageArray();
      double[] out = new double[1 + 2 * channels];
      out[0] = values;
      System.arraycopy(sums, 0, out, 1, channels);
      System.arraycopy(squares, 0, out, 1 + channels, channels);
      return List.of(out).iterator();
    };
    double[] total = images.select("data").javaRDD().mapPartitions(partial)
        .reduce((a, b) -> {
          double[] s = a.clone();
          for (int i = 0; i < s.length; i++) {
            s[i] += b[i];
          }
          return s;
        });
    double n = total[0];
    double[] mean = new double[channels];
    double[] std = new double[channels];
    for (int c = 0; c < channels; c++) {
      mean[c] = total[1 + c] / n;
      std[c] = Math.sqrt(Math.max(0, total[1 + channels + c] / n - mean[c] * mean[c]));
    }
    return new double[][] {{n}, mean, std};
  }

  /**
   * Prints the statistics of the {@code .npy} files at a path (a file, a directory or a glob).
   *
   * @param args the path
   */
  public static void main(String[] args) {
    SparkSession spark = SparkSession.builder().master("local[2]").appName("channel-stats")
        .config("spark.ui.enabled", "false").getOrCreate();
    try {
      double[][] s = compute(spark.read().format("npy").load(args[0]));
      System.out.printf("values per channel: %.0f%n", s[0][0]);
      for (int c = 0; c < s[1].length; c++) {
        System.out.printf("channel %d: mean %.4f, std %.4f%n", c, s[1][c], s[2][c]);
      }
    } finally {
      spark.stop();
    }
  }
}
