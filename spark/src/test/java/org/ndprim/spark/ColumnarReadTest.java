package org.ndprim.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt8NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;

/** The columnar reader gives exactly the row reader's rows, for every dtype, layout and pushdown. */
class ColumnarReadTest extends SparkSessionSupport {
  @TempDir
  Path tmp;

  private static DataFrameReader reader(boolean columnar) {
    return spark.read().format("npy").option("columnar", Boolean.toString(columnar));
  }

  private static String plan(Dataset<Row> df) {
    return df.queryExecution().executedPlan().toString();
  }

  /**
   * The rows of {@code df} sorted by path and index, after checking the scan is columnar or not as
   * asked, each as a string of its values, floats by their bits (Scala's equality of boxed floats,
   * which {@code Row.equals} uses, finds NaN unequal to itself and -0.0 equal to 0.0).
   */
  private static List<String> rows(Dataset<Row> df, boolean columnar) {
    List<String> out = new ArrayList<>();
    for (Row r : sortedRows(df, columnar)) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < r.size(); i++) {
        Object v = r.get(i);
        b.append(i == 0 ? "" : " | ").append(v instanceof scala.collection.Seq<?> ? canon(r.getList(i)) : String.valueOf(v));
      }
      out.add(b.toString());
    }
    return out;
  }

  private static String canon(List<Object> values) {
    StringBuilder b = new StringBuilder("[");
    for (Object v : values) {
      b.append(v instanceof Float x ? "f" + Integer.toHexString(Float.floatToRawIntBits(x))
          : v instanceof Double x ? "d" + Long.toHexString(Double.doubleToRawLongBits(x)) : v + ":" + v.getClass().getSimpleName())
          .append(' ');
    }
    return b.append(']').toString();
  }

  private static List<Row> sortedRows(Dataset<Row> df, boolean columnar) {
    assertThat(plan(df).contains("ColumnarToRow")).as(plan(df)).isEqualTo(columnar);
    List<String> order = new ArrayList<>();
    for (String f : List.of("path", "index")) {
      if (List.of(df.schema().fieldNames()).contains(f)) {
        order.add(f);
      }
    }
    return df.orderBy(order.stream().map(org.apache.spark.sql.functions::col).toArray(org.apache.spark.sql.Column[]::new))
        .collectAsList();
  }

  /**
   * Every dtype in both byte orders, a C-order file split into 4 partitions of several batches
   * beside a Fortran-order file (one partition, decoded whole): columnar rows equal the row
   * reader's, value for value (Spark's {@code Row.equals} compares floats by their bits but NaN's).
   */
  @Test
  void everyDtypeAndByteOrderReadsTheSameRowsColumnarAsByRows() throws Exception {
    List<String> checked = new ArrayList<>();
    for (String dtype : Npy.builtInDtypes()) {
      ScalarType<?> type = Npy.builtInType(dtype).orElseThrow();
      for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
        if (order == ByteOrder.BIG_ENDIAN && !Samples.hasBigEndian(dtype)) {
          continue;
        }
        String name = dtype.replaceAll("[<>|]", "") + (order == ByteOrder.BIG_ENDIAN ? "-be" : "-le");
        Path dir = Files.createDirectories(tmp.resolve(name));
        NdArray a = Samples.sample(type, Shape.of(8, 2, 3));
        Npy.write(a, dir.resolve("c.npy"), Samples.options(order));
        NdArray f = Samples.sample(type, Shape.of(5, 2, 3));
        Npy.write(f, dir.resolve("f.npy"), Samples.options(order).withFortranOrder(true));
        long rowBytes = 6L * type.itemSize();
        Dataset<Row> byRows = reader(false).option("maxPartitionBytes", String.valueOf(2 * rowBytes)).load(dir.toString());
        Dataset<Row> columnar = reader(true).option("maxPartitionBytes", String.valueOf(2 * rowBytes))
            .option("columnarBatchSize", "1").load(dir.toString());
        assertThat(columnar.rdd().getNumPartitions()).as(name).isEqualTo(4 + 1);
        List<String> expected = rows(byRows, false);
        assertThat(expected).as(name).hasSize(13);
        assertThat(rows(columnar, true)).as(name).isEqualTo(expected);
        // batches of several rows, a partition of several batches
        Dataset<Row> batches = reader(true).option("maxPartitionBytes", String.valueOf(5 * rowBytes))
            .option("columnarBatchSize", "2").load(dir.toString());
        assertThat(rows(batches, true)).as(name).isEqualTo(expected);
        checked.add(name);
      }
    }
    assertThat(checked).hasSize(15 + 11);
  }

  /** The mapped path (float32 in the machine's order, local) in batches of the default size, and {@code uint8} widened. */
  @Test
  void largerFilesInDefaultBatchesMatchTheRowReader() throws Exception {
    for (ScalarType<?> type : List.<ScalarType<?>>of(FloatNdArray.TYPE, UInt8NdArray.TYPE, UInt16NdArray.TYPE)) {
      Path f = tmp.resolve("big-" + type.dtype().substring(1) + ".npy");
      Npy.write(Samples.sample(type, Shape.of(10_000, 7)), f);
      List<String> expected = rows(reader(false).load(f.toString()), false);
      assertThat(rows(reader(true).load(f.toString()), true)).isEqualTo(expected);
      assertThat(rows(reader(true).option("maxPartitionBytes", "40000").load(f.toString()), true)).isEqualTo(expected);
    }
  }

  /** The columnar reader's batches as a consumer of batches sees them: bulk getters equal value getters. */
  @Test
  void batchesServeBulkAndSingleValuesAlike() throws Exception {
    for (ScalarType<?> type : List.<ScalarType<?>>of(FloatNdArray.TYPE, IntNdArray.TYPE, LongNdArray.TYPE,
        org.ndprim.DoubleNdArray.TYPE, org.ndprim.ShortNdArray.TYPE)) {
      Path f = tmp.resolve("bulk-" + type.dtype().substring(1) + ".npy");
      NdArray a = Samples.sample(type, Shape.of(50, 3));
      Npy.write(a, f);
      Dataset<Row> df = reader(true).option("columnarBatchSize", "7").load(f.toString());
      SparkPlan scan = df.queryExecution().executedPlan().children().head();
      assertThat(scan.supportsColumnar()).isTrue();
      List<String> got = scan.executeColumnar().toJavaRDD().flatMap(batch -> describe(batch).iterator()).collect();
      List<String> sorted = new ArrayList<>(got);
      sorted.sort(null);
      assertThat(sorted).hasSize(50);
      List<Row> rows = sortedRows(reader(false).load(f.toString()), false);
      for (int r = 0; r < 50; r++) {
        assertThat(got).contains(String.format("%05d %s", r, rows.get(r).getList(2)));
      }
    }
  }

  /** Each row of a batch as "index [values]", after checking the bulk getter gives the values the single ones do. */
  private static List<String> describe(ColumnarBatch batch) {
    List<String> out = new ArrayList<>();
    for (int r = 0; r < batch.numRows(); r++) {
      InternalRow row = batch.getRow(r);
      org.apache.spark.sql.catalyst.util.ArrayData values = row.getArray(2);
      List<Object> single = new ArrayList<>();
      List<Object> bulk = new ArrayList<>();
      org.apache.spark.sql.types.DataType t = batch.column(2).dataType();
      org.apache.spark.sql.types.DataType e = ((org.apache.spark.sql.types.ArrayType) t).elementType();
      for (int i = 0; i < values.numElements(); i++) {
        single.add(values.get(i, e));
      }
      Object array = switch (e.typeName()) {
        case "float" -> values.toFloatArray();
        case "double" -> values.toDoubleArray();
        case "integer" -> values.toIntArray();
        case "long" -> values.toLongArray();
        default -> values.toShortArray();
      };
      for (int i = 0; i < java.lang.reflect.Array.getLength(array); i++) {
        bulk.add(java.lang.reflect.Array.get(array, i));
      }
      if (!bulk.equals(single)) {
        throw new AssertionError("bulk " + bulk + " != single " + single);
      }
      out.add(String.format("%05d %s", row.getLong(1), single));
    }
    return out;
  }

  @Test
  void npzMembersSplitByByteRangesReadTheSameColumnarAndPruned() throws Exception {
    Path f = tmp.resolve("train.npz");
    Map<String, NdArray> m = new LinkedHashMap<>();
    m.put("images", Samples.sample(UInt8NdArray.TYPE, Shape.of(20, 4, 4)));
    m.put("labels", Samples.sample(LongNdArray.TYPE, Shape.of(20)));
    Npz.write(f, m);
    Dataset<Row> byRows = reader(false).option("maxPartitionBytes", "48").load(f.toString());
    Dataset<Row> columnar = reader(true).option("maxPartitionBytes", "48").load(f.toString());
    assertThat(columnar.rdd().getNumPartitions()).isEqualTo(10);
    assertThat(rows(columnar, true)).isEqualTo(rows(byRows, false)).hasSize(20);
    assertThat(rows(columnar.select("labels", "index"), true)).isEqualTo(rows(byRows.select("labels", "index"), false));
    // deflated: one partition, decoded whole
    Path z = tmp.resolve("deflated.npz");
    Npz.writeCompressed(z, m);
    assertThat(rows(reader(true).load(z.toString()).drop("path"), true)).isEqualTo(rows(byRows.drop("path"), false));
  }

  @Test
  void indexFiltersLimitsAndPruningWorkColumnar() throws Exception {
    Path f = tmp.resolve("big.npy");
    Npy.write(Samples.sample(IntNdArray.TYPE, Shape.of(1000, 4)), f); // 16 bytes a row
    Dataset<Row> df = reader(true).option("maxPartitionBytes", "160").load(f.toString());
    Dataset<Row> rowDf = reader(false).option("maxPartitionBytes", "160").load(f.toString());
    Dataset<Row> some = df.filter(col("index").geq(95).and(col("index").lt(125)));
    assertThat(some.rdd().getNumPartitions()).as("partitions of rows [95, 125)").isEqualTo(3);
    assertThat(sortedRows(some, true)).extracting(r -> r.getLong(1)).hasSize(30).startsWith(95L).endsWith(124L);
    assertThat(rows(some, true)).isEqualTo(rows(rowDf.filter(col("index").geq(95).and(col("index").lt(125))), false));
    assertThat(df.filter(col("index").isin(3, 7)).count()).isEqualTo(2);
    assertThat(df.filter(col("index").equalTo(999)).rdd().getNumPartitions()).isEqualTo(1);
    assertThat(rows(df.filter(col("index").equalTo(999)), true)).isEqualTo(rows(rowDf.filter(col("index").equalTo(999)), false));
    assertThat(df.filter(col("index").gt(5000)).count()).isZero();

    Dataset<Row> limited = df.limit(15);
    assertThat(limited.count()).isEqualTo(15);
    assertThat(plan(limited)).contains("limit 15");
    assertThat(limited.collectAsList()).hasSize(15);

    Dataset<Row> pruned = df.select("index");
    assertThat(plan(pruned)).contains("columns [index]");
    assertThat(sortedRows(pruned, true)).extracting(r -> r.getLong(0)).hasSize(1000).startsWith(0L).endsWith(999L);
    assertThat(rows(df.select("path", "index"), true)).isEqualTo(rows(rowDf.select("path", "index"), false));
  }

  @Test
  void emptyRowsAndEmptyFilesReadColumnar() throws Exception {
    Path f = tmp.resolve("empty.npy");
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(0, 3)), f);
    assertThat(reader(true).load(f.toString()).count()).isZero();
    Path g = tmp.resolve("emptyRows.npy");
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(4, 0)), g);
    assertThat(sortedRows(reader(true).load(g.toString()), true)).extracting(r -> r.getList(2).size()).containsExactly(0, 0, 0, 0);
  }

  @Test
  void theColumnarOptionsAreCheckedAndRowsAreTheDefault() throws Exception {
    Path f = tmp.resolve("a.npy");
    Npy.write(Samples.sample(IntNdArray.TYPE, Shape.of(3, 2)), f);
    assertThat(plan(spark.read().format("npy").load(f.toString()))).doesNotContain("ColumnarToRow");
    assertThat(plan(reader(false).load(f.toString()))).doesNotContain("ColumnarToRow");
    assertThat(plan(reader(true).load(f.toString()))).contains("ColumnarToRow");
    assertThat(plan(spark.read().format("npy").option("COLUMNAR", "TRUE").load(f.toString()))).contains("ColumnarToRow");
    // trimmed, as columnarBatchSize is
    assertThat(plan(spark.read().format("npy").option("columnar", " true ").load(f.toString()))).contains("ColumnarToRow");
    assertThatThrownBy(() -> spark.read().format("npy").option("columnar", "yes").load(f.toString()).collectAsList())
        .hasMessageContaining("option columnar must be true or false, got 'yes'");
    assertThatThrownBy(() -> reader(true).option("columnarBatchSize", "0").load(f.toString()).collectAsList())
        .hasMessageContaining("option columnarBatchSize must be a positive int (rows), got '0'");
    assertThatThrownBy(() -> reader(true).option("columnarBatchSize", "many").load(f.toString()).collectAsList())
        .hasMessageContaining("option columnarBatchSize must be a positive int (rows), got 'many'");
  }

  /** The batch size means nothing to the row reader: not checked when rows are read (the default, or said). */
  @Test
  void theBatchSizeIsCheckedOnlyWhenBatchesAreRead() throws Exception {
    Path f = tmp.resolve("b.npy");
    Npy.write(Samples.sample(IntNdArray.TYPE, Shape.of(3, 2)), f);
    List<String> expected = rows(reader(false).load(f.toString()), false);
    assertThat(expected).hasSize(3);
    for (String size : List.of("0", "-5", "many")) {
      assertThat(rows(reader(false).option("columnarBatchSize", size).load(f.toString()), false)).as(size).isEqualTo(expected);
      assertThat(rows(spark.read().format("npy").option("columnarBatchSize", size).load(f.toString()), false))
          .as(size).isEqualTo(expected);
      assertThatThrownBy(() -> reader(true).option("columnarBatchSize", size).load(f.toString()).collectAsList())
          .as(size).hasMessageContaining("option columnarBatchSize must be a positive int (rows), got '" + size + "'");
    }
  }
}
