package org.ndprim.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** The golden corpora written by the numpy scripts: gzipped lines of tab-separated fields. */
public final class GoldenTsv {
  private GoldenTsv() {}

  /**
   * Reads a corpus from the test class path, skipping blank lines and {@code #} comments.
   *
   * @param resource the resource path, e.g. {@code /golden/sorting_cases.txt.gz}
   * @return each line's fields, empty fields kept
   * @throws IOException if the resource is missing or unreadable
   */
  public static List<String[]> read(String resource) throws IOException {
    List<String[]> out = new ArrayList<>();
    try (InputStream in = GoldenTsv.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("no golden corpus " + resource + " on the test class path");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in),
          StandardCharsets.UTF_8));
      for (String line; (line = r.readLine()) != null; ) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          out.add(line.split("\t", -1));
        }
      }
    }
    return out;
  }
}
