package org.ndprim.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.ndprim.NdArray;
import org.ndprim.io.NpyFormatException;
import org.ndprim.io.NpyHeader;
import org.ndprim.io.Npz;

/** Reads the members of {@code .npz} archives (local files: ndprim's {@code Npz} reads a file channel). */
final class NpzListing {
  private NpzListing() {}

  static java.nio.file.Path local(String path) {
    URI uri = new Path(path).toUri();
    if (uri.getScheme() != null && !uri.getScheme().equals("file")) {
      throw new IllegalArgumentException(path + ": .npz archives are read from the local file system"
          + " (file:) only; copy it there or convert its members to .npy files");
    }
    return Paths.get(uri.getScheme() == null ? URI.create("file:" + uri.getPath()) : uri);
  }

  /** The members of one archive, as arrays of the source, in the archive's order. */
  static List<NpyFile> members(String path) {
    List<NpyFile> out = new ArrayList<>();
    try (Npz npz = Npz.open(local(path))) {
      for (Npz.Member m : npz.members()) {
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
      List<NpyFile> members = members(s.getPath().toString());
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
  static NdArray readMember(NpyFile f) throws IOException {
    try (Npz npz = Npz.open(local(f.path()))) {
      return npz.member(f.member()).read();
    }
  }
}
