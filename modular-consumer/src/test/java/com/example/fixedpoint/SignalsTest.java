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
  void ufuncsComputeInTheLogicalTypeAndStoreThroughTheSpec() {
    // Fixed's dtype is <i2, but its values are doubles: 1.5 + 1.25 is 2.75 as Fixed, not the
    // int16 sum of the truncated values (2)
    FixedNdArray a = FixedNdArray.fromJava(new double[] {1.5, -0.75, 100});
    FixedNdArray b = FixedNdArray.fromJava(new double[] {1.25, 0.5, 100});
    org.ndprim.NdArray sum = org.ndprim.Ufunc.ADD.apply(a, b);
    assertEquals(FixedNdArray.TYPE, sum.scalarType());
    assertArrayEquals(new double[] {2.75, -0.25, 127.99609375}, ((FixedNdArray) sum).toArray());
    org.ndprim.NdArray product = org.ndprim.Ufunc.MULTIPLY.apply(a, b);
    assertArrayEquals(new double[] {1.875, -0.375, 127.99609375},
        ((FixedNdArray) product).toArray());
    org.ndprim.BooleanNdArray less = (org.ndprim.BooleanNdArray) org.ndprim.Ufunc.LESS.apply(b, a);
    assertArrayEquals(new boolean[] {true, false, false}, less.toArray());
    // a Python float keeps the type, as float16's does
    org.ndprim.NdArray plus = org.ndprim.Ufunc.ADD.apply(a, 1.5);
    assertEquals(FixedNdArray.TYPE, plus.scalarType());
    assertArrayEquals(new double[] {3.0, 0.75, 101.5}, ((FixedNdArray) plus).toArray());
    // with another dtype there is no loop: the message says to convert with astype
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class,
        () -> org.ndprim.Ufunc.ADD.apply(a, DoubleNdArray.fromJava(new double[] {1, 2, 3})));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("astype"), e.getMessage());
    // nor with uint64, whose exact comparison with signed integers is for the built-in ones: it
    // truncated 1.5 to 1 and said 1.5 == 1
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> org.ndprim.Ufunc.EQUAL.apply(a, org.ndprim.UInt64NdArray.of(Shape.of(3), 1, 0, 100)));
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
