// An alpha-beta filter in Java (standard library only), run by TrackBench as
//   process(cmd: "java -cp BUILD_DIR AlphaBeta", alpha: 0.4, beta: 0.05)
// after `javac -d BUILD_DIR Examples/Process/AlphaBeta.java`, over the filter protocol's JSON-lines form
// (Sources/TrackBench/TrackBench.docc/YourFilter.md): a header line per run (its "parameters" hold alpha and beta), one line per fix,
// an end line; it answers each fix with the point to record or null, then echoes the end line. The
// body of step() is what an Android app's onLocationChanged would run. It keeps no state between runs
// and exits when its input ends.
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public final class AlphaBeta {
  static final double EARTH = 6371008.8;

  /** The number after "key": in a flat JSON object, or fallback when the key is absent. */
  static double number(String line, String key, double fallback) {
    int at = line.indexOf("\"" + key + "\":");
    if (at < 0) return fallback;
    int start = at + key.length() + 3, end = start;
    while (end < line.length() && ",}".indexOf(line.charAt(end)) < 0) end++;
    String token = line.substring(start, end).trim();
    return token.equals("null") ? fallback : Double.parseDouble(token);
  }

  double alpha, beta;
  boolean started;
  double originLat, originLon, cosLat, t, x, y, vx, vy;

  AlphaBeta(double alpha, double beta) { this.alpha = alpha; this.beta = beta; }

  /** One fix in, the point to record out (or null). */
  String step(String fix) {
    double acc = number(fix, "acc", -1);
    if (acc < 0) return null;
    double lat = number(fix, "lat", 0), lon = number(fix, "lon", 0), time = number(fix, "t", 0);
    if (!started) {
      originLat = lat; originLon = lon; cosLat = Math.cos(Math.toRadians(lat));
    }
    double px = Math.toRadians(lon - originLon) * EARTH * cosLat, py = Math.toRadians(lat - originLat) * EARTH;
    if (!started) {
      started = true; t = time; x = px; y = py; vx = 0; vy = 0;
    } else {
      double dt = time - t;
      if (dt <= 0) return null;
      double ex = x + vx * dt, ey = y + vy * dt, rx = px - ex, ry = py - ey;
      x = ex + alpha * rx; y = ey + alpha * ry;
      vx += beta * rx / dt; vy += beta * ry / dt;
      t = time;
    }
    double outLat = originLat + Math.toDegrees(y / EARTH), outLon = originLon + Math.toDegrees(x / (EARTH * cosLat));
    return "{\"t\":" + t + ",\"lat\":" + outLat + ",\"lon\":" + outLon + ",\"acc\":" + acc + ",\"speed\":" + Math.hypot(vx, vy) + "}";
  }

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
    AlphaBeta filter = null;
    List<String> answers = new ArrayList<>();
    String line;
    while ((line = in.readLine()) != null) {
      if (line.startsWith("{\"type\":\"run\"")) {
        filter = new AlphaBeta(number(line, "alpha", 0.4), number(line, "beta", 0.05));
        answers.clear();
      } else if (line.startsWith("{\"type\":\"end\"")) {
        for (String answer : answers) { out.write(answer == null ? "null" : answer); out.write('\n'); }
        out.write(line); out.write('\n');
        out.flush();
      } else {
        answers.add(filter.step(line));
      }
    }
  }
}
