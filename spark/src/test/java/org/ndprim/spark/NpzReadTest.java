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

    // two members that would be one column (hostile pass: Spark's INTERNAL_ERROR_ATTRIBUTE_NOT_FOUND)
    Path c = tmp.resolve("case.npz");
    Map<String, NdArray> clash = new LinkedHashMap<>();
    clash.put("x", IntNdArray.TYPE.zeros(Shape.of(3)));
    clash.put("X", IntNdArray.TYPE.zeros(Shape.of(3)));
    Npz.write(c, clash);
    assertThatThrownBy(() -> spark.read().format("npy").load(c.toString()).collectAsList())
        .hasMessageContaining("case.npz: the members 'x.npy' and 'X.npy' would both be the column 'X'");
  }

  // ------------------------------------------------ archives of another Hadoop file system

  /** The archive's URI in {@link OtherFileSystem}, registered with the session. */
  private static String other(Path f) {
    OtherFileSystem.register(spark.sparkContext().hadoopConfiguration());
    return OtherFileSystem.uri(f);
  }

  @Test
  void storedMembersOfAnotherFileSystemAreSplitByByteRangesInsideTheArchive() throws Exception {
    Path f = tmp.resolve("train.npz");
    Map<String, NdArray> arrays = imagesAndLabels(20);
    Npz.write(f, arrays);
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "48").load(other(f));
    assertThat(df.rdd().getNumPartitions()).as("24 bytes a row, 2 rows a partition").isEqualTo(10);
    List<Row> rows = df.orderBy("index").collectAsList();
    checkRows(rows, arrays);
    assertThat(rows.get(0).getString(rows.get(0).fieldIndex("path"))).startsWith(OtherFileSystem.SCHEME + ":");
    // the columnar reader too
    Dataset<Row> columnar = spark.read().format("npy").option("maxPartitionBytes", "48").option("columnar", "true")
        .load(other(f));
    checkRows(columnar.orderBy("index").collectAsList(), arrays);
  }

  @Test
  void deflatedMembersOfAnotherFileSystemAreOnePartition() throws Exception {
    Path f = tmp.resolve("train-compressed.npz");
    Map<String, NdArray> arrays = imagesAndLabels(20);
    Npz.writeCompressed(f, arrays);
    int opened = OtherFileSystem.OPENED.get();
    Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "48").load(other(f));
    assertThat(df.rdd().getNumPartitions()).isEqualTo(1);
    checkRows(df.orderBy("index").collectAsList(), arrays);
    assertThat(OtherFileSystem.OPENED.get()).as("archives opened through the file system").isGreaterThan(opened);
  }

  @Test
  void zip64ArchivesOfAnotherFileSystemAreSplitAsLocalOnes() throws Exception {
    Map<String, NdArray> arrays = imagesAndLabels(20);
    for (boolean compressed : new boolean[] {false, true}) {
      Path plain = tmp.resolve("plain.npz");
      Npz.write(plain, arrays, compressed, org.ndprim.io.Npy.WriteOptions.DEFAULT);
      Path f = tmp.resolve(compressed ? "zip64-compressed.npz" : "zip64.npz");
      java.nio.file.Files.write(f, zip64(java.nio.file.Files.readAllBytes(plain)));
      assertThat(Npz.read(f)).as("java.util.zip reads the rewritten archive").isEqualTo(arrays);
      Dataset<Row> local = spark.read().format("npy").option("maxPartitionBytes", "48").load(f.toString());
      Dataset<Row> df = spark.read().format("npy").option("maxPartitionBytes", "48").load(other(f));
      assertThat(df.rdd().getNumPartitions()).isEqualTo(local.rdd().getNumPartitions()).isEqualTo(compressed ? 1 : 10);
      checkRows(df.orderBy("index").collectAsList(), arrays);
      checkRows(local.orderBy("index").collectAsList(), arrays);
    }
  }

  @Test
  void truncatedOrLyingArchivesOfAnotherFileSystemAreClearErrorsNamingTheFile() throws Exception {
    Path good = tmp.resolve("good.npz");
    Npz.writeCompressed(good, imagesAndLabels(20));
    byte[] zip = java.nio.file.Files.readAllBytes(good);

    Path cut = tmp.resolve("cut.npz");
    java.nio.file.Files.write(cut, java.util.Arrays.copyOf(zip, zip.length - 30));
    assertThatThrownBy(() -> spark.read().format("npy").load(other(cut)))
        .hasMessageContaining(other(cut) + ": not a readable .npz file (zip archive): ");

    // the CRC-32 of 'labels' in the central directory: checked when the deflated member is read
    byte[] badCrc = zip.clone();
    int cen = lastSignature(badCrc, 0x02014b50);
    badCrc[cen + 16] ^= 1;
    Path crc = tmp.resolve("crc.npz");
    java.nio.file.Files.write(crc, badCrc);
    assertThatThrownBy(() -> spark.read().format("npy").load(other(crc)).collectAsList())
        .hasMessageContaining(other(crc) + ": member 'labels.npy': bad CRC-32: the data give");

    // a stored member whose local header is not where the directory says
    Path stored = tmp.resolve("stored.npz");
    Npz.write(stored, imagesAndLabels(20));
    byte[] moved = java.nio.file.Files.readAllBytes(stored);
    int last = lastSignature(moved, 0x02014b50);
    java.nio.ByteBuffer.wrap(moved).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(last + 42, 7);
    Path lying = tmp.resolve("lying.npz");
    java.nio.file.Files.write(lying, moved);
    assertThatThrownBy(() -> spark.read().format("npy").load(other(lying)))
        .hasMessageContaining(other(lying) + ": member 'labels.npy': no local header at offset 7");
  }

  private static int lastSignature(byte[] b, int signature) {
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (int i = b.length - 4; i >= 0; i--) {
      if (buf.getInt(i) == signature) {
        return i;
      }
    }
    throw new AssertionError("no signature " + Integer.toHexString(signature));
  }

  /**
   * The archive as a writer of members over 4 GiB writes it: every central record's sizes and
   * local-header offset in a zip64 extra field (0xffffffff in their places), and a zip64 end
   * record and locator before the end record, whose counts, size and offset are then 0xffff and
   * 0xffffffff.
   */
  static byte[] zip64(byte[] zip) {
    java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(zip).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int end = lastSignature(zip, 0x06054b50);
    int count = in.getShort(end + 10) & 0xffff;
    int cenStart = in.getInt(end + 16);
    java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(zip.length + 28 * count + 56 + 20)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    out.put(zip, 0, cenStart);
    int p = cenStart;
    for (int i = 0; i < count; i++) {
      int nameLength = in.getShort(p + 28) & 0xffff;
      int extraLength = in.getShort(p + 30) & 0xffff;
      int commentLength = in.getShort(p + 32) & 0xffff;
      long csize = in.getInt(p + 20) & 0xffffffffL;
      long usize = in.getInt(p + 24) & 0xffffffffL;
      long offset = in.getInt(p + 42) & 0xffffffffL;
      int at = out.position();
      out.put(zip, p, 46 + nameLength + extraLength);
      out.putInt(at + 20, -1).putInt(at + 24, -1).putInt(at + 42, -1);
      out.putShort(at + 6, (short) 45); // version needed: zip64
      out.putShort(at + 30, (short) (extraLength + 28));
      out.putShort((short) 1).putShort((short) 24).putLong(usize).putLong(csize).putLong(offset);
      out.put(zip, p + 46 + nameLength + extraLength, commentLength);
      p += 46 + nameLength + extraLength + commentLength;
    }
    long cenLength = out.position() - cenStart;
    long end64 = out.position();
    out.putInt(0x06064b50).putLong(44).putShort((short) 45).putShort((short) 45).putInt(0).putInt(0)
        .putLong(count).putLong(count).putLong(cenLength).putLong(cenStart);
    out.putInt(0x07064b50).putInt(0).putLong(end64).putInt(1);
    int newEnd = out.position();
    out.put(zip, end, zip.length - end);
    out.putShort(newEnd + 8, (short) -1).putShort(newEnd + 10, (short) -1).putInt(newEnd + 12, -1).putInt(newEnd + 16, -1);
    return java.util.Arrays.copyOf(out.array(), out.position());
  }
}
