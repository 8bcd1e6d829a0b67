package org.ndprim.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyFormatException;
import org.ndprim.io.NpyHeader;

/** Finds the files of a read (paths, directories, globs) and reads their headers on the driver. */
final class NpyListing {
  private NpyListing() {}

  /** The paths of {@code load(path)} ({@code "path"}) and {@code load(paths...)} ({@code "paths"}, a JSON list). */
  static List<String> paths(CaseInsensitiveStringMap options) {
    List<String> out = new ArrayList<>();
    String one = options.get("path");
    if (one != null) {
      out.add(one);
    }
    String many = options.get("paths");
    if (many != null) {
      try {
        out.addAll(Arrays.asList(new ObjectMapper().readValue(many, String[].class)));
      } catch (IOException e) {
        throw new IllegalArgumentException("option 'paths' is not a JSON list of strings: " + many, e);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no path given: use load(path) or load(paths...)");
    }
    return out;
  }

  /**
   * The {@code .npy} (or {@code .npz}) files named: a file as is, a directory as the files in it
   * with the extension (not those whose name starts with {@code _} or {@code .}), a glob as what
   * it matches, in path order within each argument.
   */
  static List<FileStatus> files(Configuration conf, List<String> paths, String extension) {
    List<FileStatus> out = new ArrayList<>();
    try {
      for (String p : paths) {
        Path path = new Path(p);
        FileSystem fs = path.getFileSystem(conf);
        FileStatus[] matched = fs.globStatus(path);
        if (matched == null || matched.length == 0) {
          throw new FileNotFoundException("path does not exist: " + p);
        }
        List<FileStatus> found = new ArrayList<>();
        for (FileStatus s : matched) {
          if (s.isDirectory()) {
            for (FileStatus c : fs.listStatus(s.getPath())) {
              String name = c.getPath().getName();
              if (c.isFile() && name.endsWith(extension) && !name.startsWith("_") && !name.startsWith(".")) {
                found.add(c);
              }
            }
          } else {
            found.add(s);
          }
        }
        found.sort((a, b) -> a.getPath().compareTo(b.getPath()));
        out.addAll(found);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Whether the read is of {@code .npz} archives: the option {@code format}, else every path ends with {@code .npz}. */
  static boolean isNpz(CaseInsensitiveStringMap options, List<String> paths) {
    String format = options.getOrDefault("format", "");
    if (!format.isEmpty()) {
      if (!format.equals("npy") && !format.equals("npz")) {
        throw new IllegalArgumentException("option 'format' must be 'npy' or 'npz', not '" + format + "'");
      }
      return format.equals("npz");
    }
    return paths.stream().allMatch(p -> p.endsWith(".npz"));
  }

  /** The header of a {@code .npy} file read through Hadoop's file system, checked for this source. */
  static NpyFile npyFile(Configuration conf, FileStatus status) {
    Path path = status.getPath();
    NpyHeader h;
    try (InputStream in = path.getFileSystem(conf).open(path)) {
      h = Npy.readHeader(new BufferedInputStream(in, 4096));
      Npy.checkLoadable(h, status.getLen() - h.dataOffset());
    } catch (NpyFormatException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(path + ": " + e.getMessage(), e);
    }
    return checked(h, path.toString(), null, h.dataOffset());
  }

  /** An {@link NpyFile} of a header, after checking that the source can read it. */
  static NpyFile checked(NpyHeader h, String path, String member, long dataOffset) {
    String where = member == null ? path : path + " (member '" + member + "')";
    if (h.isStructured()) {
      throw new IllegalArgumentException(where + ": structured dtype " + h.descr() + " has no Spark mapping");
    }
    ElementCodec.of(h.dtype()); // a dtype with no mapping fails here, naming it
    long[] dims = h.shape().asArray();
    if (dims.length == 0) {
      throw new IllegalArgumentException(where + ": a 0-d array (shape ()) has no rows; the source"
          + " reads one row per index of the first axis");
    }
    return new NpyFile(path, member, h.dtype(), dims, h.fortranOrder(), dataOffset);
  }

  // ------------------------------------------------------------------------------------ schema

  /** Field metadata key: the NumPy dtype of the column ({@code dtype.str}, e.g. {@code "<u2"}). */
  static final String DTYPE_KEY = NpyDataSource.DTYPE_METADATA;
  /** Field metadata key: the row shape (a long array). */
  static final String SHAPE_KEY = NpyDataSource.SHAPE_METADATA;

  /** The field of an array column: a flat array of the element's Spark type, with dtype and row shape in its metadata. */
  static StructField arrayField(String name, String dtype, long[] rowShape) {
    ElementCodec codec = ElementCodec.of(dtype);
    Metadata md = new MetadataBuilder().putString(DTYPE_KEY, dtype).putLongArray(SHAPE_KEY, rowShape).build();
    return DataTypes.createStructField(name, DataTypes.createArrayType(codec.sparkElementType(), false), false, md);
  }

  static StructField pathField() {
    return DataTypes.createStructField(NpyDataSource.PATH_COLUMN, DataTypes.StringType, false);
  }

  static StructField indexField() {
    return DataTypes.createStructField(NpyDataSource.INDEX_COLUMN, DataTypes.LongType, false);
  }

  /**
   * The schema of {@code .npy} files: every file must have the dtype and row shape of the first,
   * else the error names both.
   */
  static StructType npySchema(List<NpyFile> files) {
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no .npy files found");
    }
    NpyFile first = files.get(0);
    for (NpyFile f : files) {
      checkSame(first, f);
    }
    return new StructType(new StructField[] {pathField(), indexField(),
        arrayField(NpyDataSource.DATA_COLUMN, first.dtype(), first.rowShape())});
  }

  static void checkSame(NpyFile first, NpyFile f) {
    if (!f.dtype().equals(first.dtype()) || !Arrays.equals(f.rowShape(), first.rowShape())) {
      throw new IllegalArgumentException("files differ: " + first.describe() + " has rows of shape "
          + Arrays.toString(first.rowShape()) + " and dtype '" + first.dtype() + "', " + f.describe()
          + " has rows of shape " + Arrays.toString(f.rowShape()) + " and dtype '" + f.dtype()
          + "'; read them separately");
    }
  }
}
