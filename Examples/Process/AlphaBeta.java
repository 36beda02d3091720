// An alpha-beta filter in Java (standard library only), run by TrackBench as
//   process(cmd: "java -cp BUILD_DIR AlphaBeta", alpha: 0.4, beta: 0.05)
// after `javac -d BUILD_DIR Examples/Process/AlphaBeta.java`, over the filter protocol's JSON-lines form
// (Sources/TrackBench/TrackBench.docc/YourFilter.md): a header line per run (its "parameters" hold alpha and beta), one line per fix,
// an end line; it answers each fix with the point to record or null, then echoes the end line. The
// body of step() is what an Android app's onLocationChanged would run. It keeps no state between runs
// and exits when its input ends.
//
// With the argument `binary` it speaks the protocol's binary frames instead:
//   process(cmd: "java -cp BUILD_DIR AlphaBeta binary", format: binary, alpha: 0.4, beta: 0.05)
// The same step(), fed doubles. Both forms read through a buffer and write through one, flushing once
// per run: System.out flushes on every write, one system call per answer, which holds a Java child to
// about 1 M fixes/s where a buffered one moves 4-5 M (YourFilter.md, "How fast").
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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

  /** The point step() records: time (s), latitude and longitude (degrees), accuracy (m), speed (m/s). */
  double outTime, outLat, outLon, outAcc, outSpeed;

  /** One fix in, the point to record out (or null). */
  String step(String fix) {
    double acc = number(fix, "acc", -1);
    double lat = number(fix, "lat", 0), lon = number(fix, "lon", 0), time = number(fix, "t", 0);
    if (!step(time, lat, lon, acc)) return null;
    return "{\"t\":" + outTime + ",\"lat\":" + outLat + ",\"lon\":" + outLon + ",\"acc\":" + outAcc + ",\"speed\":" + outSpeed + "}";
  }

  /** One fix in; true when it records a point (in the out fields). */
  boolean step(double time, double lat, double lon, double acc) {
    if (acc < 0) return false;
    if (!started) {
      originLat = lat; originLon = lon; cosLat = Math.cos(Math.toRadians(lat));
    }
    double px = Math.toRadians(lon - originLon) * EARTH * cosLat, py = Math.toRadians(lat - originLat) * EARTH;
    if (!started) {
      started = true; t = time; x = px; y = py; vx = 0; vy = 0;
    } else {
      double dt = time - t;
      if (dt <= 0) return false;
      double ex = x + vx * dt, ey = y + vy * dt, rx = px - ex, ry = py - ey;
      x = ex + alpha * rx; y = ey + alpha * ry;
      vx += beta * rx / dt; vy += beta * ry / dt;
      t = time;
    }
    outTime = t; outAcc = acc; outSpeed = Math.hypot(vx, vy);
    outLat = originLat + Math.toDegrees(y / EARTH); outLon = originLon + Math.toDegrees(x / (EARTH * cosLat));
    return true;
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("binary")) { binary(); return; }
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

  /**
   * The binary form, little-endian: per run "TBF1", u32 L, u64 n, L bytes of the header's JSON, then n
   * frames of 7 float64 (t, lat, lon, acc, speed, course, age); answered by n frames of a u64 flag and 5
   * float64 (t, lat, lon, acc, speed), then "TBE1" and the run number as u32.
   */
  static void binary() throws Exception {
    DataInputStream in = new DataInputStream(new BufferedInputStream(System.in, 1 << 16));
    OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    ByteBuffer head = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer fix = ByteBuffer.allocate(56).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer answer = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
    while (true) {
      try { in.readFully(head.array()); } catch (EOFException end) { break; }
      head.rewind();
      if (head.getInt() != 0x31464254) throw new IllegalStateException("expected a run frame (TBF1)");
      int length = head.getInt();
      long fixes = head.getLong();
      byte[] header = new byte[length];
      in.readFully(header);
      String text = new String(header, StandardCharsets.UTF_8);
      AlphaBeta filter = new AlphaBeta(number(text, "alpha", 0.4), number(text, "beta", 0.05));
      for (long k = 0; k < fixes; k++) {
        in.readFully(fix.array());
        fix.rewind();
        double time = fix.getDouble(), lat = fix.getDouble(), lon = fix.getDouble(), acc = fix.getDouble();
        answer.clear();
        if (filter.step(time, lat, lon, acc)) {
          answer.putLong(1).putDouble(filter.outTime).putDouble(filter.outLat).putDouble(filter.outLon).putDouble(filter.outAcc).putDouble(filter.outSpeed);
        } else {
          answer.putLong(0).putDouble(0).putDouble(0).putDouble(0).putDouble(0).putDouble(0);
        }
        out.write(answer.array());
      }
      ByteBuffer end = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      end.put(new byte[] {'T', 'B', 'E', '1'}).putInt((int) number(text, "run", 0));
      out.write(end.array());
      out.flush();
    }
  }
}
