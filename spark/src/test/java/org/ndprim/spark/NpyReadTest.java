package org.ndprim.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.BFloat16NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;
import org.ndprim.io.Npy;

class NpyReadTest extends SparkSessionSupport {
  @TempDir
  Path tmp;

  private Dataset<Row> read(Path... paths) {
    String[] s = new String[paths.length];
    for (int i = 0; i < paths.length; i++) {
      s[i] = paths[i].toString();
    }
    return spark.read().format("npy").load(s);
  }

  private static List<Row> sorted(Dataset<Row> df) {
    return df.orderBy(col("path"), col("index")).collectAsList();
  }

  /**
   * A schema given for reading must carry the files' dtype and row shape (its array column's
   * metadata): another or none would read the rows as another shape (hostile pass: a (3, 2) file
   * came back as rows of (2, 3) through NdRows.mapArrays), so it is refused when the scan is
   * planned, naming both; the schema the source infers is taken as is.
   */
  @Test
  void aGivenSchemaMustCarryTheFilesDtypeAndRowShape() throws Exception {
    Path in = tmp.resolve("given.npy");
    Npy.write(Samples.sample(org.ndprim.LongNdArray.TYPE, Shape.of(7, 3, 2)), in,
        Samples.options(ByteOrder.LITTLE_ENDIAN));
    org.apache.spark.sql.types.StructType inferred = read(in).schema();
    List<Row> expected = read(in).orderBy(col("index")).collectAsList();
    assertThat(spark.read().format("npy").schema(inferred).load(in.toString())
        .orderBy(col("index")).collectAsList()).isEqualTo(expected);
    org.apache.spark.sql.types.Metadata wrongShape = new org.apache.spark.sql.types.MetadataBuilder()
        .putString(NpyDataSource.DTYPE_METADATA, "<i8").putLongArray(NpyDataSource.SHAPE_METADATA,
            new long[] {2, 3}).build();
    org.apache.spark.sql.types.Metadata none = org.apache.spark.sql.types.Metadata.empty();
    for (org.apache.spark.sql.types.Metadata md : List.of(wrongShape, none)) {
      StructField[] fields = inferred.fields().clone();
      int at = inferred.fieldIndex("data");
      fields[at] = new StructField("data", fields[at].dataType(), fields[at].nullable(), md);
      org.apache.spark.sql.types.StructType given = new org.apache.spark.sql.types.StructType(fields);
      for (String columnar : List.of("false", "true")) {
        Dataset<Row> df = spark.read().format("npy").schema(given).option("columnar", columnar)
            .load(in.toString());
        assertThatThrownBy(df::collectAsList).as("%s, columnar %s", md.json(), columnar)
            .hasStackTraceContaining("gives column 'data' the metadata " + md.json())
            .hasStackTraceContaining("[3,2]");
        assertThatThrownBy(() -> NdRows.mapArrays(df, "data", a -> a.shape().toString()).collect())
            .hasStackTraceContaining("gives column 'data' the metadata");
      }
    }
  }

  /** Every dtype in both byte orders: the schema, and write-back of a read gives the same bytes. */
  @Test
  void everyDtypeInEitherByteOrderSurvivesReadAndWriteBack() throws Exception {
    List<String> checked = new ArrayList<>();
    for (String dtype : Npy.builtInDtypes()) {
      ScalarType<?> type = Npy.builtInType(dtype).orElseThrow();
      for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
        if (order == ByteOrder.BIG_ENDIAN && !Samples.hasBigEndian(dtype)) {
          continue;
        }
        String name = dtype.replaceAll("[<>|]", "") + (order == ByteOrder.BIG_ENDIAN ? "-be" : "-le");
        Path in = tmp.resolve(name + ".npy");
        Npy.write(Samples.sample(type, Shape.of(7, 2, 3)), in, Samples.options(order));
        Dataset<Row> df = read(in);
        StructField data = df.schema().apply("data");
        // numpy's dtype.str: '>i4', ...; bfloat16's '<V2' is '|V2' (NumPy's void has no byte order)
        assertThat(data.metadata().getString(NpyDataSource.DTYPE_METADATA)).as(name)
            .isEqualTo(dtype.equals("<V2") ? "|V2" : Samples.withOrder(dtype, order));
        assertThat(data.metadata().getLongArray(NpyDataSource.SHAPE_METADATA)).as(name).containsExactly(2, 3);
        Path out = tmp.resolve("out-" + name);
        df.coalesce(1).write().format("npy").mode("overwrite").save(out.toString());
        List<Path> parts = new ArrayList<>();
        try (var s = Files.list(out)) {
          s.filter(p -> p.getFileName().toString().endsWith(".npy")).forEach(parts::add);
        }
        assertThat(parts).as(name).hasSize(1);
        assertThat(Files.readAllBytes(parts.get(0))).as(name + " written back").isEqualTo(Files.readAllBytes(in));
        checked.add(name);
      }
    }
    assertThat(checked).hasSize(15 + 11); // 15 dtypes; all but bool, int8, uint8 and bfloat16 big-endian too
  }

  @Test
  void valuesHaveTheDocumentedSparkTypes() throws Exception {
    Path u8 = tmp.resolve("u8.npy");
    Npy.write(UInt8NdArray.TYPE.fromUnsignedLongs(Shape.of(2), new long[] {0, 255}), u8);
    Row[] rows = (Row[]) read(u8).orderBy("index").collect();
    assertThat(rows[1].<Short>getList(2)).containsExactly((short) 255);
    assertThat(read(u8).schema().apply("data").dataType()).isEqualTo(DataTypes.createArrayType(DataTypes.ShortType, false));

    Path u64 = tmp.resolve("u64.npy");
    Npy.write(UInt64NdArray.TYPE.fromUnsignedLongs(Shape.of(1, 2), new long[] {7, -1}), u64);
    assertThat(read(u64).first().<BigDecimal>getList(2))
        .containsExactly(new BigDecimal("7"), new BigDecimal("18446744073709551615"));

    Path f16 = tmp.resolve("f16.npy");
    Npy.write(Float16NdArray.TYPE.fromDoubles(Shape.of(1, 1), new double[] {1.0 / 3}), f16);
    assertThat(read(f16).first().<Float>getList(2)).containsExactly(0.333251953125f);

    Path bf16 = tmp.resolve("bf16.npy");
    Npy.write(BFloat16NdArray.TYPE.fromDoubles(Shape.of(1, 1), new double[] {1.0 / 3}), bf16);
    assertThat(read(bf16).first().<Float>getList(2)).containsExactly(0.333984375f);

    Path be = tmp.resolve("be.npy");
    Npy.write(IntNdArray.TYPE.fromLongs(Shape.of(1, 2), new long[] {-5, 1 << 20}), be,
        Samples.options(ByteOrder.BIG_ENDIAN));
    assertThat(read(be).first().<Integer>getList(2)).containsExactly(-5, 1 << 20);

    Path c8 = tmp.resolve("c8.npy");
    Npy.write(Complex64NdArray.TYPE.fromComplex(Shape.of(1, 2), new double[] {1, 2, -3, 4.5}), c8);
    Dataset<Row> complex = read(c8);
    assertThat(((ArrayType) complex.schema().apply("data").dataType()).elementType()).isEqualTo(DataTypes.FloatType);
    assertThat(complex.first().<Float>getList(2)).containsExactly(1f, 2f, -3f, 4.5f);
  }

  @Test
  void aCOrderFileSplitsAtRowBoundariesByMaxPartitionBytes() throws Exception {
    Path f = tmp.resolve("rows.npy");
    NdArray a = Samples.sample(DoubleNdArray.TYPE, Shape.of(100, 3)); // 24 bytes a row
    Npy.write(a, f);
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "240").load(f.toString());
    assertThat(df.rdd().getNumPartitions()).isEqualTo(10);
    List<Row> rows = sorted(df);
    assertThat(rows).hasSize(100);
    double[] expected = (double[]) a.toStorageArray();
    for (int r = 0; r < 100; r++) {
      assertThat(rows.get(r).getLong(1)).isEqualTo(r);
      List<Double> values = rows.get(r).getList(2);
      for (int c = 0; c < 3; c++) {
        assertThat(Double.doubleToRawLongBits(values.get(c))).isEqualTo(Double.doubleToRawLongBits(expected[3 * r + c]));
      }
    }
    // the session's spark.sql.files.maxPartitionBytes when no option is given; a row never splits
    spark.conf().set("spark.sql.files.maxPartitionBytes", "50");
    try {
      assertThat(read(f).rdd().getNumPartitions()).isEqualTo(50);
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
    }
    assertThat(read(f).rdd().getNumPartitions()).isEqualTo(1);
  }

  @Test
  void aFortranOrderFileIsOnePartitionInCOrderRows() throws Exception {
    Path f = tmp.resolve("fortran.npy");
    NdArray a = Samples.sample(IntNdArray.TYPE, Shape.of(6, 4));
    Npy.write(a, f, Npy.WriteOptions.DEFAULT.withFortranOrder(true));
    assertThat(Npy.readHeader(f).fortranOrder()).isTrue();
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "16").load(f.toString());
    assertThat(df.rdd().getNumPartitions()).isEqualTo(1);
    List<Row> rows = sorted(df);
    int[] expected = (int[]) a.toStorageArray();
    for (int r = 0; r < 6; r++) {
      assertThat(rows.get(r).<Integer>getList(2))
          .containsExactly(expected[4 * r], expected[4 * r + 1], expected[4 * r + 2], expected[4 * r + 3]);
    }
  }

  @Test
  void directoriesAndGlobsReadEveryFileWithItsPath() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("dir"));
    Npy.write(IntNdArray.TYPE.fromLongs(Shape.of(2, 1), new long[] {1, 2}), dir.resolve("a.npy"));
    Npy.write(IntNdArray.TYPE.fromLongs(Shape.of(3, 1), new long[] {3, 4, 5}), dir.resolve("b.npy"));
    Files.writeString(dir.resolve("notes.txt"), "not an array");
    Files.write(dir.resolve("_hidden.npy"), new byte[] {1});
    List<Row> all = sorted(read(dir));
    assertThat(all).extracting(r -> r.getString(0).replaceAll(".*/", "") + ":" + r.getLong(1) + "=" + r.getList(2))
        .containsExactly("a.npy:0=[1]", "a.npy:1=[2]", "b.npy:0=[3]", "b.npy:1=[4]", "b.npy:2=[5]");
    assertThat(spark.read().format("npy").load(dir + "/b*.npy").count()).isEqualTo(3);
    assertThat(spark.read().format("npy").load(dir + "/a.npy", dir + "/b.npy").count()).isEqualTo(5);
  }

  @Test
  void filesOfDifferentRowShapesOrDtypesAreAnErrorNamingBoth() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("mixed"));
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(2, 3)), dir.resolve("a.npy"));
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(2, 4)), dir.resolve("b.npy"));
    assertThatThrownBy(() -> read(dir).count())
        .hasMessageContaining("a.npy has rows of shape [3] and dtype '<i4'")
        .hasMessageContaining("b.npy has rows of shape [4] and dtype '<i4'");
    Npy.write(DoubleNdArray.TYPE.zeros(Shape.of(2, 3)), dir.resolve("b.npy"));
    assertThatThrownBy(() -> read(dir).count())
        .hasMessageContaining("a.npy").hasMessageContaining("b.npy").hasMessageContaining("'<f8'");
  }

  @Test
  void zeroDArraysTruncatedFilesAndUnmappedDtypesAreClearErrors() throws Exception {
    Path scalar = tmp.resolve("scalar.npy");
    Npy.write(IntNdArray.TYPE.zeros(Shape.of()), scalar);
    assertThatThrownBy(() -> read(scalar)).hasMessageContaining("scalar.npy").hasMessageContaining("0-d array");

    Path full = tmp.resolve("full.npy");
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(10, 10)), full);
    byte[] bytes = Files.readAllBytes(full);
    Path cut = tmp.resolve("cut.npy");
    Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 7));
    assertThatThrownBy(() -> read(cut)).hasMessageContaining("cut.npy").hasMessageContaining("truncated data");
    Path header = tmp.resolve("header.npy");
    Files.write(header, java.util.Arrays.copyOf(bytes, 30));
    assertThatThrownBy(() -> read(header)).hasMessageContaining("header.npy").hasMessageContaining("truncated header");

    Path text = tmp.resolve("text.npy");
    String h = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).replace("'<i4'", "'<U1'");
    Files.write(text, h.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> read(text)).hasMessageContaining("dtype '<U1' has no Spark mapping");
  }

  @Test
  void emptyArraysHaveNoRows() throws Exception {
    Path f = tmp.resolve("empty.npy");
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(0, 3)), f);
    assertThat(read(f).count()).isZero();
    Path g = tmp.resolve("emptyRows.npy");
    Npy.write(IntNdArray.TYPE.zeros(Shape.of(4, 0)), g);
    assertThat(read(g).collectAsList()).extracting(r -> r.getList(2).size()).containsExactly(0, 0, 0, 0);
  }

  @Test
  void indexFiltersAndLimitsReadOnlyTheRowsNeededAndPruningDropsColumns() throws Exception {
    Path f = tmp.resolve("big.npy");
    Npy.write(Samples.sample(IntNdArray.TYPE, Shape.of(1000, 4)), f); // 16 bytes a row
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "160").load(f.toString());
    assertThat(df.rdd().getNumPartitions()).isEqualTo(100);
    Dataset<Row> some = df.filter(col("index").geq(95).and(col("index").lt(125)));
    assertThat(some.rdd().getNumPartitions()).as("partitions of rows [95, 125)").isEqualTo(3);
    assertThat(some.collectAsList()).extracting(r -> r.getLong(1)).hasSize(30).startsWith(95L).endsWith(124L);
    assertThat(df.filter(col("index").isin(3, 7)).count()).isEqualTo(2);
    assertThat(df.filter(col("index").equalTo(999)).rdd().getNumPartitions()).isEqualTo(1);
    assertThat(df.filter(col("index").gt(5000)).count()).isZero();

    Dataset<Row> limited = df.limit(15);
    assertThat(limited.count()).isEqualTo(15);
    assertThat(limited.queryExecution().optimizedPlan().toString() + limited.queryExecution().executedPlan())
        .contains("limit 15");

    Dataset<Row> pruned = df.select("index");
    assertThat(pruned.schema().fieldNames()).containsExactly("index");
    assertThat(pruned.queryExecution().executedPlan().toString()).contains("columns [index]");
    assertThat(pruned.count()).isEqualTo(1000);
  }


  /**
   * The 4 GiB float32 file (2^20, 1024), sparse: 32 partitions with the default 128 MiB,
   * and the last row, beyond 2 GiB, read by a pushed-down index filter.
   */
  @Test
  void aSparse4GiBFilePlans32PartitionsAndReadsItsLastRow() throws Exception {
    Path f = tmp.resolve("big.npy");
    long rows = 1L << 20;
    org.ndprim.FloatNdArray a = Npy.mapNew(f, org.ndprim.FloatNdArray.TYPE, Shape.of(rows, 1024));
    a.setFloat(7.5f, rows - 1, 1023);
    assertThat(Files.size(f)).isGreaterThan(4L << 30);
    Dataset<Row> df = read(f);
    assertThat(df.rdd().getNumPartitions()).isEqualTo(32);
    Dataset<Row> last = df.filter(col("index").equalTo(rows - 1));
    assertThat(last.rdd().getNumPartitions()).isEqualTo(1);
    List<Float> values = last.first().getList(2);
    assertThat(values).hasSize(1024);
    assertThat(values.get(1023)).isEqualTo(7.5f);
    assertThat(values.get(0)).isEqualTo(0f);
  }
}
