package org.ndprim.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Array;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.io.Npy;

/**
 * {@link NdRows#mapArrays}: views of the columnar reader's batches for plain columnar scans,
 * stacked copies of the rows for every other plan, with the same rows either way, each exactly
 * once. Which way was taken is visible to the function: a view is read-only, a copy is not.
 */
class MapArraysTest extends SparkSessionSupport {
  @TempDir
  Path tmp;

  /** A row of an array as a string: its dtype, its shape and its values, floats by their bits. */
  private static String row(NdArray a, long r) {
    NdArray one = a.subarray(r, r + 1);
    Object values = one.toStorageArray();
    StringBuilder b = new StringBuilder(one.scalarType().dtype()).append(one.shape()).append(':');
    for (int i = 0; i < Array.getLength(values); i++) {
      Object v = Array.get(values, i);
      b.append(v instanceof Float x ? "f" + Integer.toHexString(Float.floatToRawIntBits(x))
          : v instanceof Double x ? "d" + Long.toHexString(Double.doubleToRawLongBits(x)) : String.valueOf(v)).append(',');
    }
    return b.toString();
  }

  /** Per array: "readOnly rows" followed by its rows ({@link #row}). */
  private static List<List<String>> arrays(Dataset<Row> df, String column, int maxRows) {
    return NdRows.mapArrays(df, column, maxRows, a -> {
      List<String> out = new ArrayList<>();
      out.add(a.isReadOnly() + " " + a.shape().dim(0));
      for (long r = 0; r < a.shape().dim(0); r++) {
        out.add(row(a, r));
      }
      return out;
    }).collect();
  }

  /** The rows of all arrays, sorted (a multiset: a dropped or repeated row shows). */
  private static List<String> rowsOf(List<List<String>> arrays) {
    List<String> out = new ArrayList<>();
    for (List<String> a : arrays) {
      out.addAll(a.subList(1, a.size()));
    }
    out.sort(null);
    return out;
  }

  /** The heads ("readOnly rows") of all arrays. */
  private static List<String> heads(List<List<String>> arrays) {
    List<String> out = new ArrayList<>();
    for (List<String> a : arrays) {
      out.add(a.get(0));
    }
    return out;
  }

  /**
   * Every dtype in both byte orders, a C-order file split into partitions of 2 rows read in
   * batches of up to 3, a Fortran-order file (one partition) and an empty file: the columnar
   * scan (also with the column selected) gives read-only views of at most 2 rows, the row reader
   * and a filter Spark evaluates give writable copies, and all give the rows ndprim's Npy reader
   * reads from the files, each once, of the file's dtype.
   */
  @Test
  void everyDtypeGivesTheFilesRowsColumnarAsViewsAndOtherwiseAsCopies() throws Exception {
    List<String> checked = new ArrayList<>();
    for (String dtype : Npy.builtInDtypes()) {
      ScalarType<?> type = Npy.builtInType(dtype).orElseThrow();
      for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
        if (order == ByteOrder.BIG_ENDIAN && !Samples.hasBigEndian(dtype)) {
          continue;
        }
        String name = dtype.replaceAll("[<>|]", "") + (order == ByteOrder.BIG_ENDIAN ? "-be" : "-le");
        Path dir = Files.createDirectories(tmp.resolve(name));
        Npy.write(Samples.sample(type, Shape.of(9, 2, 3)), dir.resolve("c.npy"), Samples.options(order));
        Npy.write(Samples.sample(type, Shape.of(5, 2, 3)), dir.resolve("f.npy"), Samples.options(order).withFortranOrder(true));
        Npy.write(Samples.sample(type, Shape.of(0, 2, 3)), dir.resolve("e.npy"), Samples.options(order));
        List<String> expected = new ArrayList<>();
        for (String f : List.of("c.npy", "f.npy", "e.npy")) {
          NdArray whole = Npy.read(dir.resolve(f));
          for (long r = 0; r < whole.shape().dim(0); r++) {
            expected.add(row(whole, r));
          }
        }
        expected.sort(null);
        assertThat(expected).as(name).hasSize(14).allMatch(s -> s.startsWith(type.dtype() + "(1, 2, 3)"));
        String partitionBytes = String.valueOf(2 * 6 * type.itemSize());
        Dataset<Row> columnar = spark.read().format("npy").option("columnar", "true").option("columnarBatchSize", "3")
            .option("maxPartitionBytes", partitionBytes).load(dir.toString());
        Dataset<Row> byRows = spark.read().format("npy").option("maxPartitionBytes", partitionBytes).load(dir.toString());
        for (Dataset<Row> df : List.of(columnar, columnar.select("data", "index"))) {
          List<List<String>> got = arrays(df, "data", 2);
          assertThat(rowsOf(got)).as(name).isEqualTo(expected);
          // c.npy: 5 partitions of at most 2 rows; f.npy: one partition of 5 rows, batches of 3 and 2, sliced to 2
          assertThat(heads(got)).as(name).hasSize(5 + 3).allMatch(h -> h.equals("true 2") || h.equals("true 1"));
        }
        for (Dataset<Row> df : List.of(byRows, columnar.filter(col("index").geq(0)))) {
          List<List<String>> got = arrays(df, "data", 2);
          assertThat(rowsOf(got)).as(name).isEqualTo(expected);
          assertThat(heads(got)).as(name).allMatch(h -> h.equals("false 2") || h.equals("false 1"));
        }
        checked.add(name);
      }
    }
    assertThat(checked).hasSize(15 + 11);
  }

  /** The row ids held by each array of {@code df}'s column {@code data}, each row being (id, 2 id). */
  private static List<long[]> ids(Dataset<Row> df, int maxRows) {
    return NdRows.mapArrays(df, "data", maxRows, a -> {
      LongNdArray x = (LongNdArray) a;
      long[] out = new long[(int) x.shape().dim(0) + 1];
      out[0] = a.isReadOnly() ? 1 : 0;
      for (int r = 0; r < x.shape().dim(0); r++) {
        out[r + 1] = x.getLong(r, 0);
        assertThat(x.getLong(r, 1)).isEqualTo(2 * out[r + 1]);
      }
      return out;
    }).collect();
  }

  /**
   * Files of consecutive row ids (an empty one among them): every array holds consecutive rows
   * of one file, at most {@code maxRows}, and together every row exactly once; the fallback
   * (a filter) groups a partition's rows into full chunks but for its last; a filter that drops
   * rows gives exactly the rows it keeps.
   */
  @Test
  void everyRowIsInExactlyOneArrayOfConsecutiveRows() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("ids"));
    long next = 0;
    int[] lengths = {23, 0, 1, 40};
    for (int f = 0; f < lengths.length; f++) {
      long[] v = new long[2 * lengths[f]];
      for (int r = 0; r < lengths[f]; r++) {
        v[2 * r] = next + r;
        v[2 * r + 1] = 2 * (next + r);
      }
      Npy.write(LongNdArray.TYPE.fromLongs(Shape.of(lengths[f], 2), v), dir.resolve("f" + f + ".npy"));
      next += lengths[f];
    }
    long total = next;
    Dataset<Row> columnar = spark.read().format("npy").option("columnar", "true").option("columnarBatchSize", "5")
        .option("maxPartitionBytes", String.valueOf(9 * 16)).load(dir.toString());
    assertThat(columnar.rdd().getNumPartitions()).isEqualTo(3 + 1 + 5); // 9 rows a partition; the empty file has none
    for (int maxRows : new int[] {3, 5, 1000}) {
      check(ids(columnar.select("data"), maxRows), 1, Math.min(maxRows, 5), total, r -> true);
      List<long[]> copies = ids(columnar.filter(col("index").geq(0)), maxRows);
      check(copies, 0, Math.min(maxRows, 9), total, r -> true);
      // full chunks but for each partition's last: no more arrays than partitions plus full chunks
      long full = 0;
      for (long[] a : copies) {
        full += a.length - 1 == Math.min(maxRows, 9) ? 1 : 0;
      }
      assertThat(copies.size() - full).as("partial chunks, maxRows %d", maxRows).isLessThanOrEqualTo(columnar.rdd().getNumPartitions());
    }
    Dataset<Row> even = columnar.filter(col("index").mod(2).equalTo(0));
    List<Long> evenIds = new ArrayList<>();
    for (long[] a : ids(even, 4)) {
      assertThat(a[0]).isZero();
      for (int i = 1; i < a.length; i++) {
        evenIds.add(a[i]);
      }
    }
    evenIds.sort(null);
    List<Long> expected = new ArrayList<>();
    long base = 0;
    for (int length : lengths) {
      for (int r = 0; r < length; r += 2) {
        expected.add(base + r);
      }
      base += length;
    }
    assertThat(evenIds).isEqualTo(expected);
  }

  private static void check(List<long[]> arrays, long readOnly, int maxRows, long total, java.util.function.LongPredicate keep) {
    List<Long> all = new ArrayList<>();
    for (long[] a : arrays) {
      assertThat(a[0]).as("read-only").isEqualTo(readOnly);
      assertThat(a.length - 1).as("rows of an array").isBetween(1, maxRows);
      for (int i = 1; i < a.length; i++) {
        assertThat(a[i]).as("consecutive").isEqualTo(a[1] + i - 1);
        all.add(a[i]);
      }
    }
    all.sort(null);
    List<Long> expected = new ArrayList<>();
    for (long r = 0; r < total; r++) {
      expected.add(r);
    }
    assertThat(all).isEqualTo(expected);
  }

  /**
   * Row sums of float32 files (the harness's workload, at a test's size), in each row's order of
   * additions: the columnar scan's, the row reader's and a filtered scan's are the sums of
   * ndprim's own Npy reading of the files, row for row.
   */
  @Test
  void rowSumsAreThoseOfTheFilesReadByNdprim() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("sums"));
    List<Float> expected = new ArrayList<>();
    int cols = 33;
    for (int f = 0; f < 3; f++) {
      int n = f == 1 ? 0 : 50 + 17 * f;
      FloatNdArray a = (FloatNdArray) Samples.sample(FloatNdArray.TYPE, Shape.of(n, cols));
      Npy.write(a, dir.resolve("f" + f + ".npy"));
      FloatNdArray back = (FloatNdArray) Npy.read(dir.resolve("f" + f + ".npy"));
      for (long r = 0; r < n; r++) {
        float s = 0;
        for (long c = 0; c < cols; c++) {
          s += back.getFloat(r, c);
        }
        expected.add(s);
      }
    }
    expected.sort(null);
    for (String columnar : List.of("true", "false")) {
      Dataset<Row> df = spark.read().format("npy").option("columnar", columnar).option("columnarBatchSize", "7")
          .option("maxPartitionBytes", String.valueOf(20 * cols * 4)).load(dir.toString());
      for (Dataset<Row> d : List.of(df, df.select("data"), df.filter(col("index").lt(1000)))) {
        List<Float> got = new ArrayList<>();
        for (float[] sums : NdRows.mapArrays(d, "data", a -> {
          FloatNdArray x = (FloatNdArray) a;
          float[] out = new float[(int) x.shape().dim(0)];
          for (int r = 0; r < out.length; r++) {
            float s = 0;
            for (int c = 0; c < cols; c++) {
              s += x.getFloat(r, c);
            }
            out[r] = s;
          }
          return out;
        }).collect()) {
          for (float s : sums) {
            got.add(s);
          }
        }
        got.sort(null);
        assertThat(got).as("columnar %s, %s", columnar, d.queryExecution().executedPlan()).isEqualTo(expected);
      }
    }
  }

  /** Which plans are read as batches: plain columnar scans, with columns selected; nothing else. */
  @Test
  void onlyPlainColumnarScansOfThisSourceAreReadAsBatches() throws Exception {
    Npy.write(IntNdArray.TYPE.fromLongs(Shape.of(4, 2), new long[] {1, 2, 3, 4, 5, 6, 7, 8}), tmp.resolve("a.npy"));
    Dataset<Row> columnar = spark.read().format("npy").option("columnar", "true").load(tmp.resolve("a.npy").toString());
    Dataset<Row> rows = spark.read().format("npy").load(tmp.resolve("a.npy").toString());
    for (Dataset<Row> df : List.of(columnar, columnar.select("data"), columnar.select("index", "data"))) {
      assertThat(NdRows.columnarScan(df.queryExecution().executedPlan())).as(df.queryExecution().executedPlan().toString()).isNotNull();
    }
    for (Dataset<Row> df : List.of(rows, rows.select("data"), columnar.filter(col("index").gt(0)), columnar.limit(2),
        columnar.select(col("data").as("x")), columnar.union(columnar), columnar.join(rows, "index"))) {
      assertThat(NdRows.columnarScan(df.queryExecution().executedPlan())).as(df.queryExecution().executedPlan().toString()).isNull();
    }
    // a session's defaults (whole-stage code generation and adaptive execution on): the same choices
    spark.conf().set("spark.sql.codegen.wholeStage", "true");
    spark.conf().set("spark.sql.adaptive.enabled", "true");
    try {
      Dataset<Row> c = spark.read().format("npy").option("columnar", "true").load(tmp.resolve("a.npy").toString());
      assertThat(NdRows.columnarScan(c.select("data").queryExecution().executedPlan()))
          .as(c.select("data").queryExecution().executedPlan().toString()).isNotNull();
      assertThat(NdRows.columnarScan(c.filter(col("index").gt(0)).queryExecution().executedPlan())).isNull();
      assertThat(NdRows.columnarScan(c.join(rows, "index").queryExecution().executedPlan())).isNull();
      assertThat(heads(arrays(c.select("data"), "data", 10))).containsExactly("true 4");
      assertThat(heads(arrays(c.filter(col("index").gt(0)), "data", 10))).containsExactly("false 3");
    } finally {
      spark.conf().set("spark.sql.codegen.wholeStage", "false");
      spark.conf().set("spark.sql.adaptive.enabled", "false");
    }
    // an alias, a limit and a join fall back with the right rows
    assertThat(rowsOf(arrays(columnar.select(col("data").as("x")), "x", 10))).hasSize(4);
    assertThat(rowsOf(arrays(columnar.limit(3), "data", 10))).hasSize(3);
    List<List<String>> joined = arrays(columnar.join(rows.select("index"), "index"), "data", 10);
    assertThat(rowsOf(joined)).isEqualTo(rowsOf(arrays(columnar, "data", 10)));
    assertThat(heads(joined)).allMatch(h -> h.startsWith("false"));
  }

  /** Another source: a DataFrame of NdRows' rows falls back, in chunks, with the field's dtype and row shape. */
  @Test
  void otherSourcesFallBackToStackedRows() {
    NdArray a = IntNdArray.wrap(Shape.of(5, 2, 2), new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19});
    List<Row> rows = new ArrayList<>();
    for (List<Object> values : NdRows.unstack(a)) {
      rows.add(RowFactory.create(values));
    }
    Dataset<Row> df = spark.createDataFrame(rows, new StructType(new StructField[] {NdRows.field("x", a)})).coalesce(1);
    List<String> got = NdRows.mapArrays(df, "x", 2, x -> x.isReadOnly() + " " + x.shape() + " " + ((IntNdArray) x).getInt(0, 1, 1)).collect();
    assertThat(got).containsExactly("false (2, 2, 2) 3", "false (2, 2, 2) 11", "false (1, 2, 2) 19");
  }

  /** A missing or ambiguous column, a column of another type, bad maxRows: clear errors on the driver naming the column and its type. */
  @Test
  void wrongColumnsAreClearErrors() throws Exception {
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(3, 2)), tmp.resolve("a.npy"));
    Dataset<Row> df = spark.read().format("npy").option("columnar", "true").load(tmp.resolve("a.npy").toString());
    assertThatThrownBy(() -> NdRows.mapArrays(df, "nope", a -> 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no column 'nope' among the DataFrame's columns [path, index, data]");
    assertThatThrownBy(() -> NdRows.mapArrays(df, "Data", a -> 1)).hasMessageContaining("no column 'Data'");
    assertThatThrownBy(() -> NdRows.mapArrays(df, "index", a -> 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column 'index' of type bigint is not an array column ndprim maps")
        .hasMessageContaining("not an array column: bigint");
    Dataset<Row> strings = spark.createDataFrame(List.of(RowFactory.create(List.of("a", "b"))),
        new StructType(new StructField[] {DataTypes.createStructField("s", DataTypes.createArrayType(DataTypes.StringType), false)}));
    assertThatThrownBy(() -> NdRows.mapArrays(strings, "s", a -> 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column 's' of type array<string> is not an array column ndprim maps");
    assertThatThrownBy(() -> NdRows.mapArrays(df.select(col("data"), col("data")), "data", a -> 1))
        .hasMessageContaining("column 'data' is ambiguous");
    assertThatThrownBy(() -> NdRows.mapArrays(df, "data", 0, a -> 1)).hasMessageContaining("maxRows must be positive: 0");
  }

  /**
   * Names are matched exactly even where Spark resolves them case-insensitively (its default): a
   * DataFrame with "data" and "DATA" maps either (hostile pass: both were Spark's
   * AMBIGUOUS_REFERENCE).
   */
  @Test
  void columnsDifferingOnlyInCaseAreEachTheirOwn() throws Exception {
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(3, 2)).mapInPlace(x -> 5), tmp.resolve("c.npy"));
    Dataset<Row> df = spark.read().format("npy").load(tmp.resolve("c.npy").toString());
    Dataset<Row> both = df.select(col("data"),
        org.apache.spark.sql.functions.transform(col("data"), x -> x.multiply(2)).as("DATA"));
    assertThat(NdRows.mapArrays(both, "data", a -> ((IntNdArray) a).sum()).collect())
        .containsExactly(30L);
    assertThat(NdRows.mapArrays(both, "DATA", a -> ((IntNdArray) a).sum()).collect())
        .containsExactly(60L);
  }

  /** An empty file alone: no array, no call, either way. */
  @Test
  void anEmptyFileGivesNoArray() throws Exception {
    Npy.write(FloatNdArray.TYPE.zeros(Shape.of(0, 4)), tmp.resolve("e.npy"));
    for (String columnar : List.of("true", "false")) {
      Dataset<Row> df = spark.read().format("npy").option("columnar", columnar).load(tmp.resolve("e.npy").toString());
      assertThat(NdRows.mapArrays(df, "data", a -> {
        throw new AssertionError("called with " + a.shape());
      }).collect()).isEmpty();
    }
  }
}
