package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.layout.Layout;
import org.ndprim.storage.Chunks;

class ScalarTypeTest {
  private final List<Object> wrapped = new ArrayList<>();

  private ScalarType<NdArray> type(Class<?> storage, Class<?> logical, int itemSize) {
    return new ScalarType<>("Test", "<i2", storage, logical, NdArray.class, itemSize, 1,
        (data, layout) -> record("array", data, layout),
        (memory, layout) -> record("memory", memory, layout),
        (memory, layout) -> record("chunks", memory, layout),
        (from, to) -> to,
        (flat, start, values, count) -> { }, (flat, start, values, count) -> { },
        (flat, start, values, count) -> { }, (flat, start, values, count) -> { }, false);
  }

  private NdArray record(String kind, Object storage, Layout layout) {
    wrapped.add(kind);
    wrapped.add(storage);
    wrapped.add(layout);
    return null;
  }

  @Test
  void describesTheType() {
    ScalarType<NdArray> t = type(short.class, float.class, 2);
    assertThat(t.name()).isEqualTo("Test");
    assertThat(t.dtype()).isEqualTo("<i2");
    assertThat(t.storageType()).isEqualTo(short.class);
    assertThat(t.logicalType()).isEqualTo(float.class);
    assertThat(t.arrayType()).isEqualTo(NdArray.class);
    assertThat(t.itemSize()).isEqualTo(2);
    assertThat(t).hasToString("ScalarType[Test, <i2]");
    assertThat(t.byteSize(Shape.of(3, 5))).isEqualTo(30);
    assertThatThrownBy(() -> t.byteSize(Shape.of(1L << 62, 4)))
        .isInstanceOf(ArithmeticException.class).hasMessageContaining("(4611686018427387904, 4)");
  }

  @Test
  void zerosAndWrapStorage() {
    ScalarType<NdArray> t = type(short.class, short.class, 2);
    t.zeros(Shape.of(2, 3));
    assertThat(wrapped.get(0)).isEqualTo("array");
    assertThat((short[]) wrapped.get(1)).hasSize(6);
    assertThat(wrapped.get(2)).isEqualTo(Layout.cOrder(Shape.of(2, 3)));
    short[] data = new short[4];
    t.wrapStorage(Shape.of(4), data);
    assertThat(wrapped.get(4)).isSameAs(data);
    assertThatThrownBy(() -> t.wrapStorage(Shape.of(5), data))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(5,)");
    assertThatThrownBy(() -> t.wrapStorage(Shape.of(4), new int[4]))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("short[]");
    assertThatThrownBy(() -> t.zeros(Shape.of(1L << 62, 1L << 20)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("array is too big");
  }

  @Test
  void wrapMemoryChecksItsSize() {
    ScalarType<NdArray> t = type(short.class, short.class, 2);
    Chunks memory = Chunks.of(ByteBuffer.allocate(12));
    t.wrap(Shape.of(2, 3), memory);
    assertThat(wrapped.get(0)).isEqualTo("memory");
    assertThat(wrapped.get(1)).isSameAs(memory);
    assertThatThrownBy(() -> t.wrap(Shape.of(7), memory))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("memory of 12 bytes does not match shape (7,) of Test (14 bytes)");
    assertThatThrownBy(() -> t.wrap(Shape.of(7), ByteBuffer.allocate(13)))
        .isInstanceOf(IllegalArgumentException.class);
    t.wrap(Shape.of(20), Chunks.allocate(40, 16));
    assertThat(wrapped.get(3)).isEqualTo("chunks");
    // Items never straddle chunks: 4-byte chunks cannot hold 8-byte items.
    ScalarType<NdArray> wide = type(long.class, long.class, 8);
    Chunks small = Chunks.allocate(16, 4);
    assertThatThrownBy(() -> wide.wrap(Shape.of(2), small))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot hold items");
  }

  @Test
  void typesMustBePrimitiveAndSizesPositive() {
    assertThatThrownBy(() -> type(Short.class, short.class, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> type(void.class, short.class, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> type(short.class, String.class, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> type(short.class, short.class, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
