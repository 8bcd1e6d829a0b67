package org.ndprim.cli;

import java.io.PrintWriter;
import org.ndprim.NdArray;
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
      // The first extreme in C order, NaN propagating, as NumPy; printed as a rank-0 view so
      // the value reads as the array's own toString shows it.
      Shape shape = array.shape();
      out.println("min    " + array.get(shape.unravel(array.argMin())));
      out.println("max    " + array.get(shape.unravel(array.argMax())));
    }
  }
}
