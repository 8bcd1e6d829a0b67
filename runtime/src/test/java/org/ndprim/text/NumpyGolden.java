package org.ndprim.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ndprim.layout.LayoutTesting.tuple;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongToDoubleFunction;
import java.util.zip.GZIPInputStream;

/**
 * Reading the gzipped golden files of {@code src/test/python/gen_format_cases.py}: blocks
 * {@code === <code> <shape> <values>} followed by NumPy's text, values being the bit patterns
 * (hex) of the <em>shown</em> elements in C order (numpy's summarised corners when the size
 * exceeds 1000), or {@code seq:<start>:<step>} for consecutive bit patterns.
 */
final class NumpyGolden {
  private NumpyGolden() {}

  /** One block: dtype code, shape, the shown values' tokens and NumPy's text. */
  static final class Block {
    final String code;
    final long[] shape;
    final String[] tokens;
    final String expected;

    Block(String header, String expected) {
      String[] h = header.split(" ", 4);
      this.code = h[1];
      this.shape = tuple(h[2]);
      this.tokens = h.length > 3 && !h[3].isEmpty() ? h[3].split(" ") : new String[0];
      this.expected = expected;
    }

    long size() {
      long n = 1;
      for (long d : shape) {
        n *= d;
      }
      return n;
    }

    /** The hex bit patterns of the shown elements, C order, expanding a {@code seq:} token. */
    String[] hex(int count) {
      if (tokens.length == 1 && tokens[0].startsWith("seq:")) {
        String[] p = tokens[0].split(":");
        long start = Long.parseLong(p[1], 16);
        long step = Long.parseLong(p[2]);
        String[] out = new String[count];
        for (int i = 0; i < count; i++) {
          out[i] = Long.toHexString(start + i * step);
        }
        return out;
      }
      return tokens;
    }

    /** Values by C-order offset of a C-contiguous layout of the shape (only shown ones set). */
    LongToDoubleFunction values(java.util.function.ToDoubleFunction<String> decode) {
      long[] shown = shownFlatIndices(shape);
      String[] hex = hex(shown.length);
      assertThat(hex).as("values of %s", Arrays.toString(shape)).hasSize(shown.length);
      double[] v = new double[hex.length];
      for (int i = 0; i < v.length; i++) {
        v[i] = decode.applyAsDouble(hex[i]);
      }
      return offset -> {
        int i = Arrays.binarySearch(shown, offset);
        if (i < 0) {
          throw new AssertionError("element " + offset + " is not shown");
        }
        return v[i];
      };
    }
  }

  /**
   * The C-order flat indices that NumPy shows: every index, or per axis longer than 6 only the
   * first and last 3 when the size exceeds 1000 (ascending).
   */
  static long[] shownFlatIndices(long[] shape) {
    long size = 1;
    for (long d : shape) {
      size *= d;
    }
    long[] flat = {0};
    for (long d : shape) {
      long[] axis;
      if (size > 1000 && d > 6) {
        axis = new long[] {0, 1, 2, d - 3, d - 2, d - 1};
      } else {
        axis = new long[(int) d];
        for (int i = 0; i < d; i++) {
          axis[i] = i;
        }
      }
      long[] next = new long[flat.length * axis.length];
      int k = 0;
      for (long f : flat) {
        for (long a : axis) {
          next[k++] = f * d + a;
        }
      }
      flat = next;
    }
    return flat;
  }

  static BufferedReader open(String resource) {
    InputStream in = NumpyGolden.class.getResourceAsStream(resource);
    assertThat(in).as(resource).isNotNull();
    try {
      InputStream raw = resource.endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
      return new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8), 1 << 16);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Block> blocks(String resource) {
    List<Block> blocks = new ArrayList<>();
    try (BufferedReader reader = open(resource)) {
      String header = null;
      StringBuilder text = new StringBuilder();
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.startsWith("# ")) {
          continue;
        }
        if (line.startsWith("=== ")) {
          if (header != null) {
            blocks.add(new Block(header, text.substring(0, text.length() - 1)));
          }
          header = line;
          text.setLength(0);
        } else {
          text.append(line).append('\n');
        }
      }
      if (header != null) {
        blocks.add(new Block(header, text.substring(0, text.length() - 1)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return blocks;
  }

  /** Tab-separated lines after the header comment. */
  static List<String[]> lines(String resource) {
    List<String[]> lines = new ArrayList<>();
    try (BufferedReader reader = open(resource)) {
      for (String line; (line = reader.readLine()) != null; ) {
        if (!line.startsWith("# ")) {
          lines.add(line.split("\t", -1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }

  /** The format of a float code: f2, f4, f8 (also the parts of c8, c16). */
  static FloatFormat format(String code) {
    switch (code) {
      case "f2":
        return FloatFormat.BINARY16;
      case "f4":
      case "c8":
        return FloatFormat.BINARY32;
      case "f8":
      case "c16":
        return FloatFormat.BINARY64;
      default:
        throw new IllegalArgumentException(code);
    }
  }

  /** The value of a hex bit pattern of a float code, as a double. */
  static double decode(String code, String hex) {
    long bits = Long.parseUnsignedLong(hex, 16);
    switch (code) {
      case "f2":
        return halfToDouble((int) bits);
      case "f4":
      case "c8":
        return Float.intBitsToFloat((int) bits);
      case "f8":
      case "c16":
        return Double.longBitsToDouble(bits);
      case "bf16":
        return Float.intBitsToFloat((int) bits << 16);
      default:
        throw new IllegalArgumentException(code);
    }
  }

  /** IEEE binary16 bits to the double of the same value (NaN keeps its sign). */
  static double halfToDouble(int bits) {
    boolean negative = (bits & 0x8000) != 0;
    int exponent = (bits >>> 10) & 0x1F;
    int fraction = bits & 0x3FF;
    double magnitude;
    if (exponent == 0x1F) {
      magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
    } else if (exponent == 0) {
      magnitude = Math.scalb((double) fraction, -24);
    } else {
      magnitude = Math.scalb((double) (fraction | 0x400), exponent - 25);
    }
    return negative ? -magnitude : magnitude;
  }
}
