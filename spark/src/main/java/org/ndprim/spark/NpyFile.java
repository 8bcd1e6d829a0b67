package org.ndprim.spark;

import java.io.Serializable;
import java.util.Arrays;

/**
 * One array the source reads: a {@code .npy} file, or a member of a {@code .npz} archive, with
 * what its header says. {@code dataOffset} is the position of the first data byte in the file
 * ({@code path}); for a deflated member it is -1 (the member is read as a stream).
 *
 * @param path the file, as a Hadoop path string
 * @param member the {@code .npz} member's name, or null for a {@code .npy} file
 * @param dtype the normalised dtype ({@code NpyHeader.dtype()})
 * @param shape the whole shape; rank at least 1
 * @param fortranOrder whether the data are in Fortran order
 * @param dataOffset the first data byte in {@code path}, or -1 when the data must be streamed
 */
record NpyFile(String path, String member, String dtype, long[] shape, boolean fortranOrder, long dataOffset)
    implements Serializable {

  long rows() {
    return shape[0];
  }

  long[] rowShape() {
    return Arrays.copyOfRange(shape, 1, shape.length);
  }

  long rowElements() {
    long n = 1;
    for (int i = 1; i < shape.length; i++) {
      n = Math.multiplyExact(n, shape[i]);
    }
    return n;
  }

  /** {@return whether rows can be read by byte ranges: C order (or one row's worth of layout), not streamed} */
  boolean splittable() {
    if (dataOffset < 0) {
      return false;
    }
    if (!fortranOrder) {
      return true;
    }
    int longer = 0; // Fortran-order data of at most one axis longer than 1 is also C order
    for (long d : shape) {
      longer += d > 1 ? 1 : 0;
    }
    return longer <= 1;
  }

  String describe() {
    return member == null ? path : path + " (member '" + member + "')";
  }
}
