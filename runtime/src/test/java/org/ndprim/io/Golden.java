package org.ndprim.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/** The numpy-written files in src/test/resources/npy (see src/test/python/gen_npy_golden.py). */
final class Golden {
  private Golden() {}

  static Path path(String name) {
    URL url = Golden.class.getResource("/npy/" + name);
    if (url == null) {
      throw new IllegalArgumentException("no golden file " + name + "; run src/test/python/gen_npy_golden.py");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] bytes(String name) {
    try {
      return Files.readAllBytes(path(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
