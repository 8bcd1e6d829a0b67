package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScalarTypeTest {
  private final List<Object> wrapped = new ArrayList<>();

  private ScalarType<NdArray> type(Class<?> storage, Class<?> logical) {
    return new ScalarType<>("Test", "<i2", storage, logical, NdArray.class, (shape, data) -> {
      wrapped.add(shape);
      wrapped.add(data);
      return null;
    });
  }

  @Test
  void describesTheType() {
    ScalarType<NdArray> t = type(short.class, float.class);
    assertThat(t.name()).isEqualTo("Test");
    assertThat(t.dtype()).isEqualTo("<i2");
    assertThat(t.storageType()).isEqualTo(short.class);
    assertThat(t.logicalType()).isEqualTo(float.class);
    assertThat(t.arrayType()).isEqualTo(NdArray.class);
    assertThat(t.itemSize()).isEqualTo(2);
    assertThat(t).hasToString("ScalarType[Test, <i2]");
    assertThat(type(short.class, void.class).logicalType()).isEqualTo(short.class);
  }

  @Test
  void itemSizes() {
    assertThat(type(boolean.class, void.class).itemSize()).isEqualTo(1);
    assertThat(type(byte.class, void.class).itemSize()).isEqualTo(1);
    assertThat(type(char.class, void.class).itemSize()).isEqualTo(2);
    assertThat(type(int.class, void.class).itemSize()).isEqualTo(4);
    assertThat(type(float.class, void.class).itemSize()).isEqualTo(4);
    assertThat(type(long.class, void.class).itemSize()).isEqualTo(8);
    assertThat(type(double.class, void.class).itemSize()).isEqualTo(8);
  }

  @Test
  void zerosAndWrapStorage() {
    ScalarType<NdArray> t = type(short.class, void.class);
    t.zeros(Shape.of(2, 3));
    assertThat(wrapped.get(0)).isEqualTo(Shape.of(2, 3));
    assertThat((short[]) wrapped.get(1)).hasSize(6);
    short[] data = new short[4];
    t.wrapStorage(Shape.of(4), data);
    assertThat(wrapped.get(3)).isSameAs(data);
    assertThatThrownBy(() -> t.wrapStorage(Shape.of(5), data))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(5,)");
    assertThatThrownBy(() -> t.wrapStorage(Shape.of(4), new int[4]))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("short[]");
    assertThatThrownBy(() -> t.zeros(Shape.of(1L << 20, 1L << 20)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void typesMustBePrimitive() {
    assertThatThrownBy(() -> type(Short.class, void.class))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> type(void.class, void.class))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> type(short.class, String.class))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
