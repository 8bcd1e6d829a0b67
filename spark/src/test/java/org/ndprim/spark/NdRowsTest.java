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
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.CharNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.UInt8NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;
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

  /**
   * Runs {@code df}'s scan as batches (its {@code executeColumnar()}, as a consumer of batches
   * gets them) and stacks {@code column} of every batch in the task, which is where its view is
   * valid: one line a batch, "path|first index|dtype|shape|read-only|base64 of np.save's bytes".
   */
  private static List<String> stackedBatches(Dataset<Row> df, String column) {
    StructType schema = df.schema();
    StructField field = schema.apply(column);
    int ordinal = schema.fieldIndex(column);
    int pathAt = schema.fieldIndex("path");
    int indexAt = schema.fieldIndex("index");
    SparkPlan scan = df.queryExecution().executedPlan().collectLeaves().head();
    assertThat(scan.supportsColumnar()).isTrue();
    List<String> out = new ArrayList<>(scan.executeColumnar().toJavaRDD().map(batch -> {
      NdArray a = NdRows.stack(batch, ordinal, field);
      String path = batch.column(pathAt).getUTF8String(0).toString();
      long first = batch.column(indexAt).getLong(0);
      return path + ";" + first + ";" + a.scalarType().dtype() + ";" + a.shape() + ";" + a.isReadOnly() + ";"
          + java.util.Base64.getEncoder().encodeToString(bytes(a));
    }).collect());
    out.sort(null);
    return out;
  }

  /** The rows of {@code column} of one file by the row reader, stacked by {@link NdRows#stack(java.util.Iterator, StructField)}. */
  private static NdArray rowPath(String file, String column) {
    Dataset<Row> df = spark.read().format("npy").load(file).orderBy("index").select(column);
    return NdRows.stack(df.collectAsList().iterator(), df.schema().apply(column));
  }

  /** What a line of {@link #stackedBatches} should be for rows [first, first + n) of {@code whole}. */
  private static String expectedLine(String path, long first, long n, NdArray whole, boolean readOnly) throws Exception {
    NdArray part = whole.subarray(first, first + n);
    return path + ";" + first + ";" + whole.scalarType().dtype() + ";" + part.shape() + ";" + readOnly + ";"
        + java.util.Base64.getEncoder().encodeToString(bytes(part));
  }

  /**
   * Every dtype in both byte orders, a C-order file split into 4 partitions of batches of up to 3
   * rows beside a Fortran-order file (one partition, read whole): each batch's array is the row
   * path's rows, of the file's dtype; read-only views of the mapped file for the dtypes mapped.
   */
  @Test
  void stackOfTheColumnarReadersBatchesIsTheRowPathsArrayForEveryDtype() throws Exception {
    List<String> checked = new ArrayList<>();
    for (String dtype : Npy.builtInDtypes()) {
      ScalarType<?> type = Npy.builtInType(dtype).orElseThrow();
      for (java.nio.ByteOrder order : List.of(java.nio.ByteOrder.LITTLE_ENDIAN, java.nio.ByteOrder.BIG_ENDIAN)) {
        if (order == java.nio.ByteOrder.BIG_ENDIAN && !Samples.hasBigEndian(dtype)) {
          continue;
        }
        String name = dtype.replaceAll("[<>|]", "") + (order == java.nio.ByteOrder.BIG_ENDIAN ? "-be" : "-le");
        Path dir = Files.createDirectories(tmp.resolve("batches-" + name));
        Npy.write(Samples.sample(type, Shape.of(8, 2, 3)), dir.resolve("c.npy"), Samples.options(order));
        Npy.write(Samples.sample(type, Shape.of(5, 2, 3)), dir.resolve("f.npy"), Samples.options(order).withFortranOrder(true));
        String c = "file:" + dir.resolve("c.npy");
        String f = "file:" + dir.resolve("f.npy");
        NdArray cRows = rowPath(c, "data");
        NdArray fRows = rowPath(f, "data");
        assertThat(cRows.scalarType()).as(name).isEqualTo(type);
        Dataset<Row> df = spark.read().format("npy").option("columnar", "true").option("columnarBatchSize", "3")
            .option("maxPartitionBytes", String.valueOf(2 * 6 * type.itemSize())).load(dir.toString());
        boolean mapped = ElementCodec.of(Samples.withOrder(dtype, order)).raw(); // raw local values are mapped
        List<String> expected = new ArrayList<>();
        for (long r = 0; r < 8; r += 2) {
          expected.add(expectedLine(c, r, 2, cRows, mapped)); // partitions of 2 rows: one batch each
        }
        expected.add(expectedLine(f, 0, 3, fRows, false));
        expected.add(expectedLine(f, 3, 2, fRows, false));
        expected.sort(null);
        assertThat(stackedBatches(df, "data")).as(name).isEqualTo(expected);
        checked.add(name);
      }
    }
    assertThat(checked).hasSize(15 + 11);
  }

  /** numpy's archive (uint8, int64, big-endian float32 with NaN and -0.0, complex64): each member of each batch is numpy's rows. */
  @Test
  void stackOfBatchesOfNumpysArchiveIsNumpysRows() throws Exception {
    Path golden = tmp.resolve("golden.npz");
    try (java.io.InputStream in = NdRowsTest.class.getResourceAsStream("/golden/npz_write.npz")) {
      Files.copy(in, golden);
    }
    java.util.Map<String, NdArray> members = Npz.read(golden);
    for (String member : List.of("images", "labels", "scores", "z")) {
      Dataset<Row> df = spark.read().format("npy").option("columnar", "true").option("columnarBatchSize", "2")
          .load(golden.toString());
      NdArray numpys = members.get(member);
      List<String> expected = new ArrayList<>();
      for (long r = 0; r < 6; r += 2) {
        NdArray part = numpys.subarray(r, r + 2);
        expected.add(r + ";" + numpys.scalarType().dtype() + ";" + part.shape() + ";"
            + java.util.Base64.getEncoder().encodeToString(bytes(part)));
      }
      List<String> got = new ArrayList<>();
      for (String line : stackedBatches(df, member)) {
        String[] f = line.split(";");
        got.add(f[1] + ";" + f[2] + ";" + f[3] + ";" + f[5]);
      }
      got.sort(null);
      expected.sort(null);
      assertThat(got).as(member).isEqualTo(expected);
      assertThat(bytes(rowPath("file:" + golden, member))).as(member).isEqualTo(bytes(numpys));
    }
  }

  /**
   * Zero copy: stacking a batch twice gives views of the same memory (a write through the first
   * is seen by the second) for bytes read (big-endian int32) and arrays read whole (Fortran
   * order), and a read-only view of the mapped file for raw values.
   */
  @Test
  void theStackedArrayIsAViewOfTheBatchsMemory() throws Exception {
    IntNdArray ints = (IntNdArray) Samples.sample(IntNdArray.TYPE, Shape.of(6, 4));
    Npy.write(ints, tmp.resolve("be.npy"), Samples.options(java.nio.ByteOrder.BIG_ENDIAN));
    Npy.write(ints, tmp.resolve("fortran.npy"), Npy.WriteOptions.DEFAULT.withFortranOrder(true));
    Npy.write(ints, tmp.resolve("mapped.npy"));
    List<String> got = new ArrayList<>();
    for (String file : List.of("be.npy", "fortran.npy", "mapped.npy")) {
      Dataset<Row> df = spark.read().format("npy").option("columnar", "true").load(tmp.resolve(file).toString());
      StructField field = df.schema().apply("data");
      SparkPlan scan = df.queryExecution().executedPlan().collectLeaves().head();
      got.addAll(scan.executeColumnar().toJavaRDD().map(batch -> {
        IntNdArray a = (IntNdArray) NdRows.stack(batch, 2, field);
        if (a.isReadOnly()) {
          try {
            a.setInt(-7, 1, 2);
            return file + " writable";
          } catch (ReadOnlyArrayException e) {
            return file + " read-only " + a.getInt(1, 2);
          }
        }
        a.setInt(12345, 1, 2);
        IntNdArray again = (IntNdArray) NdRows.stack(batch, 2, field);
        return file + " shared " + again.getInt(1, 2);
      }).collect());
    }
    assertThat(got).containsExactly("be.npy shared 12345", "fortran.npy shared 12345", "mapped.npy read-only " + ints.getInt(1, 2));
  }

  /** Every dtype: an array and a second column make a batch whose rows are unstack's, and stack gives the arrays back. */
  @Test
  void batchOfArraysHasUnstacksRowsAndStacksBackForEveryDtype() throws Exception {
    for (String dtype : Npy.builtInDtypes()) {
      ScalarType<?> type = Npy.builtInType(dtype).orElseThrow();
      NdArray a = Samples.sample(type, Shape.of(5, 2, 3));
      LongNdArray labels = (LongNdArray) Samples.sample(LongNdArray.TYPE, Shape.of(5));
      ColumnarBatch batch = NdRows.batch(a, labels);
      assertThat(batch.numRows()).isEqualTo(5);
      assertThat(batch.numCols()).isEqualTo(2);
      StructField field = NdRows.field("x", a);
      assertThat(batch.column(0).dataType()).as(dtype).isEqualTo(field.dataType());
      org.apache.spark.sql.types.DataType element = ((ArrayType) field.dataType()).elementType();
      List<List<Object>> rows = NdRows.unstack(a);
      for (int r = 0; r < 5; r++) {
        InternalRow row = batch.getRow(r);
        assertThat(canon(row.getArray(0), element)).as(dtype + " row " + r).isEqualTo(canon(rows.get(r)));
        // Spark's copy of the row reads the vector with its bulk getters
        assertThat(canon(row.copy().getArray(0), element)).as(dtype + " row " + r).isEqualTo(canon(rows.get(r)));
        assertThat(row.getArray(1).getLong(0)).isEqualTo(labels.getLong(r));
      }
      NdArray back = NdRows.stack(batch, 0, field);
      assertThat(back.scalarType()).as(dtype).isEqualTo(type);
      assertThat(bytes(back)).as(dtype).isEqualTo(bytes(a));
      assertThat(bytes(NdRows.stack(batch, 1, NdRows.field("labels", labels)))).isEqualTo(bytes(labels));
    }
  }

  private static List<String> canon(ArrayData data, org.apache.spark.sql.types.DataType element) {
    List<Object> values = new ArrayList<>();
    for (Object v : data.toObjectArray(element)) {
      values.add(v instanceof Decimal d ? d.toJavaBigDecimal() : v);
    }
    return canon(values);
  }

  /** Values as strings, floats by their bits (NaN payloads, -0.0). */
  private static List<String> canon(List<Object> values) {
    List<String> out = new ArrayList<>();
    for (Object v : values) {
      out.add(v instanceof Float x ? "f" + Integer.toHexString(Float.floatToRawIntBits(x))
          : v instanceof Double x ? "d" + Long.toHexString(Double.doubleToRawLongBits(x))
          : v instanceof java.math.BigDecimal b ? b.toBigIntegerExact().toString() : v + ":" + v.getClass().getSimpleName());
    }
    return out;
  }

  /**
   * A vector of another source (Spark's {@code OnHeapColumnVector}, as its Parquet reader fills)
   * is copied; bad columns, fields and rows are clear errors.
   */
  @Test
  void otherVectorsAreCopiedAndBadColumnsAreClearErrors() {
    OnHeapColumnVector v = new OnHeapColumnVector(3, DataTypes.createArrayType(DataTypes.FloatType));
    float[] values = new float[18];
    for (int i = 0; i < values.length; i++) {
      values[i] = i * 0.5f - 3;
    }
    v.arrayData().reserve(18);
    v.arrayData().putFloats(0, 18, values, 0);
    for (int r = 0; r < 3; r++) {
      v.putArray(r, 6 * r, 6);
    }
    ColumnarBatch batch = new ColumnarBatch(new ColumnVector[] {v}, 3);
    FloatNdArray expected = FloatNdArray.TYPE.wrapStorage(Shape.of(3, 2, 3), values.clone());
    StructField field = NdRows.field("x", expected);
    FloatNdArray got = (FloatNdArray) NdRows.stack(batch, 0, field);
    assertThat(got.shape()).isEqualTo(Shape.of(3, 2, 3));
    assertThat(got.toStorageArray()).isEqualTo(values);
    got.setFloat(99f, 0, 0, 0);
    assertThat(v.getArray(0).getFloat(0)).as("a copy").isEqualTo(-3f);
    // without metadata: the element type's dtype, rows of the first row's length
    StructField plain = DataTypes.createStructField("x", DataTypes.createArrayType(DataTypes.FloatType), true);
    assertThat(NdRows.stack(batch, 0, plain).shape()).isEqualTo(Shape.of(3, 6));

    assertThatThrownBy(() -> NdRows.stack(batch, 1, field)).hasMessageContaining("column 1 of a batch of 1 columns");
    assertThatThrownBy(() -> NdRows.stack(batch, 0, NdRows.field("x", IntNdArray.TYPE.zeros(Shape.of(3, 6)))))
        .hasMessageContaining("column 'x' is array<int>, but column 0 of the batch holds array<float>");
    assertThatThrownBy(() -> NdRows.stack(batch, 0, NdRows.field("x", FloatNdArray.TYPE.zeros(Shape.of(3, 5)))))
        .hasMessageContaining("column 'x', row 0: the array has 6 values, the row shape needs 5");
    v.putNull(1);
    assertThatThrownBy(() -> NdRows.stack(batch, 0, field)).hasMessageContaining("column 'x', row 1: the array is null");

    ColumnarBatch mine = NdRows.batch(IntNdArray.TYPE.zeros(Shape.of(4, 2, 3)));
    assertThatThrownBy(() -> NdRows.stack(mine, 0, NdRows.field("x", org.ndprim.UInt16NdArray.TYPE.zeros(Shape.of(4, 6)))))
        .hasMessageContaining("column 'x' has dtype '<u2', but column 0 of the batch holds '<i4'");
    assertThatThrownBy(() -> NdRows.stack(mine, 0, NdRows.field("x", IntNdArray.TYPE.zeros(Shape.of(4, 5)))))
        .hasMessageContaining("column 'x' has rows of shape [5], but column 0 of the batch has 6 values a row");
    assertThatThrownBy(() -> NdRows.batch(IntNdArray.TYPE.zeros(Shape.of(4)), IntNdArray.TYPE.zeros(Shape.of(3))))
        .hasMessageContaining("array 1 has 3 rows (shape (3,)), array 0 has 4");
    assertThatThrownBy(() -> NdRows.batch()).hasMessageContaining("at least one array");
    assertThatThrownBy(() -> NdRows.vector(IntNdArray.TYPE.zeros(Shape.of()))).hasMessageContaining("0-d");
  }
}
