package org.ndprim.cli;

import java.io.PrintWriter;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;

/** The lines {@code ndprim info} prints. */
final class Summary {
  private Summary() {}

  /**
   * Prints file, dtype, shape, order, size and (when {@code array} is not null) min and max.
   *
   * @param array the file's contents, or null when its dtype has no built-in type
   */
  static void print(PrintWriter out, String name, NpyHeader header, NdArray array) {
    String type = (header.isStructured() ? java.util.Optional.<org.ndprim.ScalarType<?>>empty() : Npy.builtInType(header.dtype()))
        .map(t -> " (" + t.name() + ")").orElse(" (not supported by ndprim)");
    String alias = header.isStructured() || header.dtype().equals(header.descr()) ? "" : " = " + header.dtype();
    int itemSize = header.itemSize();
    out.println("file   " + name);
    out.println("dtype  " + header.descr() + alias + type);
    out.println("shape  " + header.shape());
    out.println("order  " + (header.fortranOrder() ? "Fortran (column-major)" : "C (row-major)"));
    boolean bytesKnown = itemSize > 0 && header.size() <= Long.MAX_VALUE / itemSize;
    out.println("size   " + header.size() + " elements"
        + (bytesKnown ? ", " + header.size() * itemSize + " data bytes" : ""));
    if (array == null) {
      out.println("min    (not read: unsupported dtype)");
      out.println("max    (not read: unsupported dtype)");
    } else if (array.size() == 0) {
      out.println("min    (empty array)");
      out.println("max    (empty array)");
    } else {
      NdArray[] extremes = extremes(array);
      out.println("min    " + extremes[0]);
      out.println("max    " + extremes[1]);
    }
  }

  /** Elements per block of {@link #extremes}: 2 MiB of doubles, which the caches hold. */
  private static final long BLOCK = 1 << 18;

  /**
   * The smallest and the largest element, NaN propagating, as NumPy's {@code min()} and
   * {@code max()}, as rank-0 views (so each prints as the array's own {@code toString} shows it).
   * The data are read once, in the order they are stored (a Fortran-order file's data through
   * its transpose), block by block: each block's first extremes are found while it is in the
   * caches, then the first of those, so a mapped file is read once and sequentially. Ties between
   * equal values (e.g. {@code 0.0} and {@code -0.0}) may resolve to another occurrence than
   * NumPy's C-order scan would, as NumPy's own loop order does.
   */
  static NdArray[] extremes(NdArray array) {
    NdArray stored = array.isContiguous() || !array.transpose().isContiguous() ? array
        : array.transpose();
    if (!stored.isContiguous()) {
      // Not the layout of a file (mapped or read): two walks of the array itself.
      Shape shape = array.shape();
      return new NdArray[] {array.get(shape.unravel(array.argMin())),
          array.get(shape.unravel(array.argMax()))};
    }
    ScalarType<?> type = array.scalarType();
    long n = stored.size();
    NdArray flat = stored.reshape(Shape.of(n));
    long blocks = (n + BLOCK - 1) / BLOCK;
    NdArray mins = type.zeros(Shape.of(blocks));
    NdArray maxs = type.zeros(Shape.of(blocks));
    for (long b = 0; b < blocks; b++) {
      NdArray block = flat.subarray(b * BLOCK, Math.min(n, (b + 1) * BLOCK));
      type.copy(block.get(block.argMin()), mins.get(b));
      type.copy(block.get(block.argMax()), maxs.get(b));
    }
    return new NdArray[] {mins.get(mins.argMin()), maxs.get(maxs.argMax())};
  }
}
