package org.ndprim.cli;

import java.io.PrintWriter;
import java.util.Optional;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;
import org.ndprim.text.Printable;

/** The lines {@code ndprim info} prints. */
final class Summary {
  private Summary() {}

  /**
   * Prints file, dtype, shape, order, size and (when {@code array} is not null) min and max.
   *
   * @param array the file's contents, or null when its dtype has no built-in type
   */
  static void print(PrintWriter out, String name, NpyHeader header, NdArray array) {
    print(out, name, header, array, Progress.none());
  }

  static void print(PrintWriter out, String name, NpyHeader header, NdArray array, Progress progress) {
    out.println("file   " + Printable.escape(name));
    printHeader(out, header);
    if (array == null) {
      printExtremes(out, null, "(not read: unsupported dtype)");
    } else if (array.size() == 0) {
      printExtremes(out, null, "(empty array)");
    } else {
      printExtremes(out, extremes(array, progress), null);
    }
  }

  /** The dtype, shape, order and size lines of a header. */
  static void printHeader(PrintWriter out, NpyHeader header) {
    String alias = header.isStructured() || header.dtype().equals(header.descr()) ? "" : " = " + header.dtype();
    out.println("dtype  " + Printable.escape(header.descr()) + alias + builtIn(header).map(t -> " (" + t.name() + ")")
        .orElse(" (not supported by ndprim)"));
    out.println("shape  " + header.shape());
    out.println("order  " + (header.fortranOrder() ? "Fortran (column-major)" : "C (row-major)"));
    out.println("size   " + header.size() + (header.size() == 1 ? " element" : " elements")
        + (dataBytes(header) >= 0 ? ", " + dataBytes(header) + " data bytes" : ""));
  }

  /** The min and max lines: the extremes, or {@code why} they are not shown. */
  static void printExtremes(PrintWriter out, NdArray[] extremes, String why) {
    out.println("min    " + (extremes == null ? why : extremes[0]));
    out.println("max    " + (extremes == null ? why : extremes[1]));
  }

  static Optional<ScalarType<?>> builtIn(NpyHeader header) {
    return header.isStructured() ? Optional.empty() : Npy.builtInType(header.dtype());
  }

  /** The data bytes of a header's array, or -1 when unknown or beyond a {@code long}. */
  static long dataBytes(NpyHeader header) {
    int itemSize = header.itemSize();
    return itemSize > 0 && header.size() <= Long.MAX_VALUE / itemSize ? header.size() * itemSize : -1;
  }

  /** Elements per block of {@link #extremes}: 2 MiB of doubles, which the caches hold. */
  static final int BLOCK = 1 << 18;

  /**
   * The smallest and the largest element, NaN propagating, as NumPy's {@code min()} and
   * {@code max()}, as rank-0 views (so each prints as the array's own {@code toString} shows it).
   * The data are read once, in the order they are stored (a Fortran-order file's data through
   * its transpose), block by block: each block's first extremes are found while it is in the
   * caches, then the first of those, so a mapped file is read once and sequentially. Ties between
   * equal values (e.g. {@code 0.0} and {@code -0.0}) may resolve to another occurrence than
   * NumPy's C-order scan would, as NumPy's own loop order does.
   */
  static NdArray[] extremes(NdArray array, Progress progress) {
    NdArray stored = array.isContiguous() || !array.transpose().isContiguous() ? array
        : array.transpose();
    if (!stored.isContiguous()) {
      // Not the layout of a file (mapped or read): two walks of the array itself.
      Shape shape = array.shape();
      return new NdArray[] {array.get(shape.unravel(array.argMin())),
          array.get(shape.unravel(array.argMax()))};
    }
    long n = stored.size();
    NdArray flat = stored.reshapeView(Shape.of(n));
    Extremes extremes = new Extremes(array.scalarType());
    int itemSize = array.scalarType().itemSize();
    for (long start = 0; start < n; start += BLOCK) {
      NdArray block = flat.subarray(start, Math.min(n, start + BLOCK));
      extremes.accept(block);
      progress.add(block.size() * itemSize);
    }
    return extremes.result();
  }

  /**
   * The running first minimum and first maximum of blocks in storage order; each block's
   * extremes are copied out at once, so the blocks may be over a reused buffer
   * ({@code Npy.readBlocks}).
   */
  static final class Extremes {
    private final ScalarType<?> type;
    /** [0]: the minimum so far, [1]: the candidate of the last block. */
    private final NdArray mins;
    private final NdArray maxs;
    private boolean any;

    Extremes(ScalarType<?> type) {
      this.type = type;
      this.mins = type.zeros(Shape.of(2));
      this.maxs = type.zeros(Shape.of(2));
    }

    void accept(NdArray block) {
      if (block.size() == 0) {
        return;
      }
      int slot = any ? 1 : 0;
      type.copy(block.get(block.argMin()), mins.get(slot));
      type.copy(block.get(block.argMax()), maxs.get(slot));
      if (any) {
        // argMin/argMax return the first extreme: the earlier one wins a tie, a NaN stays
        if (mins.argMin() == 1) {
          type.copy(mins.get(1), mins.get(0));
        }
        if (maxs.argMax() == 1) {
          type.copy(maxs.get(1), maxs.get(0));
        }
      }
      any = true;
    }

    /** The minimum and the maximum as rank-0 arrays, or null when no element was seen. */
    NdArray[] result() {
      return any ? new NdArray[] {mins.get(0), maxs.get(0)} : null;
    }
  }
}
