// Reads a TrackBench fixture (`trackbench export SCENARIO --for fixture-csv`) in a plain JVM unit test:
// standard library only, no android.jar (whose Location and org.json are stubs off a device) and no
// JSON library. Each row becomes a Fix; an empty field is null, as the fixture leaves what the phone did
// not report. On a device, or under Robolectric, toLocation() in the export guide (docs/export.md) turns
// a Fix into an android.location.Location.
//
//   javac -d build Examples/Android/TrackBenchFixture.java
//   java -cp build TrackBenchFixture park-loop.csv     (prints the count and the first fix)
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public final class TrackBenchFixture {
  /** One fix as the phone reported it. Nullable fields are absent in the fixture. */
  public static final class Fix {
    /** Unix time, milliseconds (Location.setTime). */
    public final long timeMs;
    /** Nanoseconds since the run's first fix, for Location.setElapsedRealtimeNanos (add your own base). */
    public final long elapsedNanos;
    public final double latitude, longitude;
    /** Metres above the WGS84 ellipsoid; metres (68 %); metres; m/s; degrees from north. */
    public final Double altitude, horizontalAccuracy, verticalAccuracy, speed, course;

    Fix(long timeMs, long elapsedNanos, double latitude, double longitude, Double altitude, Double horizontalAccuracy,
        Double verticalAccuracy, Double speed, Double course) {
      this.timeMs = timeMs; this.elapsedNanos = elapsedNanos; this.latitude = latitude; this.longitude = longitude;
      this.altitude = altitude; this.horizontalAccuracy = horizontalAccuracy; this.verticalAccuracy = verticalAccuracy;
      this.speed = speed; this.course = course;
    }
  }

  static final String HEADER = "time,time_ms,latitude,longitude,altitude,horizontal_accuracy,vertical_accuracy,speed,course";

  /** Every fix of a fixture-csv, in order. Throws IOException naming the line of anything else. */
  public static List<Fix> read(Reader csv) throws IOException {
    BufferedReader in = new BufferedReader(csv);
    String header = in.readLine();
    if (!HEADER.equals(header)) throw new IOException("line 1: expected the header " + HEADER + ", found " + header);
    List<Fix> fixes = new ArrayList<>();
    long first = 0;
    String line;
    for (int number = 2; (line = in.readLine()) != null; number++) {
      if (line.isEmpty()) continue;
      String[] f = line.split(",", -1);
      if (f.length != 9) throw new IOException("line " + number + ": expected 9 fields, found " + f.length);
      try {
        long timeMs = Long.parseLong(f[1]);
        if (fixes.isEmpty()) first = timeMs;
        fixes.add(new Fix(timeMs, (timeMs - first) * 1_000_000L, Double.parseDouble(f[2]), Double.parseDouble(f[3]),
            optional(f[4]), optional(f[5]), optional(f[6]), optional(f[7]), optional(f[8])));
      } catch (NumberFormatException e) {
        throw new IOException("line " + number + ": " + e.getMessage());
      }
    }
    return fixes;
  }

  static Double optional(String field) { return field.isEmpty() ? null : Double.valueOf(field); }

  public static void main(String[] args) throws IOException {
    List<Fix> fixes = read(Files.newBufferedReader(Paths.get(args[0]), StandardCharsets.UTF_8));
    Fix f = fixes.get(0);
    System.out.println(fixes.size() + " " + f.timeMs + " " + f.elapsedNanos + " " + f.latitude + " " + f.longitude + " " + f.altitude + " "
        + f.horizontalAccuracy + " " + f.verticalAccuracy + " " + f.speed + " " + f.course);
  }
}
