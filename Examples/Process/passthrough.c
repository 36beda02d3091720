/* The trivial filter: records every fix as it came, over either form of TrackBench's filter protocol
 * (Sources/TrackBench/TrackBench.docc/YourFilter.md). Used to time the protocol itself:
 *   cc -O2 -o passthrough Examples/Process/passthrough.c
 *   trackbench throughput --strategy 'process(cmd: "./passthrough binary", format: binary)'
 *   trackbench throughput --strategy 'process(cmd: "./passthrough jsonl")'
 * JSON lines: every fix line is echoed as its answer (the protocol ignores the extra keys), the end
 * line is echoed, the run line is skipped. Binary: each 56-byte fix becomes a 48-byte answer with flag 1
 * (t, latitude, longitude, accuracy, speed), then "TBE1" and the run number. Exits at end of input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int read_exactly(void *buffer, size_t size) { return fread(buffer, 1, size, stdin) == size; }

static int binary(void) {
  static char header[1 << 20];
  uint32_t run = 0;
  for (;;) {
    unsigned char frame[16];
    if (!read_exactly(frame, 16)) return 0;
    if (memcmp(frame, "TBF1", 4) != 0) { fprintf(stderr, "passthrough: expected TBF1\n"); return 1; }
    uint32_t length; uint64_t count;
    memcpy(&length, frame + 4, 4); memcpy(&count, frame + 8, 8);
    if (length > sizeof header || !read_exactly(header, length)) return 1;
    run++;
    double fix[7], answer[6];
    uint64_t flag = 1;
    for (uint64_t i = 0; i < count; i++) {
      if (!read_exactly(fix, sizeof fix)) return 1;
      memcpy(&answer[0], &flag, 8);
      answer[1] = fix[0]; answer[2] = fix[1]; answer[3] = fix[2]; answer[4] = fix[3]; answer[5] = fix[4];
      fwrite(answer, sizeof answer, 1, stdout);
    }
    fwrite("TBE1", 4, 1, stdout);
    fwrite(&run, 4, 1, stdout);
    fflush(stdout);
  }
}

static int text(void) {
  static char line[1 << 20];
  while (fgets(line, sizeof line, stdin)) {
    if (strncmp(line, "{\"type\":\"run\"", 13) == 0) continue;
    fputs(line, stdout);
    if (strncmp(line, "{\"type\":\"end\"", 13) == 0) fflush(stdout);
  }
  return 0;
}

int main(int argc, char **argv) {
  static char in[1 << 16], out[1 << 16];
  setvbuf(stdin, in, _IOFBF, sizeof in);
  setvbuf(stdout, out, _IOFBF, sizeof out);
  return argc > 1 && strcmp(argv[1], "binary") == 0 ? binary() : text();
}
