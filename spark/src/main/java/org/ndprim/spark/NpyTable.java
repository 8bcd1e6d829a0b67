package org.ndprim.spark;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The files at the paths of one {@code load}/{@code save}: readable and writable. */
final class NpyTable implements SupportsRead, SupportsWrite {
  private final StructType schema;
  private final CaseInsensitiveStringMap options;

  NpyTable(StructType schema, CaseInsensitiveStringMap options) {
    this.schema = schema;
    this.options = options;
  }

  /**
   * What a read finds: one group of arrays per file (a {@code .npy} file's one array, or an
   * archive's members in the order of the schema's array columns) and the schema.
   */
  record Listing(List<NpyFile[]> groups, StructType schema) {}

  static Listing listing(Configuration conf, CaseInsensitiveStringMap options) {
    List<String> paths = NpyListing.paths(options);
    boolean npz = NpyListing.isNpz(options, paths);
    List<FileStatus> files = NpyListing.files(conf, paths, npz ? ".npz" : ".npy");
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no " + (npz ? ".npz" : ".npy") + " files at " + paths);
    }
    if (npz) {
      return NpzListing.listing(conf, files);
    }
    List<NpyFile> arrays = new ArrayList<>();
    for (FileStatus f : files) {
      arrays.add(NpyListing.npyFile(conf, f));
    }
    StructType schema = NpyListing.npySchema(arrays);
    List<NpyFile[]> groups = new ArrayList<>();
    for (NpyFile f : arrays) {
      groups.add(new NpyFile[] {f});
    }
    return new Listing(groups, schema);
  }

  @Override
  public String name() {
    return "npy " + NpyListing.paths(options);
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    return new NpyScanBuilder(schema, scanOptions);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new NpyWriteBuilder(info);
  }
}
