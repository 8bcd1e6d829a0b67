package org.ndprim.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;

class NpyWriteTest extends SparkSessionSupport {
  @TempDir
  Path tmp;

  private static List<Path> npyFiles(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".npy")).sorted().toList();
    }
  }

  @Test
  void onePartitionIsOneFileWhoseHeaderHasItsRowCount() throws Exception {
    Path in = tmp.resolve("in.npy");
    NdArray a = Samples.sample(DoubleNdArray.TYPE, Shape.of(100, 3));
    Npy.write(a, in);
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "240").load(in.toString());
    Path out = tmp.resolve("out");
    df.write().format("npy").mode("overwrite").save(out.toString());
    List<Path> parts = npyFiles(out);
    assertThat(parts).hasSize(10);
    assertThat(tree(out)).filteredOn(n -> !n.endsWith(".npy")).containsExactly("_SUCCESS");
    double[] expected = (double[]) a.toStorageArray();
    int at = 0;
    for (Path p : parts) {
      NpyHeader h = Npy.readHeader(p);
      assertThat(h.shape()).isEqualTo(Shape.of(10, 3));
      for (double v : (double[]) Npy.read(p).toStorageArray()) {
        assertThat(Double.doubleToRawLongBits(v)).isEqualTo(Double.doubleToRawLongBits(expected[at++]));
      }
    }
    assertThat(at).isEqualTo(300);
    // and read back through Spark, in order
    assertThat(spark.read().format("npy").load(out.toString()).count()).isEqualTo(100);
  }

  @Test
  void aDataFrameWithoutMetadataWritesItsSparkTypeOrTheDtypeOption() throws Exception {
    StructType schema = new StructType().add("id", DataTypes.IntegerType)
        .add("v", DataTypes.createArrayType(DataTypes.FloatType, false));
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      rows.add(RowFactory.create(i, List.of(i + 0.5f, -i * 1f)));
    }
    Dataset<Row> df = spark.createDataFrame(rows, schema).coalesce(1);
    Path out = tmp.resolve("floats");
    df.write().format("npy").mode("overwrite").save(out.toString());
    NdArray back = Npy.read(npyFiles(out).get(0));
    assertThat(back.scalarType()).isEqualTo(FloatNdArray.TYPE);
    assertThat(back.shape()).isEqualTo(Shape.of(5, 2));
    assertThat((float[]) back.toStorageArray()).containsExactly(0.5f, 0f, 1.5f, -1f, 2.5f, -2f, 3.5f, -3f, 4.5f, -4f);

    Path half = tmp.resolve("half");
    df.write().format("npy").option("dtype", "<f2").mode("overwrite").save(half.toString());
    NdArray h = Npy.read(npyFiles(half).get(0));
    assertThat(h.scalarType()).isEqualTo(Float16NdArray.TYPE);
    assertThat(h.astype(FloatNdArray.TYPE).toStorageArray()).isEqualTo(back.toStorageArray());

    assertThatThrownBy(() -> df.write().format("npy").option("dtype", "<i4").mode("overwrite").save(tmp.resolve("bad").toString()))
        .hasMessageContaining("column 'v' holds float, but dtype '<i4' (from option 'dtype') is read as int");
    assertThatThrownBy(() -> df.select("id").write().format("npy").mode("overwrite").save(tmp.resolve("none").toString()))
        .hasMessageContaining("no array column");
  }

  @Test
  void metadataOfTheWrongTypeIsAClearError() {
    // a row shape stored as a string, a dtype as a long: a bare ClassCastException before
    org.apache.spark.sql.types.Metadata shape = new org.apache.spark.sql.types.MetadataBuilder()
        .putString(NpyDataSource.SHAPE_METADATA, "[2]").build();
    org.apache.spark.sql.types.Metadata dtype = new org.apache.spark.sql.types.MetadataBuilder()
        .putLong(NpyDataSource.DTYPE_METADATA, 4).build();
    for (org.apache.spark.sql.types.Metadata md : List.of(shape, dtype)) {
      StructType schema = new StructType().add("v",
          DataTypes.createArrayType(DataTypes.IntegerType, false), false, md);
      Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create(List.of(1, 2))), schema);
      assertThatThrownBy(() -> df.write().format("npy").mode("overwrite")
          .save(tmp.resolve("md").toString()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("column 'v': metadata '")
          .hasMessageContaining(md == shape ? "is not a long array" : "is not a string");
    }
  }

  @Test
  void rowsOfAnotherLengthThanTheRowShapeAreAnError() {
    StructType schema = new StructType().add("v", DataTypes.createArrayType(DataTypes.IntegerType, false));
    Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create(List.of(1, 2)), RowFactory.create(List.of(3))), schema)
        .coalesce(1);
    assertThatThrownBy(() -> df.write().format("npy").mode("overwrite").save(tmp.resolve("ragged").toString()))
        .hasStackTraceContaining("the array has 1 values, the row shape needs 2");
  }

  @Test
  void aFailedTaskLeavesNoFileAndEmptyPartitionsWriteNone() throws Exception {
    Path in = tmp.resolve("in.npy");
    Npy.write(Samples.sample(DoubleNdArray.TYPE, Shape.of(100, 3)), in);
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "240").load(in.toString());
    UserDefinedFunction boom = functions.udf((UDF1<Long, Long>) i -> {
      if (i == 57) {
        throw new IllegalStateException("task killed at row 57");
      }
      return i;
    }, DataTypes.LongType);
    Path out = tmp.resolve("failed");
    assertThatThrownBy(() -> df.withColumn("checked", boom.apply(col("index"))).write().format("npy")
        .mode("overwrite").save(out.toString())).hasStackTraceContaining("task killed at row 57");
    // the job's failure reaches the driver while its other tasks are still being killed: each
    // deletes its own file when it stops (and the job directory once empty), so wait for them
    long until = System.nanoTime() + 60_000_000_000L;
    while (Files.exists(out) && !tree(out).isEmpty() && System.nanoTime() < until) {
      Thread.sleep(50);
    }
    assertThat(Files.exists(out) ? tree(out) : List.<String>of()).as("what the failed job left").isEmpty();

    Path some = tmp.resolve("some");
    df.filter((FilterFunction<Row>) r -> r.getLong(1) < 25).write().format("npy").mode("overwrite").save(some.toString());
    assertThat(npyFiles(some)).hasSize(3); // rows 0-9, 10-19, 20-24; the 7 empty partitions write nothing
  }

  @Test
  void appendAddsFilesOverwriteReplacesThemAndSparksDefaultModeIsRefused() throws Exception {
    Path in = tmp.resolve("in.npy");
    Npy.write(Samples.sample(DoubleNdArray.TYPE, Shape.of(4, 2)), in);
    Dataset<Row> df = spark.read().format("npy").load(in.toString());
    Path out = tmp.resolve("new");
    df.write().format("npy").mode("append").save(out.toString());
    assertThat(npyFiles(out)).hasSize(1);
    df.write().format("npy").mode("append").save(out.toString());
    assertThat(npyFiles(out)).hasSize(2);
    df.write().format("npy").mode("overwrite").save(out.toString());
    assertThat(npyFiles(out)).hasSize(1);
    // Spark's rule for every DataSource V2 source that writes, not this source's choice
    assertThatThrownBy(() -> df.write().format("npy").save(out.toString()))
        .hasMessageContaining("UNSUPPORTED_DATA_SOURCE_SAVE_MODE");
  }
}
