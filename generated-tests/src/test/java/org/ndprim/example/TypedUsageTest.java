package org.ndprim.example;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;

/**
 * The typed API as user code writes it, checked by the compiler: covariant views stay
 * {@code Float16NdArray}, accessors take and return {@code float}, storage stays {@code short}.
 * The behaviour contract covers semantics for every type; this covers what only javac can.
 */
class TypedUsageTest {

  @Test
  void float16ReadsAndWritesFloatsAndStoresHalfBits() {
    Float16NdArray a = Float16NdArray.of(Shape.of(2, 2), 1f, 2f, 3f, 0.1f);
    float nearestToTenth = a.getFloat16(1, 1);
    assertThat(nearestToTenth).isEqualTo(0.0999755859375f);
    Float16NdArray flipped = a.slice("::-1").slice(Indices.all(), Indices.flip());
    Float16NdArray row = flipped.get(0);
    assertThat(row.toArray()).containsExactly(0.0999755859375f, 3f);
    short[] bits = a.toStorageArray();
    assertThat(bits).containsExactly((short) 0x3C00, (short) 0x4000, (short) 0x4200,
        (short) 0x2E66);
    Float16NdArray copy = a.copy().setFloat16(65520f, 0, 0).setFloat16(1e-8f, 0, 1);
    assertThat(copy.getFloat16(0, 0)).isEqualTo(Float.POSITIVE_INFINITY);
    assertThat(copy.getFloat16(0, 1)).isEqualTo(0f);
    Float16NdArray wrapped = Float16NdArray.wrap(Shape.of(2), new short[] {0x7BFF, 0x0001});
    assertThat(wrapped.toArray()).containsExactly(65504f, 0x1p-24f);
    Float16NdArray target = Float16NdArray.zeros(Shape.of(2));
    Float16NdArray same = wrapped.copyTo(target);
    assertThat(same).isSameAs(target).isEqualTo(wrapped);
    Float getObject = Float16NdArray.scalar(2.5f).getObject();
    assertThat(getObject).isEqualTo(2.5f);
    assertThat(Float16NdArray.vector(1f, 2f).fill(0.5f)).hasToString("[0.5 0.5]");
    // Float16Scalar.format: shortest decimal per binary16 value, as numpy prints float16.
    assertThat(Float16NdArray.vector(0.1f, 1f / 3)).hasToString("[0.1    0.3333]");
    assertThat(Float16NdArray.scalar(-0.0999f)).hasToString("-0.0999");  // as numpy
  }

  @Test
  void tfJavaCallShapesCompile() {
    // TF-Java's own example: v.set(vector(1f, 2f, 3f)) on a whole array; a set(src) overload
    // keeps it from being ambiguous between set(src, long...) and set(src, Index...).
    FloatNdArray matrix = FloatNdArray.zeros(Shape.of(2, 3));
    FloatNdArray v = matrix.get(1);
    v.set(FloatNdArray.vector(1f, 2f, 3f));
    matrix.set(FloatNdArray.vector(4f, 5f, 6f), 0);
    // Typed nested export: no cast.
    float[][] nested = matrix.toJava(float[][].class);
    assertThat(nested).isDeepEqualTo(new float[][] {{4f, 5f, 6f}, {1f, 2f, 3f}});
    float[] row = v.toJava(float[].class);
    assertThat(row).containsExactly(1f, 2f, 3f);
  }

  @Test
  void shortUsesFixedArityWithoutBoxing() {
    ShortNdArray m = ShortNdArray.full(Shape.of(2, 3), (short) 7);
    short seven = m.getShort(1, 2);
    assertThat(seven).isEqualTo((short) 7);
    ShortNdArray column = m.slice(":, 1").setShort((short) -1, 0);
    assertThat(column.getShort(0)).isEqualTo((short) -1);
    assertThat(m.getShort(0, 1)).isEqualTo((short) -1);
    short[] values = m.toArray();
    short[] storage = m.toStorageArray();
    assertThat(values).containsExactly(storage);
    assertThat(ShortNdArray.TYPE.name()).isEqualTo("Short");
  }
}
