package com.example.fixedpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;

/** The generated type works from a named module: views, casts, text, nested arrays and files. */
class SignalsTest {
  @Test
  void quantisesViewsAndCasts() {
    FixedNdArray ramp = Signals.ramp(5, 0.3);
    assertEquals(Shape.of(5), ramp.shape());
    assertEquals(77 / 256.0, ramp.getFixed(1));
    FixedNdArray back = Signals.everyOtherReversed(ramp);
    assertArrayEquals(new double[] {ramp.getFixed(4), ramp.getFixed(2), ramp.getFixed(0)},
        back.toArray());
    back.setFixed(-1.5, 1);
    assertEquals(-1.5, ramp.getFixed(2));
    DoubleNdArray d = Signals.toDoubles(ramp);
    assertEquals(ramp.getFixed(3), d.getDouble(3));
    assertEquals("[ 0.          0.30078125 -1.5         0.8984375   1.19921875]", ramp.toString());
  }

  @Test
  void nestedArraysAndFilesRoundTrip(@TempDir Path dir) throws IOException {
    FixedNdArray m = FixedNdArray.fromJava(new double[][] {{1, 2.5}, {-3, 127.99609375}});
    double[][] nested = m.toJava(double[][].class);
    assertEquals(127.99609375, nested[1][1]);
    Path file = dir.resolve("m.npy");
    Npy.write(m, file);
    assertEquals("<i2", Npy.readHeader(file).dtype());
    assertEquals(m, Npy.read(file, FixedNdArray.TYPE));
    assertEquals(m, Npy.map(file, Npy.MapMode.READ_ONLY, FixedNdArray.TYPE));
    assertEquals(128 + 4 * 2, Files.size(file));
  }
}
