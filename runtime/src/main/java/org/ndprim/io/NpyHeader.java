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
  private final boolean fortranOrder;
  private final long[] dims;
  private final long size;
  private final long dataOffset;

  NpyHeader(int majorVersion, int minorVersion, String descr, boolean fortranOrder, long[] dims, long size, long dataOffset) {
    this.majorVersion = majorVersion;
    this.minorVersion = minorVersion;
    this.descr = descr;
    this.fortranOrder = fortranOrder;
    this.dims = dims.clone();
    this.size = size;
    this.dataOffset = dataOffset;
  }

  /** The format version, {@code "1.0"}. */
  public String version() {
    return majorVersion + "." + minorVersion;
  }

  /** The {@code 'descr'} entry exactly as written in the file, e.g. {@code "<i2"} or {@code "|b1"}. */
  public String descr() {
    return descr;
  }

  /** The {@code 'fortran_order'} entry: true when the data is stored in column-major order. */
  public boolean fortranOrder() {
    return fortranOrder;
  }

  /** The {@code 'shape'} entry. */
  public Shape shape() {
    return Shape.of(dims);
  }

  /** Number of elements (the product of the shape; checked not to overflow a {@code long}). */
  public long size() {
    return size;
  }

  /** Offset in bytes of the first data byte from the start of the file (magic, version, length and header). */
  public long dataOffset() {
    return dataOffset;
  }

  /**
   * Item size in bytes of a simple descriptor ({@code 4} for {@code "<i4"}), or {@code -1} when the
   * descriptor is not of the form {@code [<>|=]?<letter><digits>}.
   */
  public int itemSize() {
    Dtype d = Dtype.parse(descr);
    return d == null ? -1 : d.itemSize();
  }

  @Override
  public String toString() {
    return "{'descr': '" + descr + "', 'fortran_order': " + (fortranOrder ? "True" : "False")
        + ", 'shape': " + Npy.shapeRepr(dims) + "} (.npy " + version() + ", data at byte " + dataOffset + ")";
  }

  long[] dims() {
    return Arrays.copyOf(dims, dims.length);
  }
}
