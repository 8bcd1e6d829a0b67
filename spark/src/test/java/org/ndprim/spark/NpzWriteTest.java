package org.ndprim.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;
import org.ndprim.io.Npz;

/**
 * Writing {@code .npz} archives ({@code option("format", "npz")}), against the archive numpy
 * saved: {@code src/test/resources/golden/npz_write.npz}, made by {@code
 * src/test/python/gen_npz_write_golden.py} (which also checks, given an output directory, that
 * numpy loads what the writer wrote).
 */
class NpzWriteTest extends SparkSessionSupport {
  private static final List<String> MEMBERS = List.of("images", "labels", "scores", "z");

  @TempDir
  Path tmp;
  Path golden;

  @BeforeEach
  void copyGolden() throws Exception {
    golden = tmp.resolve("golden.npz");
    try (InputStream in = NpzWriteTest.class.getResourceAsStream("/golden/npz_write.npz")) {
      Files.copy(in, golden);
    }
  }

  private static List<Path> archives(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".npz")).sorted().toList();
    }
  }

  /** The whole {@code .npy} bytes of a member. */
  private static byte[] memberBytes(Path archive, String name) throws Exception {
    try (Npz npz = Npz.open(archive); InputStream in = npz.member(name).openStream()) {
      return in.readAllBytes();
    }
  }

  @Test
  void onePartitionIsOneArchiveWhoseMembersAreWhatNumpySaved() throws Exception {
    Dataset<Row> df = spark.read().format("npy").load(golden.toString());
    Path out = tmp.resolve("one");
    df.coalesce(1).write().format("npy").option("format", "npz").mode("overwrite").save(out.toString());
    List<Path> parts = archives(out);
    assertThat(parts).hasSize(1);
    assertThat(tree(out)).filteredOn(n -> !n.endsWith(".npz")).containsExactly("_SUCCESS");
    try (Npz npz = Npz.open(parts.get(0))) {
      assertThat(npz.names()).containsExactlyElementsOf(MEMBERS);
      assertThat(npz.members()).noneMatch(Npz.Member::isCompressed); // stored, as np.savez
    }
    for (String m : MEMBERS) {
      assertThat(memberBytes(parts.get(0), m)).as(m).isEqualTo(memberBytes(golden, m));
    }
    // and read back through Spark
    assertThat(spark.read().format("npy").load(parts.get(0).toString()).count()).isEqualTo(6);
  }

  @Test
  void eachPartitionIsOneArchiveOfItsRowsOfEveryMember() throws Exception {
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "80").load(golden.toString());
    int partitions = df.rdd().getNumPartitions();
    assertThat(partitions).isGreaterThan(1);
    Path out = tmp.resolve("many");
    df.write().format("npy").option("format", "npz").mode("overwrite").save(out.toString());
    List<Path> parts = archives(out);
    assertThat(parts).hasSize(partitions);
    for (String m : MEMBERS) {
      ByteArrayOutputStream data = new ByteArrayOutputStream();
      long rows = 0;
      NpyHeader expected;
      byte[] expectedData;
      try (Npz npz = Npz.open(golden); InputStream in = npz.member(m).openStream()) {
        expected = Npy.readHeader(in);
        expectedData = in.readAllBytes();
      }
      for (Path p : parts) {
        try (Npz npz = Npz.open(p); InputStream in = npz.member(m).openStream()) {
          NpyHeader h = Npy.readHeader(in);
          assertThat(h.dtype()).as(m).isEqualTo(expected.dtype());
          assertThat(h.shape().rank()).as(m).isEqualTo(expected.shape().rank());
          for (int d = 1; d < h.shape().rank(); d++) {
            assertThat(h.shape().dim(d)).as(m).isEqualTo(expected.shape().dim(d));
          }
          rows += h.shape().dim(0);
          in.transferTo(data);
        }
      }
      assertThat(rows).as(m).isEqualTo(6);
      assertThat(data.toByteArray()).as(m).isEqualTo(expectedData);
    }
  }

  @Test
  void aFailedTaskLeavesNoArchiveAndBadFormatsAreRefused() throws Exception {
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "80").load(golden.toString());
    UserDefinedFunction boom = functions.udf((UDF1<Long, Long>) i -> {
      if (i == 4) {
        throw new IllegalStateException("task killed at row 4");
      }
      return i;
    }, DataTypes.LongType);
    Path out = tmp.resolve("failed");
    assertThatThrownBy(() -> df.withColumn("checked", boom.apply(col("index"))).write().format("npy")
        .option("format", "npz").mode("overwrite").save(out.toString())).hasStackTraceContaining("task killed at row 4");
    List<String> left = Files.exists(out) ? tree(out) : new ArrayList<>();
    assertThat(left).as("what the failed job left").isEmpty();

    assertThatThrownBy(() -> df.write().format("npy").option("format", "zip").mode("overwrite")
        .save(tmp.resolve("zip").toString())).hasMessageContaining("option 'format' is 'zip', not 'npy' or 'npz'");
    assertThatThrownBy(() -> df.write().format("npy").mode("overwrite").save(tmp.resolve("npy").toString()))
        .hasMessageContaining("several array columns ('images', 'labels')")
        .hasMessageContaining("option 'format' 'npz'");
  }

  @Test
  void columnNamesThatCannotBeMembersAreRefusedBeforeAnyTask() throws Exception {
    Dataset<Row> df = spark.read().format("npy").load(golden.toString());
    Path out = tmp.resolve("names");
    assertThatThrownBy(() -> df.select(col("labels"), col("images").as("labels")).write().format("npy")
        .option("format", "npz").mode("overwrite").save(out.toString()))
        .hasMessageContaining("two array columns are named 'labels'");
    assertThatThrownBy(() -> df.select(col("labels").as("")).write().format("npy")
        .option("format", "npz").mode("overwrite").save(out.toString()))
        .hasMessageContaining("an empty name");
    assertThatThrownBy(() -> df.select(col("labels").as("a/b")).write().format("npy")
        .option("format", "npz").mode("overwrite").save(out.toString()))
        .hasMessageContaining("array column 'a/b' cannot be a .npz member");
    assertThat(Files.exists(out) ? tree(out) : new ArrayList<>()).as("what the refused jobs left").isEmpty();
  }
}
