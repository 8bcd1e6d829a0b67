package org.ndprim.cli;

/** Positions of the minimum and maximum of a storage array, as NumPy's {@code min}/{@code max} choose them. */
final class Stats {
  private Stats() {}

  /**
   * Flat C-order indices {min, max} of the first minimum and first maximum of a non-empty storage
   * array. Floating point: a NaN anywhere makes both the first NaN (NumPy propagates NaN);
   * {@code char} compares as unsigned 16-bit; {@code boolean} as false &lt; true.
   */
  static long[] argMinMax(Object storage) {
    if (storage instanceof boolean[]) {
      boolean[] a = (boolean[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 1; i < a.length; i++) {
        if (a[min] && !a[i]) {
          min = i;
        }
        if (!a[max] && a[i]) {
          max = i;
        }
      }
      return new long[] {min, max};
    } else if (storage instanceof byte[]) {
      byte[] a = (byte[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 1; i < a.length; i++) {
        min = a[i] < a[min] ? i : min;
        max = a[i] > a[max] ? i : max;
      }
      return new long[] {min, max};
    } else if (storage instanceof short[]) {
      short[] a = (short[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 1; i < a.length; i++) {
        min = a[i] < a[min] ? i : min;
        max = a[i] > a[max] ? i : max;
      }
      return new long[] {min, max};
    } else if (storage instanceof char[]) {
      char[] a = (char[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 1; i < a.length; i++) {
        min = a[i] < a[min] ? i : min;
        max = a[i] > a[max] ? i : max;
      }
      return new long[] {min, max};
    } else if (storage instanceof int[]) {
      int[] a = (int[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 1; i < a.length; i++) {
        min = a[i] < a[min] ? i : min;
        max = a[i] > a[max] ? i : max;
      }
      return new long[] {min, max};
    } else if (storage instanceof long[]) {
      long[] a = (long[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 1; i < a.length; i++) {
        min = a[i] < a[min] ? i : min;
        max = a[i] > a[max] ? i : max;
      }
      return new long[] {min, max};
    } else if (storage instanceof float[]) {
      float[] a = (float[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 0; i < a.length; i++) {
        if (Float.isNaN(a[i])) {
          return new long[] {i, i};
        }
        min = a[i] < a[min] ? i : min;
        max = a[i] > a[max] ? i : max;
      }
      return new long[] {min, max};
    } else if (storage instanceof double[]) {
      double[] a = (double[]) storage;
      int min = 0;
      int max = 0;
      for (int i = 0; i < a.length; i++) {
        if (Double.isNaN(a[i])) {
          return new long[] {i, i};
        }
        min = a[i] < a[min] ? i : min;
        max = a[i] > a[max] ? i : max;
      }
      return new long[] {min, max};
    }
    throw new IllegalArgumentException("not a primitive storage array: " + storage.getClass());
  }

  /** The coordinates of flat C-order index {@code flat} in {@code shape}. */
  static long[] unravel(long flat, long[] shape) {
    long[] coords = new long[shape.length];
    for (int axis = shape.length - 1; axis >= 0; axis--) {
      coords[axis] = flat % shape[axis];
      flat /= shape[axis];
    }
    return coords;
  }
}
