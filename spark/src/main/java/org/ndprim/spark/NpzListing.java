package org.ndprim.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.ndprim.NdArray;
import org.ndprim.io.NpyFormatException;
import org.ndprim.io.NpyHeader;
import org.ndprim.io.Npz;

/**
 * Reads the members of {@code .npz} archives of any Hadoop file system: a local file ({@code file:})
 * through ndprim's {@code Npz.open(Path)} (java.util.zip and a file channel), any other through
 * {@code Npz.open(SeekableByteChannel, String)} over positioned reads of the Hadoop stream
 * ({@link HadoopChannel}). Either way a stored member's data are at a byte offset in the archive
 * (read by ranges, as a {@code .npy} file), a deflated member is read whole.
 */
final class NpzListing {
  private NpzListing() {}

  /**
   * Opens an archive: the local path when its file system is the local one, else a channel over
   * Hadoop's positioned reads, whose messages start with {@code path}.
   */
  static Npz open(Configuration conf, String path) throws IOException {
    Path p = new Path(path);
    FileSystem fs = p.getFileSystem(conf);
    Path qualified = fs.makeQualified(p);
    URI uri = qualified.toUri();
    if ("file".equals(uri.getScheme())) {
      return Npz.open(Paths.get(uri));
    }
    long size = fs.getFileStatus(qualified).getLen();
    FSDataInputStream in = fs.open(qualified);
    return Npz.open(new HadoopChannel(in, size), path); // closes the stream if it fails
  }

  /** The members of one archive, as arrays of the source, in the archive's order. */
  static List<NpyFile> members(Configuration conf, String path) {
    List<NpyFile> out = new ArrayList<>();
    java.util.Map<String, String> columns = new java.util.HashMap<>();
    try (Npz npz = open(conf, path)) {
      for (Npz.Member m : npz.members()) {
        // numpy lists both 'x.npy' and 'x' as x; Spark resolves column names ignoring case
        String other = columns.putIfAbsent(m.name().toLowerCase(java.util.Locale.ROOT), m.entryName());
        if (other != null) {
          throw new IllegalArgumentException(path + ": the members '" + other + "' and '"
              + m.entryName() + "' would both be the column '" + m.name() + "' (Spark's column"
              + " names ignore case)");
        }
        NpyHeader h = m.header();
        long at = m.storedOffset();
        NpyFile f = NpyListing.checked(h, path, m.name(), at < 0 ? -1 : at + h.dataOffset());
        if (m.name().equals(NpyDataSource.PATH_COLUMN) || m.name().equals(NpyDataSource.INDEX_COLUMN)) {
          throw new IllegalArgumentException(f.describe() + ": a member may not be named like the source's"
              + " column '" + m.name() + "'");
        }
        out.add(f);
      }
    } catch (NpyFormatException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(path + ": " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(path + ": the archive has no members");
    }
    NpyFile first = out.get(0);
    for (NpyFile f : out) {
      if (f.rows() != first.rows()) {
        throw new IllegalArgumentException(path + ": members are not aligned on the first axis: '"
            + first.member() + "' has " + first.rows() + " rows, '" + f.member() + "' has " + f.rows());
      }
    }
    return out;
  }

  static NpyTable.Listing listing(Configuration conf, List<FileStatus> files) {
    List<NpyFile[]> groups = new ArrayList<>();
    List<NpyFile> firstArchive = null;
    for (FileStatus s : files) {
      List<NpyFile> members = members(conf, s.getPath().toString());
      if (firstArchive == null) {
        firstArchive = members;
      } else {
        List<String> a = firstArchive.stream().map(NpyFile::member).toList();
        List<String> b = members.stream().map(NpyFile::member).toList();
        if (!a.equals(b)) {
          throw new IllegalArgumentException("archives differ: " + firstArchive.get(0).path() + " has members "
              + a + ", " + members.get(0).path() + " has " + b);
        }
        for (int i = 0; i < a.size(); i++) {
          NpyListing.checkSame(firstArchive.get(i), members.get(i));
        }
      }
      groups.add(members.toArray(new NpyFile[0]));
    }
    List<StructField> fields = new ArrayList<>();
    fields.add(NpyListing.pathField());
    fields.add(NpyListing.indexField());
    for (NpyFile f : firstArchive) {
      fields.add(NpyListing.arrayField(f.member(), f.dtype(), f.rowShape()));
    }
    return new NpyTable.Listing(groups, new StructType(fields.toArray(new StructField[0])));
  }

  /** A member read whole (deflated, or in Fortran order), in C order. */
  static NdArray readMember(Configuration conf, NpyFile f) throws IOException {
    try (Npz npz = open(conf, f.path())) {
      return npz.member(f.member()).read();
    }
  }
}
