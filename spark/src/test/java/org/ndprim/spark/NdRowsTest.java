package org.ndprim.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.CharNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.UInt8NdArray;
import org.ndprim.io.Npy;
import org.ndprim.spark.examples.ChannelStats;

class NdRowsTest extends SparkSessionSupport {
  @TempDir
  Path tmp;

  /** Every dtype: array &rarr; rows &rarr; a DataFrame &rarr; rows &rarr; the same array, and the writer writes it as np.save. */
  @Test
  void stackUndoesUnstackThroughADataFrameForEveryDtype() throws Exception {
    for (String dtype : Npy.builtInDtypes()) {
      ScalarType<?> type = Npy.builtInType(dtype).orElseThrow();
      NdArray a = Samples.sample(type, Shape.of(5, 2, 3));
      StructField field = NdRows.field("x", a);
      List<Row> rows = new ArrayList<>();
      for (List<Object> values : NdRows.unstack(a)) {
        rows.add(RowFactory.create(values));
      }
      Dataset<Row> df = spark.createDataFrame(rows, new StructType(new StructField[] {field})).coalesce(1);
      NdArray back = NdRows.stack(df.collectAsList().iterator(), df.schema().apply("x"));
      assertThat(back.scalarType()).as(dtype).isEqualTo(type);
      assertThat(back.shape()).as(dtype).isEqualTo(Shape.of(5, 2, 3));
      assertThat(bytes(back)).as(dtype).isEqualTo(bytes(a));
      if (!List.of("|b1", "<u8", "<f2", "<c16").contains(dtype)) {
        continue; // the writer's every dtype: NpyReadTest; here the helper's odd ones
      }
      Path out = tmp.resolve(dtype.substring(1));
      df.write().format("npy").mode("overwrite").save(out.toString());
      try (var s = Files.list(out)) {
        Path part = s.filter(p -> p.toString().endsWith(".npy")).findFirst().orElseThrow();
        assertThat(Files.readAllBytes(part)).as(dtype).isEqualTo(bytes(a));
      }
    }
  }

  private static byte[] bytes(NdArray a) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    Npy.write(a, out);
    return out.toByteArray();
  }

  @Test
  void badInputIsAClearError() {
    assertThatThrownBy(() -> NdRows.unstack(IntNdArray.TYPE.zeros(Shape.of()))).hasMessageContaining("0-d");
    assertThatThrownBy(() -> NdRows.field("c", CharNdArray.TYPE.zeros(Shape.of(2)))).hasMessageContaining("no Spark mapping");
    StructField ints = NdRows.field("x", IntNdArray.TYPE.zeros(Shape.of(2, 3)));
    List<Row> rows = List.of(RowFactory.create(List.of(1, 2, 3)), RowFactory.create(List.of(1, 2)));
    assertThatThrownBy(() -> NdRows.stack(rows.iterator(), ints))
        .hasMessageContaining("column 'x', row 1: the array has 2 values, the row shape [3] needs 3");
  }

  /** The example of docs/spark.md, against the same statistics computed over the whole array. */
  @Test
  void channelStatsOfUint8ImagesMatchTheWholeArrays() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("images"));
    int files = 3;
    List<NdArray> arrays = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      NdArray images = Samples.sample(UInt8NdArray.TYPE, Shape.of(10 + f, 6, 5, 3));
      Npy.write(images, dir.resolve("batch" + f + ".npy"));
      arrays.add(images);
    }
    double[][] stats = ChannelStats.compute(
        spark.read().format("npy").option("maxPartitionBytes", "1000").load(dir.toString()));
    double[] sum = new double[3];
    double[] squares = new double[3];
    long n = 0;
    for (NdArray a : arrays) {
      double[] v = (double[]) a.astype(DoubleNdArray.TYPE).toStorageArray();
      for (int i = 0; i < v.length; i++) {
        sum[i % 3] += v[i];
        squares[i % 3] += v[i] * v[i];
      }
      n += v.length / 3;
    }
    assertThat(stats[0][0]).isEqualTo(n);
    for (int c = 0; c < 3; c++) {
      double mean = sum[c] / n;
      assertThat(stats[1][c]).isCloseTo(mean, org.assertj.core.data.Offset.offset(1e-9));
      assertThat(stats[2][c]).isCloseTo(Math.sqrt(squares[c] / n - mean * mean), org.assertj.core.data.Offset.offset(1e-9));
    }
  }

  /**
   * The example on the bundled digits (int16, (1797, 8, 8)): the channels are the last axis, the
   * 8 columns of pixels. Expected values from numpy:
   * {@code a = np.load('data/digits.npy').astype(np.float64).reshape(-1, 8); a.mean(0); a.std(0)}.
   */
  @Test
  void channelStatsOfTheBundledDigitsAreNumpys() {
    Path digits = Path.of("..", "data", "digits.npy");
    double[][] stats = ChannelStats.compute(spark.read().format("npy").load(digits.toString()));
    assertThat(stats[0][0]).isEqualTo(14376);
    double[] mean = {3.26933779e-03, 1.53450195e+00, 7.77434613e+00, 9.69469950e+00, 9.79396216e+00,
        7.72732332e+00, 2.43419588e+00, 1.11018364e-01};
    double[] std = {0.09827616, 2.85648282, 6.00720664, 5.69391202, 5.75168865, 5.98840181, 3.95712755,
        0.90724587};
    for (int c = 0; c < 8; c++) {
      assertThat(stats[1][c]).as("mean %d", c).isCloseTo(mean[c], org.assertj.core.data.Offset.offset(1e-8));
      assertThat(stats[2][c]).as("std %d", c).isCloseTo(std[c], org.assertj.core.data.Offset.offset(1e-8));
    }
  }
}
