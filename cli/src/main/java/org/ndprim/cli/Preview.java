package org.ndprim.cli;

/**
 * A picture drawn in a terminal, nearest-neighbour sampled to {@code columns x rows} pixel units.
 * <ul>
 *   <li>{@link Mode#COLOR}: Unicode upper half blocks ({@code U+2580}), two pixels per character
 *       cell (the top one in the foreground colour, the bottom one in the background colour), so
 *       pixels come out about square; gray pixels in the 256-colour palette's grays (16, 232-255,
 *       231), RGB pixels in its nearest colour (6x6x6 cube or gray), alpha composited over black;</li>
 *   <li>{@link Mode#PLAIN}: two characters per pixel from the ramp {@value #RAMP} (dark to light),
 *       one line per pixel row, for terminals without colours or a pipe.</li>
 * </ul>
 */
final class Preview {
  /** The plain ramp: gray levels 0..255 in ten steps of 25.6. */
  static final String RAMP = " .:-=+*#%@";

  enum Mode { COLOR, PLAIN }

  private Preview() {}

  /**
   * The default size in pixel units for a picture of {@code width x height}: small pictures are
   * enlarged by a whole factor until the longer side reaches 32 units in colour (32x16 cells for
   * an 8x8 digit) or 16 in plain characters (the same 32x16); a picture wider than {@code columns}
   * character cells is reduced to fit.
   *
   * @return {width, height} in pixel units
   */
  static int[] fit(int width, int height, Mode mode, int columns) {
    int target = mode == Mode.COLOR ? 32 : 16;
    int scale = Math.max(1, target / Math.max(width, height));
    long w = (long) width * scale;
    long h = (long) height * scale;
    int perPixel = mode == Mode.COLOR ? 1 : 2;
    long room = Math.max(1, columns / perPixel);
    if (w > room) {
      h = Math.max(1, Math.round((double) h * room / w));
      w = room;
    }
    return new int[] {(int) w, (int) h};
  }

  /** Draws {@code p} at {@code w x h} pixel units; every line ends with a newline. */
  static String render(Picture p, int w, int h, Mode mode) {
    StringBuilder sb = new StringBuilder();
    if (mode == Mode.PLAIN) {
      for (int y = 0; y < h; y++) {
        int sy = (int) ((long) y * p.height / h);
        for (int x = 0; x < w; x++) {
          char c = RAMP.charAt(p.gray(sy, (int) ((long) x * p.width / w)) * RAMP.length() / 256);
          sb.append(c).append(c);
        }
        sb.append('\n');
      }
      return sb.toString();
    }
    for (int y = 0; y < h; y += 2) {
      int top = (int) ((long) y * p.height / h);
      int bottom = y + 1 < h ? (int) ((long) (y + 1) * p.height / h) : -1;
      int fg = -1;
      int bg = -1;
      for (int x = 0; x < w; x++) {
        int sx = (int) ((long) x * p.width / w);
        int f = color(p, top, sx);
        int b = bottom < 0 ? -1 : color(p, bottom, sx);
        if (f != fg || b != bg) {
          sb.append("\033[38;5;").append(f).append(b < 0 ? ";49" : ";48;5;" + b).append('m');
          fg = f;
          bg = b;
        }
        sb.append('\u2580');
      }
      sb.append("\033[0m\n");
    }
    return sb.toString();
  }

  /** The nearest of the 256-colour palette's grays and (for colour pixels) its 6x6x6 cube. */
  static int color(Picture p, int y, int x) {
    if (p.channels == 1) {
      return gray(p.sample(y, x, 0));
    }
    int r = p.opaque(y, x, 0);
    int g = p.opaque(y, x, 1);
    int b = p.opaque(y, x, 2);
    int cube = 16 + 36 * cubeIndex(r) + 6 * cubeIndex(g) + cubeIndex(b);
    int grayCode = gray((int) Math.round((r + g + b) / 3.0));
    return distance(cube, r, g, b) <= distance(grayCode, r, g, b) ? cube : grayCode;
  }

  /** The palette's gray nearest to {@code v}: 16 (black), 232..255 (8, 18, ..., 238), 231 (white). */
  static int gray(int v) {
    int best = 16;
    int bestDistance = v;
    for (int k = 0; k < 24; k++) {
      int d = Math.abs(v - (8 + 10 * k));
      if (d < bestDistance) {
        best = 232 + k;
        bestDistance = d;
      }
    }
    return 255 - v < bestDistance ? 231 : best;
  }

  private static final int[] CUBE = {0, 95, 135, 175, 215, 255};

  private static int cubeIndex(int v) {
    int best = 0;
    for (int i = 1; i < CUBE.length; i++) {
      if (Math.abs(v - CUBE[i]) < Math.abs(v - CUBE[best])) {
        best = i;
      }
    }
    return best;
  }

  /** Squared distance between palette colour {@code code} and (r, g, b). */
  private static int distance(int code, int r, int g, int b) {
    int cr;
    int cg;
    int cb;
    if (code == 16 || code == 231 || code >= 232) {
      int v = code == 16 ? 0 : code == 231 ? 255 : 8 + 10 * (code - 232);
      cr = v;
      cg = v;
      cb = v;
    } else {
      int i = code - 16;
      cr = CUBE[i / 36];
      cg = CUBE[i / 6 % 6];
      cb = CUBE[i % 6];
    }
    return (cr - r) * (cr - r) + (cg - g) * (cg - g) + (cb - b) * (cb - b);
  }
}
