package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** ndprim's integer system properties: bad values are ignored with a warning, not silently. */
class ParallelismPropertyTest {
  private static final String NAME = "ndprim.test.intProperty";

  @Test
  void badValuesAreIgnoredWithAWarningNamingPropertyAndValue() {
    List<String> warnings = new ArrayList<>();
    Handler handler = new Handler() {
      @Override
      public void publish(LogRecord r) {
        warnings.add(r.getLevel() + " " + r.getMessage());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Logger logger = Logger.getLogger("org.ndprim");
    logger.addHandler(handler);
    try {
      System.clearProperty(NAME);
      assertThat(Parallelism.intProperty(NAME, 7, 1, false)).isEqualTo(7);
      System.setProperty(NAME, " 3 ");
      assertThat(Parallelism.intProperty(NAME, 7, 1, false)).isEqualTo(3);
      assertThat(warnings).isEmpty();
      System.setProperty(NAME, "two");
      assertThat(Parallelism.intProperty(NAME, 7, 1, false)).isEqualTo(7);
      System.setProperty(NAME, "0");
      assertThat(Parallelism.intProperty(NAME, 7, 1, false)).isEqualTo(7);
      assertThat(Parallelism.intProperty(NAME, 7, 1, true)).isEqualTo(1); // a grain: clamped
      System.setProperty(NAME, "1e6");
      assertThat(Parallelism.intProperty(NAME, 7, 1, true)).isEqualTo(7);
      System.setProperty(NAME, "99999999999");
      assertThat(Parallelism.intProperty(NAME, 7, 1, false)).isEqualTo(7);
      assertThat(warnings).containsExactly(
          "WARNING ndprim ignores -D" + NAME + "=two: not a whole number from 1 to 2147483647;"
              + " using 7",
          "WARNING ndprim ignores -D" + NAME + "=0: not a whole number from 1 to 2147483647;"
              + " using 7",
          "WARNING ndprim ignores -D" + NAME + "=1e6: not a whole number from -2147483648 to"
              + " 2147483647; using 7",
          "WARNING ndprim ignores -D" + NAME + "=99999999999: not a whole number from 1 to"
              + " 2147483647; using 7");
    } finally {
      logger.removeHandler(handler);
      System.clearProperty(NAME);
    }
  }
}
