package com.example.digits;

import org.ndprim.NdScalar;

/**
 * An 8-bit grayscale pixel, NumPy's {@code uint8}: stored as a {@code byte}, read and written as
 * the {@code int} 0..255. Writing a value outside that range saturates (clips), as image
 * libraries do, where NumPy's cast would wrap.
 */
@NdScalar(name = "Gray8", storage = byte.class, logical = int.class, dtype = "|u1")
final class Gray8Scalar {
  private Gray8Scalar() {}

  static int toLogical(byte stored) {
    return Byte.toUnsignedInt(stored);
  }

  static byte toStorage(int value) {
    return (byte) Math.max(0, Math.min(255, value));
  }
}
