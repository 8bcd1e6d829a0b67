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
   * path's rows, of the file's dtype; read-only views of the reader's memory (mapped or not).
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
        List<String> expected = new ArrayList<>();
        for (long r = 0; r < 8; r += 2) {
          expected.add(expectedLine(c, r, 2, cRows, true)); // partitions of 2 rows: one batch each; views, read-only
        }
        expected.add(expectedLine(f, 0, 3, fRows, true));
        expected.add(expectedLine(f, 3, 2, fRows, true));
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
   * Zero copy, but no write: the array stacked from each kind of memory the reader serves (bytes
   * read of big-endian int32, decoded uint8, arrays read whole of a Fortran-order file and of a
   * deflated {@code .npz} member, the mapped file) is a read-only view whose elements are the
   * vector's, and a write through it throws instead of diverging from what the vector shows.
   */
  @Test
  void theStackedArrayIsAReadOnlyViewOfTheBatchsMemory() throws Exception {
    IntNdArray ints = (IntNdArray) Samples.sample(IntNdArray.TYPE, Shape.of(6, 4));
    NdArray bytes = Samples.sample(UInt8NdArray.TYPE, Shape.of(6, 4));
    Npy.write(ints, tmp.resolve("be.npy"), Samples.options(java.nio.ByteOrder.BIG_ENDIAN));
    Npy.write(ints, tmp.resolve("fortran.npy"), Npy.WriteOptions.DEFAULT.withFortranOrder(true));
    Npy.write(ints, tmp.resolve("mapped.npy"));
    Npy.write(bytes, tmp.resolve("u1.npy"));
    Npz.writeCompressed(tmp.resolve("deflated.npz"), java.util.Map.of("m", ints));
    List<String> got = new ArrayList<>();
    for (String file : List.of("be.npy", "fortran.npy", "mapped.npy", "u1.npy", "deflated.npz")) {
      String column = file.endsWith(".npz") ? "m" : "data";
      Dataset<Row> df = spark.read().format("npy").option("columnar", "true").load(tmp.resolve(file).toString());
      StructField field = df.schema().apply(column);
      int ordinal = df.schema().fieldIndex(column);
      org.apache.spark.sql.types.DataType element = ((ArrayType) field.dataType()).elementType();
      SparkPlan scan = df.queryExecution().executedPlan().collectLeaves().head();
      got.addAll(scan.executeColumnar().toJavaRDD().map(batch -> {
        NdArray a = NdRows.stack(batch, ordinal, field);
        String written;
        try {
          a.scalarType().copy(a.scalarType().zeros(a.shape()), a);
          written = "writable";
        } catch (ReadOnlyArrayException e) {
          written = "read-only";
        }
        Object fromView = ((IntNdArray) a.astype(IntNdArray.TYPE)).getInt(1, 2);
        Object fromVector = ((Number) batch.column(ordinal).getArray(1).get(2, element)).intValue();
        return file + " " + a.isReadOnly() + " " + written + " " + fromView + " " + fromVector;
      }).collect());
    }
    int i = ints.getInt(1, 2);
    int b = ((IntNdArray) bytes.astype(IntNdArray.TYPE)).getInt(1, 2);
    assertThat(got).containsExactly("be.npy true read-only " + i + " " + i, "fortran.npy true read-only " + i + " " + i,
        "mapped.npy true read-only " + i + " " + i, "u1.npy true read-only " + b + " " + b,
        "deflated.npz true read-only " + i + " " + i);
  }

  /**
   * A batch of {@link NdRows#batch}: stacking a column of a dtype that is its own Spark type
   * gives a read-only view of the vector's values (a write would change what the vector
   * shows); a widened one (uint8) gives a writable copy the vector does not see.
   */
  @Test
  void stackOfNdRowsBatchIsReadOnlyWhenItSharesTheVector() {
    ColumnarBatch b = NdRows.batch(IntNdArray.wrap(Shape.of(2, 2), new int[] {1, 2, 3, 4}));
    IntNdArray s = (IntNdArray) NdRows.stack(b, 0, NdRows.field("c", IntNdArray.TYPE.zeros(Shape.of(2, 2))));
    assertThat(s.isReadOnly()).isTrue();
    assertThatThrownBy(() -> s.fill(99)).isInstanceOf(ReadOnlyArrayException.class);
    assertThat(b.column(0).getArray(0).getInt(0)).isEqualTo(1);
    assertThat(s.getInt(1, 1)).isEqualTo(4);

    UInt8NdArray u = (UInt8NdArray) UInt8NdArray.TYPE.fromLongs(Shape.of(2, 2), new long[] {1, 2, 3, 255});
    ColumnarBatch ub = NdRows.batch(u);
    NdArray copy = NdRows.stack(ub, 0, NdRows.field("u", u));
    assertThat(copy.isReadOnly()).as("a converted copy").isFalse();
    UInt8NdArray.TYPE.copy(UInt8NdArray.TYPE.zeros(Shape.of(2, 2)), copy);
    assertThat(ub.column(0).getArray(1).getShort(1)).isEqualTo((short) 255);
  }

  /**
   * The row shape must be the vector's: a batch of this source's reader (rows (2, 2)) and one of
   * {@link NdRows#batch} (rows (2, 3)) refuse a field whose row shape has their element count
   * but another shape, or no {@code numpy.shape} (rows of shape {@code [length]}); a foreign
   * vector, which has no row shape, takes the field's when the element count matches.
   */
  @Test
  void aFieldsRowShapeMustBeTheVectors() throws Exception {
    Npy.write(IntNdArray.TYPE.fromLongs(Shape.of(3, 2, 2), new long[12]), tmp.resolve("square.npy"));
    Dataset<Row> df = spark.read().format("npy").option("columnar", "true").load(tmp.resolve("square.npy").toString());
    StructField data = df.schema().apply("data");
    List<StructField> liars = List.of(withShape(data, 4), withShape(data, 1, 4), withoutMetadata(data));
    SparkPlan scan = df.queryExecution().executedPlan().collectLeaves().head();
    List<String> got = scan.executeColumnar().toJavaRDD().map(batch -> {
      List<String> out = new ArrayList<>();
      out.add(NdRows.stack(batch, 2, data).shape().toString());
      for (StructField liar : liars) {
        try {
          out.add("accepted " + NdRows.stack(batch, 2, liar).shape());
        } catch (IllegalArgumentException e) {
          out.add(e.getMessage());
        }
      }
      return String.join("|", out);
    }).collect();
    assertThat(got).containsExactly("(3, 2, 2)"
        + "|column 'data' has rows of shape [4], but column 2 of the batch has rows of shape [2, 2]"
        + "|column 'data' has rows of shape [1, 4], but column 2 of the batch has rows of shape [2, 2]"
        + "|column 'data' has rows of shape [4] (no 'numpy.shape' metadata: rows of shape [length]),"
        + " but column 2 of the batch has rows of shape [2, 2]");

    IntNdArray a = IntNdArray.TYPE.zeros(Shape.of(4, 2, 3));
    ColumnarBatch mine = NdRows.batch(a);
    StructField field = NdRows.field("x", a);
    assertThat(NdRows.stack(mine, 0, field).shape()).isEqualTo(Shape.of(4, 2, 3));
    for (StructField liar : List.of(withShape(field, 6), withShape(field, 3, 2), withoutMetadata(field))) {
      assertThatThrownBy(() -> NdRows.stack(mine, 0, liar)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("but column 0 of the batch has rows of shape [2, 3]");
    }

    OnHeapColumnVector v = new OnHeapColumnVector(2, DataTypes.createArrayType(DataTypes.IntegerType));
    v.arrayData().reserve(8);
    v.arrayData().putInts(0, 8, new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 0);
    v.putArray(0, 0, 4);
    v.putArray(1, 4, 4);
    ColumnarBatch other = new ColumnarBatch(new ColumnVector[] {v}, 2);
    assertThat(NdRows.stack(other, 0, withShape(field, 1, 4)).shape()).as("trusted").isEqualTo(Shape.of(2, 1, 4));
    assertThat(NdRows.stack(other, 0, withoutMetadata(field)).shape()).isEqualTo(Shape.of(2, 4));
  }

  private static StructField withShape(StructField f, long... rowShape) {
    org.apache.spark.sql.types.Metadata md = new org.apache.spark.sql.types.MetadataBuilder().withMetadata(f.metadata())
        .putLongArray(NpyDataSource.SHAPE_METADATA, rowShape).build();
    return new StructField(f.name(), f.dataType(), f.nullable(), md);
  }

  private static StructField withoutMetadata(StructField f) {
    org.apache.spark.sql.types.Metadata md = new org.apache.spark.sql.types.MetadataBuilder().withMetadata(f.metadata())
        .remove(NpyDataSource.SHAPE_METADATA).build();
    return new StructField(f.name(), f.dataType(), f.nullable(), md);
  }

  /**
   * Hostile metadata and sizes: a row shape or dtype of the wrong type, a negative length, a
   * row shape whose product overflows, and a vector whose copy cannot fit the heap are clear
   * IllegalArgumentExceptions naming the column, the key, the shape or the bytes.
   */
  @Test
  void hostileMetadataAndSizesAreClearErrors() {
    IntNdArray a = IntNdArray.TYPE.zeros(Shape.of(2, 2, 2));
    ColumnarBatch batch = NdRows.batch(a);
    StructField field = NdRows.field("c", a);
    List<org.apache.spark.sql.types.Metadata> bad = List.of(
        meta(field).putString(NpyDataSource.SHAPE_METADATA, "[2, 2]").build(),
        meta(field).putDoubleArray(NpyDataSource.SHAPE_METADATA, new double[] {2, 2}).build(),
        meta(field).putLong(NpyDataSource.DTYPE_METADATA, 4).build(),
        meta(field).putLongArray(NpyDataSource.SHAPE_METADATA, new long[] {-1, -4}).build(),
        meta(field).putLongArray(NpyDataSource.SHAPE_METADATA, new long[] {1L << 62, 4}).build(),
        meta(field).putLongArray(NpyDataSource.SHAPE_METADATA, new long[] {1L << 30, 4}).build());
    List<String> messages = List.of(
        "column 'c': metadata 'numpy.shape' is not a long array (the row shape)",
        "column 'c': metadata 'numpy.shape' is not a long array (the row shape)",
        "column 'c': metadata 'numpy.dtype' is not a string (the dtype)",
        "column 'c': metadata 'numpy.shape' [-1, -4] has a negative length",
        "column 'c': metadata 'numpy.shape' [4611686018427387904, 4] has more than 2147483639 values a row",
        "column 'c': metadata 'numpy.shape' [1073741824, 4] has more than 2147483639 values a row");
    for (int k = 0; k < bad.size(); k++) {
      StructField f = new StructField("c", field.dataType(), false, bad.get(k));
      assertThatThrownBy(() -> NdRows.stack(batch, 0, f)).as(messages.get(k))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(messages.get(k));
      assertThatThrownBy(() -> NdRows.stack(List.<Row>of().iterator(), f)).as(messages.get(k))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(messages.get(k));
    }

    // a copy that cannot fit the heap is refused before anything is allocated
    long n = Integer.MAX_VALUE - 16;
    org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < 8 * n);
    NdArray huge = LongNdArray.TYPE.zeros(Shape.of()).broadcastTo(Shape.of(1, n));
    assertThatThrownBy(() -> NdRows.vector(huge)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shape (1, " + n + ")").hasMessageContaining((8 * n + 16) + " bytes")
        .hasMessageContaining("more than the maximum heap");
  }

  private static org.apache.spark.sql.types.MetadataBuilder meta(StructField f) {
    return new org.apache.spark.sql.types.MetadataBuilder().withMetadata(f.metadata());
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
        .hasMessageContaining("column 'x' has rows of shape [5], but column 0 of the batch has rows of shape [2, 3]");
    assertThatThrownBy(() -> NdRows.batch(IntNdArray.TYPE.zeros(Shape.of(4)), IntNdArray.TYPE.zeros(Shape.of(3))))
        .hasMessageContaining("array 1 has 3 rows (shape (3,)), array 0 has 4");
    assertThatThrownBy(() -> NdRows.batch()).hasMessageContaining("at least one array");
    assertThatThrownBy(() -> NdRows.vector(IntNdArray.TYPE.zeros(Shape.of()))).hasMessageContaining("0-d");
  }
}
