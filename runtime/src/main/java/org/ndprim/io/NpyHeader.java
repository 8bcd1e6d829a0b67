package org.ndprim.io;

import java.util.Arrays;
import org.ndprim.Shape;

/**
 * What the header of a {@code .npy} file says: the dtype descriptor as written (e.g. {@code "<i4"}),
 * whether the data is in Fortran order, and the shape. Returned by {@link Npy#readHeader}; reading
 * a header does not check that a Java type exists for the dtype.
 */
public final class NpyHeader {
  private final int majorVersion;
  private final int minorVersion;
  private final String descr;
  private final Dtype dtype;
  private final boolean fortranOrder;
  private final long[] dims;
  private final long size;
  private final long dataOffset;

  NpyHeader(int majorVersion, int minorVersion, String descr, Dtype dtype, boolean fortranOrder, long[] dims,
      long size, long dataOffset) {
    this.majorVersion = majorVersion;
    this.minorVersion = minorVersion;
    this.descr = descr;
    this.dtype = dtype;
    this.fortranOrder = fortranOrder;
    this.dims = dims.clone();
    this.size = size;
    this.dataOffset = dataOffset;
  }

  /**
   * {@return the format version: {@code "1.0"}, {@code "2.0"} (32-bit header length) or
   * {@code "3.0"} (UTF-8 header)}
   */
  public String version() {
    return majorVersion + "." + minorVersion;
  }

  /**
   * {@return the {@code 'descr'} entry as written in the file (after Python's string escapes),
   * e.g. {@code "<i2"}, {@code "|b1"} or {@code "?"}} For a structured dtype it is the Python repr
   * of its list of fields, e.g. {@code "[('x', '<i4'), ('y', '<f8')]"}.
   */
  public String descr() {
    return descr;
  }

  /**
   * {@return the dtype as numpy normalises it ({@code dtype.str})} That is {@code "|b1"} for
   * {@code '?'}, {@code "<i8"} for {@code '<l'} or {@code 'int64'}, {@code "<f8"} for {@code 'd'};
   * the same as {@link #descr()} for a structured dtype.
   */
  public String dtype() {
    return dtype.str();
  }

  /**
   * {@return whether the dtype is structured (a list of fields, a subarray or a comma-separated
   * string)}
   */
  public boolean isStructured() {
    return dtype.structured();
  }

  /**
   * {@return the {@code 'fortran_order'} entry: true when the data is stored in column-major
   * order}
   */
  public boolean fortranOrder() {
    return fortranOrder;
  }

  /** {@return the {@code 'shape'} entry} */
  public Shape shape() {
    return Shape.of(dims);
  }

  /** {@return the number of elements (the product of the shape; checked not to overflow a {@code long})} */
  public long size() {
    return size;
  }

  /**
   * {@return the offset in bytes of the first data byte from the start of the file (magic,
   * version, length and header)}
   */
  public long dataOffset() {
    return dataOffset;
  }

  /**
   * {@return the item size in bytes of a simple dtype ({@code 4} for {@code "<i4"} or
   * {@code "i"}, 12 for {@code "<U3"}), or {@code -1} for a structured one}
   */
  public int itemSize() {
    return dtype.structured() ? -1 : dtype.itemSize();
  }

  @Override
  public String toString() {
    return "{'descr': " + (dtype.structured() ? descr : PyLiteral.repr(descr)) + ", 'fortran_order': " + (fortranOrder ? "True" : "False")
        + ", 'shape': " + Npy.shapeRepr(dims) + "} (.npy " + version() + ", data at byte " + dataOffset + ")";
  }

  Dtype dtypeInfo() {
    return dtype;
  }

  long[] dims() {
    return Arrays.copyOf(dims, dims.length);
  }
}
