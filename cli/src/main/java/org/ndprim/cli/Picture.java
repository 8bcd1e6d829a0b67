package org.ndprim.cli;

import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.util.Locale;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;

/**
 * An array as a picture: 8-bit samples, row-major, channels interleaved. A 2-D array (H, W) is
 * gray; an (H, W, 3) or (H, W, 4) array is RGB or RGBA. How values become samples:
 * <ul>
 *   <li>{@code uint8} ({@code |u1}): exactly, value v is sample v;</li>
 *   <li>{@code bool}: False is 0, True is 255;</li>
 *   <li>every other dtype: linearly, the smallest finite value to 0 and the largest to 255
 *       ({@code round((v - min) * 255 / (max - min))}, halves up, over all channels together,
 *       without overflow for any range: exactly for the integer dtypes, in 64-bit floating point
 *       for the others); NaN is drawn as
 *       0, {@code -inf} as 0 and {@code +inf} as 255; an array whose finite values are all equal is
 *       drawn as 0; a complex dtype by its real part (as {@code astype} to a real type, and
 *       NumPy's, keeps it).</li>
 * </ul>
 * Values are read through {@code astype} (to {@code int} for the exact kinds, to {@code int64}
 * for the other integer kinds, to {@code double} for the rest), one row at a time, so any
 * {@link NdArray} can be drawn.
 */
final class Picture {
  /** The largest picture drawn: 2^27 samples (128 MiB), before and after scaling. */
  static final long MAX_SAMPLES = 1L << 27;

  final int height;
  final int width;
  final int channels;
  final byte[] samples;
  /** How values became samples, for the "wrote" line: "exact", "False 0, True 255", "0..16 scaled to 0..255". */
  final String mapping;

  private Picture(int height, int width, int channels, byte[] samples, String mapping) {
    this.height = height;
    this.width = width;
    this.channels = channels;
    this.samples = samples;
    this.mapping = mapping;
  }

  /** Whether {@code shape} can be drawn: (H, W) or (H, W, 3|4). */
  static boolean drawable(long[] dims) {
    return dims.length == 2 || dims.length == 3 && (dims[2] == 3 || dims[2] == 4);
  }

  /**
   * @throws Usage if the array is not (H, W) or (H, W, 3|4), is empty, or is too large to draw
   */
  static Picture of(NdArray a, String what) {
    return of(a, what, null);
  }

  /**
   * @param spec the SPEC that made {@code a} from the file, for the hint when it is 1-D (null: none)
   * @throws Usage if the array is not (H, W) or (H, W, 3|4), is empty, or is too large to draw
   */
  static Picture of(NdArray a, String what, String spec) {
    long[] dims = a.shape().asArray();
    if (dims.length == 0) {
      // no SPEC makes a picture of one value worth drawing: say what it is instead
      throw new Usage(what + " is a 0-d array, one value: " + a + "; there is nothing to draw");
    }
    if (!drawable(dims)) {
      // a leading None adds a leading axis of length 1 to whatever the rest of the SPEC makes
      String hint = dims.length > 2 ? "; pick one image with a SPEC, e.g. \"0\""
          : spec == null ? "; draw it as one row with the SPEC \"None, :\""
          : spec.strip().startsWith("(") ? "; draw it as one row with None first in the SPEC"
          : "; draw it as one row with the SPEC \"None, " + spec.strip() + "\"";
      throw new Usage("show draws a 2-D array (H, W) in gray or (H, W, 3|4) in RGB(A); " + what
          + " has shape " + a.shape() + hint);
    }
    if (a.size() == 0) {
      throw new Usage("cannot draw " + what + ": its shape " + a.shape() + " has no pixels");
    }
    if (a.size() > MAX_SAMPLES) {
      throw new Usage("cannot draw " + what + ": " + a.shape() + " is more than " + MAX_SAMPLES + " samples");
    }
    int h = (int) dims[0];
    int w = (int) dims[1];
    int c = dims.length == 2 ? 1 : (int) dims[2];
    byte[] out = new byte[h * w * c];
    ScalarType<?> type = a.scalarType();
    if (isUint8(type) || type.logicalType() == boolean.class) {
      int factor = isUint8(type) ? 1 : 255;
      for (int y = 0; y < h; y++) {
        int[] row = ((IntNdArray) a.get(y).astype(IntNdArray.TYPE)).toArray();
        for (int i = 0; i < row.length; i++) {
          out[y * row.length + i] = (byte) (row[i] * factor);
        }
      }
      return new Picture(h, w, c, out, isUint8(type) ? "uint8 exact" : "False 0, True 255");
    }
    if (type.kind() == 'i' || type.kind() == 'u') {
      return integers(a, h, w, c, type.kind() == 'u' && type.itemSize() == 8);
    }
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    boolean posInf = false;
    boolean lowNonFinite = false; // NaN or -inf, drawn as 0
    for (int y = 0; y < h; y++) {
      for (double v : row(a, y)) {
        if (Double.isFinite(v)) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        } else if (v == Double.POSITIVE_INFINITY) {
          posInf = true;
        } else {
          lowNonFinite = true;
        }
      }
    }
    boolean flat = !(max > min);
    for (int y = 0; y < h; y++) {
      double[] row = row(a, y);
      for (int i = 0; i < row.length; i++) {
        double v = row[i];
        int s;
        if (Double.isNaN(v) || v == Double.NEGATIVE_INFINITY) {
          s = 0;
        } else if (v == Double.POSITIVE_INFINITY) {
          s = 255;
        } else if (flat) {
          s = 0;
        } else {
          s = scale(v, min, max);
        }
        out[y * row.length + i] = (byte) s;
      }
    }
    // +inf is drawn as 255 whatever the finite values are: say so where "drawn as 0" would not
    String inf = posInf ? ", +inf as 255" : "";
    String mapping = (type.kind() == 'c' ? "real part " : "") + (min > max
        ? (posInf && !lowNonFinite ? "no finite values: +inf drawn as 255"
            : "no finite values: drawn as 0" + inf)
        : flat ? "all " + format(min) + ": drawn as 0" + inf
        : format(min) + ".." + format(max) + " scaled to 0..255");
    return new Picture(h, w, c, out, mapping);
  }

  /**
   * {@code round((v - min) * 255 / (max - min))} for finite {@code min <= v <= max},
   * {@code min < max}, without overflow: when {@code (max - min) * 255} exceeds the largest double
   * (e.g. -1e306..1e306, or -1.7e308..1.7e308 whose difference is infinite) the halves
   * {@code (v/2 - min/2) / (max/2 - min/2)} are scaled instead, which are finite and exact to a
   * rounding of each step.
   */
  static int scale(double v, double min, double max) {
    double range = max - min;
    double s = range * 255.0 < Double.POSITIVE_INFINITY ? (v - min) * 255.0 / range
        : (v / 2 - min / 2) / (max / 2 - min / 2) * 255.0;
    return (int) Math.max(0, Math.min(255, Math.round(s)));
  }

  /**
   * An integer array, scaled exactly: the 64-bit integers of {@code astype(int64)} (a
   * {@code uint64}'s bits read as unsigned), {@code round((v - min) * 255 / (max - min))} halves
   * up, computed in 128 bits ({@link #scaleExact}); a double would round {@code int64}'s -1 and 0
   * to the same sample between its min and max.
   */
  private static Picture integers(NdArray a, int h, int w, int c, boolean unsigned) {
    long min = 0;
    long max = 0;
    boolean first = true;
    for (int y = 0; y < h; y++) {
      for (long v : longRow(a, y)) {
        if (first || compare(v, min, unsigned) < 0) {
          min = v;
        }
        if (first || compare(v, max, unsigned) > 0) {
          max = v;
        }
        first = false;
      }
    }
    long range = max - min; // the unsigned difference: max - min < 2^64 for every 64-bit integer
    byte[] out = new byte[h * w * c];
    for (int y = 0; y < h; y++) {
      long[] row = longRow(a, y);
      for (int i = 0; i < row.length; i++) {
        out[y * row.length + i] = (byte) (range == 0 ? 0 : scaleExact(row[i] - min, range));
      }
    }
    String mapping = range == 0 ? "all " + integer(min, unsigned) + ": drawn as 0"
        : integer(min, unsigned) + ".." + integer(max, unsigned) + " scaled to 0..255";
    return new Picture(h, w, c, out, mapping);
  }

  private static int compare(long x, long y, boolean unsigned) {
    return unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y);
  }

  private static String integer(long v, boolean unsigned) {
    return unsigned ? Long.toUnsignedString(v) : Long.toString(v);
  }

  private static long[] longRow(NdArray a, int y) {
    return ((LongNdArray) a.get(y).astype(LongNdArray.TYPE)).toArray();
  }

  /**
   * {@code round(d * 255 / range)}, halves up, exactly, for unsigned 64-bit {@code d <= range},
   * {@code range != 0}: {@code d * 255} in 128 bits, divided by {@code range} one quotient bit
   * at a time (the quotient is at most 255).
   */
  static int scaleExact(long d, long range) {
    long hi = Math.multiplyHigh(d, 255) + (d < 0 ? 255 : 0); // the unsigned high word of d * 255
    long lo = d * 255;
    int q = 0;
    for (int bit = 7; bit >= 0; bit--) {
      long rhi = bit == 0 ? 0 : range >>> (64 - bit); // range << bit, in 128 bits
      long rlo = range << bit;
      int cmp = hi != rhi ? Long.compareUnsigned(hi, rhi) : Long.compareUnsigned(lo, rlo);
      if (cmp >= 0) {
        hi = hi - rhi - (Long.compareUnsigned(lo, rlo) < 0 ? 1 : 0);
        lo -= rlo;
        q |= 1 << bit;
      }
    }
    // the remainder lo < range: round up when it is at least half of range
    return Long.compareUnsigned(lo, range - lo) >= 0 ? q + 1 : q;
  }

  private static double[] row(NdArray a, int y) {
    return ((DoubleNdArray) a.get(y).astype(DoubleNdArray.TYPE)).toArray();
  }

  private static boolean isUint8(ScalarType<?> type) {
    String d = type.dtype();
    return type.itemSize() == 1 && (d.endsWith("u1") || d.equals("B") || d.equals("uint8"));
  }

  private static String format(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
  }

  /** Sample {@code k} of pixel (y, x), 0..255. */
  int sample(int y, int x, int k) {
    return samples[(y * width + x) * channels + k] & 0xff;
  }

  /** The pixel's gray level: itself, or the RGB luminance (Rec. 601 weights) over black by alpha. */
  int gray(int y, int x) {
    if (channels == 1) {
      return sample(y, x, 0);
    }
    double l = 0.299 * sample(y, x, 0) + 0.587 * sample(y, x, 1) + 0.114 * sample(y, x, 2);
    if (channels == 4) {
      l = l * sample(y, x, 3) / 255.0;
    }
    return (int) Math.round(l);
  }

  /** Channel {@code k} (0..2) over black by alpha, for the terminal, which has no transparency. */
  int opaque(int y, int x, int k) {
    int v = sample(y, x, channels == 1 ? 0 : k);
    return channels == 4 ? (int) Math.round(v * sample(y, x, 3) / 255.0) : v;
  }

  /**
   * The picture scaled {@code scale} times by nearest neighbour, as an image {@code javax.imageio}
   * writes as an 8-bit gray, RGB or RGBA PNG.
   *
   * @throws Usage if the result would have more than {@link #MAX_SAMPLES} samples
   */
  BufferedImage image(int scale) {
    long samplesOut = (long) height * width * channels * scale * scale;
    if (samplesOut > MAX_SAMPLES) {
      throw new Usage("--scale " + scale + " makes a " + (long) width * scale + "x" + (long) height * scale
          + " picture, more than " + MAX_SAMPLES + " samples; use a smaller --scale");
    }
    int w = width * scale;
    int h = height * scale;
    int type = channels == 1 ? BufferedImage.TYPE_BYTE_GRAY
        : channels == 3 ? BufferedImage.TYPE_INT_RGB : BufferedImage.TYPE_INT_ARGB;
    BufferedImage img = new BufferedImage(w, h, type);
    WritableRaster raster = img.getRaster();
    int[] line = new int[w * channels];
    for (int y = 0; y < h; y++) {
      int sy = y / scale;
      for (int x = 0; x < w; x++) {
        for (int k = 0; k < channels; k++) {
          line[x * channels + k] = sample(sy, x / scale, k);
        }
      }
      raster.setPixels(0, y, w, 1, line);
    }
    return img;
  }

  String kind() {
    return channels == 1 ? "gray" : channels == 3 ? "RGB" : "RGBA";
  }
}
