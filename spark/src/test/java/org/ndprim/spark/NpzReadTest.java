package org.ndprim.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.UInt8NdArray;
import org.ndprim.io.Npz;

class NpzReadTest extends SparkSessionSupport {
  @TempDir
  Path tmp;

  private static Map<String, NdArray> imagesAndLabels(int n) {
    Map<String, NdArray> m = new LinkedHashMap<>();
    m.put("images", Samples.sample(UInt8NdArray.TYPE, Shape.of(n, 4, 4))); // 16 bytes a row
    m.put("labels", Samples.sample(LongNdArray.TYPE, Shape.of(n))); // 8 bytes a row
    return m;
  }

  private static void checkRows(List<Row> rows, Map<String, NdArray> arrays) {
    short[] images = (short[]) arrays.get("images").astype(org.ndprim.ShortNdArray.TYPE).toStorageArray();
    long[] labels = (long[]) arrays.get("labels").toStorageArray();
    assertThat(rows).hasSize(labels.length);
    for (int r = 0; r < rows.size(); r++) {
      Row row = rows.get(r);
      assertThat(row.getLong(row.fieldIndex("index"))).isEqualTo(r);
      List<Short> image = row.getList(row.fieldIndex("images"));
      for (int k = 0; k < 16; k++) {
        assertThat(image.get(k)).isEqualTo(images[16 * r + k]);
      }
      assertThat(row.<Long>getList(row.fieldIndex("labels"))).containsExactly(labels[r]);
    }
  }

  @Test
  void storedMembersAreColumnsSplitByByteRangesInsideTheArchive() throws Exception {
    Path f = tmp.resolve("train.npz");
    Map<String, NdArray> arrays = imagesAndLabels(20);
    Npz.write(f, arrays);
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "48").load(f.toString());
    assertThat(df.schema().fieldNames()).containsExactly("path", "index", "images", "labels");
    assertThat(df.schema().apply("images").metadata().getString(NpyDataSource.DTYPE_METADATA)).isEqualTo("|u1");
    assertThat(df.schema().apply("images").metadata().getLongArray(NpyDataSource.SHAPE_METADATA)).containsExactly(4, 4);
    assertThat(df.rdd().getNumPartitions()).as("24 bytes a row, 2 rows a partition").isEqualTo(10);
    checkRows(df.orderBy("index").collectAsList(), arrays);
    // pruned to one member, still aligned
    assertThat(df.select("index", "labels").filter(col("index").geq(18)).collectAsList())
        .extracting(r -> r.getLong(0) + ":" + r.getList(1)).hasSize(2);
  }

  @Test
  void deflatedMembersAreOnePartition() throws Exception {
    Path f = tmp.resolve("train-compressed.npz");
    Map<String, NdArray> arrays = imagesAndLabels(20);
    Npz.writeCompressed(f, arrays);
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "48").load(f.toString());
    assertThat(df.rdd().getNumPartitions()).isEqualTo(1);
    checkRows(df.orderBy("index").collectAsList(), arrays);
  }

  @Test
  void membersOfDifferentLengthsAndArchivesOfDifferentMembersAreClearErrors() throws Exception {
    Path f = tmp.resolve("bad.npz");
    Map<String, NdArray> arrays = new LinkedHashMap<>();
    arrays.put("images", UInt8NdArray.TYPE.zeros(Shape.of(5, 2)));
    arrays.put("labels", IntNdArray.TYPE.zeros(Shape.of(4)));
    Npz.write(f, arrays);
    assertThatThrownBy(() -> spark.read().format("npy").load(f.toString()))
        .hasMessageContaining("bad.npz: members are not aligned on the first axis: 'images' has 5 rows, 'labels' has 4");

    Path a = tmp.resolve("dir/a.npz");
    Path b = tmp.resolve("dir/b.npz");
    java.nio.file.Files.createDirectories(a.getParent());
    Npz.write(a, imagesAndLabels(3));
    Npz.write(b, Map.of("images", UInt8NdArray.TYPE.zeros(Shape.of(3, 4, 4))));
    assertThatThrownBy(() -> spark.read().format("npy").option("format", "npz").load(a.getParent().toString()))
        .hasMessageContaining("a.npz has members [images, labels]").hasMessageContaining("b.npz has [images]");
  }
}
