package org.ndprim.contract;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.function.IntFunction;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ScalarType;
import org.ndprim.ShortNdArray;
import org.ndprim.example.Float16NdArray;

/**
 * The small per-type adapter the behaviour contract runs over: everything the contract needs to
 * know about one generated type that it cannot derive from {@link ScalarType}.
 *
 * @param type the generated type's descriptor ({@code ShortNdArray.TYPE})
 * @param box the box of the logical type, what {@code getObject} returns
 * @param value the k-th test value, as NumPy's {@code arange} would give for the dtype; value(0)
 *     is the zero that {@code zeros} stores (for boolean: {@code k % 2 == 1})
 * @param edges edge values that must survive set/get, fill, of/toArray and equals unchanged
 * @param floating whether equality follows {@link Float#equals} (NaN equals NaN, -0.0 is not 0.0)
 * @param arange6 {@code toString()} of {@code arange(6).reshape(2, 3)}, as numpy prints it
 * @param zero {@code toString()} of a zero scalar
 * @param storage where the contract's arrays live
 * @param <V> the boxed logical type
 */
record ScalarCase<V>(
    ScalarType<?> type,
    Class<V> box,
    IntFunction<V> value,
    List<V> edges,
    boolean floating,
    String arange6,
    String zero,
    StorageCase storage) {

  static final String INTEGRAL_ARANGE6 = "[[0 1 2]\n [3 4 5]]";
  static final String FLOATING_ARANGE6 = "[[0. 1. 2.]\n [3. 4. 5.]]";

  /** The eight built-in types and the user-declared Float16, over Java arrays. */
  static final List<ScalarCase<?>> TYPES = List.of(
      new ScalarCase<>(BooleanNdArray.TYPE, Boolean.class, k -> k % 2 == 1,
          List.of(true, false), false, "[[False  True False]\n [ True False  True]]", "False", StorageCase.ARRAY),
      new ScalarCase<>(ByteNdArray.TYPE, Byte.class, k -> (byte) k,
          List.of(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) -1, (byte) 0), false,
          INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(ShortNdArray.TYPE, Short.class, k -> (short) k,
          List.of(Short.MIN_VALUE, Short.MAX_VALUE, (short) -1, (short) 0), false,
          INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(CharNdArray.TYPE, Character.class, k -> (char) k,
          List.of(Character.MIN_VALUE, Character.MAX_VALUE, '\u8000', 'A'), false,
          INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(IntNdArray.TYPE, Integer.class, k -> k,
          List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0), false, INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(LongNdArray.TYPE, Long.class, k -> (long) k,
          List.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L), false, INTEGRAL_ARANGE6, "0", StorageCase.ARRAY),
      new ScalarCase<>(FloatNdArray.TYPE, Float.class, k -> (float) k,
          List.of(Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE,
              Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f),
          true, FLOATING_ARANGE6, "0.", StorageCase.ARRAY),
      new ScalarCase<>(DoubleNdArray.TYPE, Double.class, k -> (double) k,
          List.of(Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE,
              Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0),
          true, FLOATING_ARANGE6, "0.", StorageCase.ARRAY),
      new ScalarCase<>(Float16NdArray.TYPE, Float.class, k -> (float) k,
          // binary16: largest finite, smallest subnormal, smallest normal, NaN, infinities, zeros
          List.of(65504f, -65504f, 0x1p-24f, -0x1p-24f, 0x1p-14f, Float.NaN,
              Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f),
          true, FLOATING_ARANGE6, "0.", StorageCase.ARRAY));

  /** Every type over every storage: the cases the behaviour contract runs over. */
  static final List<ScalarCase<?>> ALL = TYPES.stream()
      .flatMap(c -> Arrays.stream(StorageCase.values()).map(c::over))
      .collect(Collectors.toUnmodifiableList());

  /** Returns this type's case over another storage. */
  ScalarCase<V> over(StorageCase other) {
    return new ScalarCase<>(type, box, value, edges, floating, arange6, zero, other);
  }

  /** Returns the type name, e.g. {@code Short}. */
  String name() {
    return type.name();
  }

  /** Returns the k-th test value. */
  V v(int k) {
    return value.apply(k);
  }

  /** Returns e.g. {@code Short} or {@code Short over 16-byte chunks}. */
  @Override
  public String toString() {
    return storage == StorageCase.ARRAY ? name() : name() + " over " + storage;
  }
}
