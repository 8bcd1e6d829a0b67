package com.example.digits;

import java.io.IOException;
import java.nio.file.Path;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.io.Npy;

/**
 * Reads the UCI digits (int16, 0..16), turns them into 8-bit grayscale images of the example's
 * own type {@code Gray8}, prints the first one, writes ten as a {@code uint8} {@code .npy} and
 * reads them back. Every step is checked: a wrong result ends the program with an exception.
 */
public final class Main {
  private static final String RAMP = " .:-=+*#%@";

  private Main() {}

  public static void main(String[] args) throws IOException {
    Path in = Path.of(args.length > 0 ? args[0] : "../data/digits.npy");
    Path out = Path.of(args.length > 1 ? args[1] : "digits-gray8.npy");

    ShortNdArray digits = Npy.read(in, ShortNdArray.TYPE);
    check(digits.shape().equals(Shape.of(1797, 8, 8)), "digits have shape " + digits.shape());

    // astype: one cast per element into the generated Gray8NdArray; then scale 0..16 to 0..255.
    Gray8NdArray gray = digits.astype(Gray8NdArray.TYPE).mapInPlace(v -> v * 255 / 16);
    check(gray.max() == 255 && gray.min() == 0, "gray range " + gray.min() + ".." + gray.max());

    Gray8NdArray first = gray.get(0);                 // a view: shape (8, 8)
    int[][] pixels = first.toJava(int[][].class);     // a typed nested copy
    for (int[] row : pixels) {
      StringBuilder line = new StringBuilder();
      for (int v : row) {
        line.append(RAMP.charAt(v * RAMP.length() / 256)).append(' ');
      }
      System.out.println(line.toString().stripTrailing());
    }

    // The first digit is a 0: its middle column is dark where the ring's hole is.
    Gray8NdArray column = first.slice(":, 3");
    check(column.getGray8(0) > 128 && column.getGray8(3) < 128, "column 3 is " + column);

    // Write ten images as uint8 (numpy reads them with np.load) and read them back.
    Gray8NdArray ten = gray.prefix(10);
    Npy.write(ten, out);
    String dtype = Npy.readHeader(out).dtype();
    Gray8NdArray back = Npy.read(out, Gray8NdArray.TYPE);
    check(dtype.equals("|u1") && back.equals(ten), "round trip of " + out);

    // Assignment into a view, TF-Java's call shape: the top row of the first image goes white.
    back.get(0, 0).set(Gray8NdArray.full(Shape.of(8), 300));  // 300 saturates to 255
    check(back.get(0, 0).min() == 255, "row 0 is " + back.get(0, 0));

    System.out.println("wrote " + out.getFileName() + ": dtype " + dtype + ", shape "
        + back.shape() + ", " + Npy.readHeader(out).dataOffset() + "-byte header");
    System.out.println("example OK");
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("unexpected: " + what);
    }
  }
}
