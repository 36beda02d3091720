import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

// Streams `total` bytes through /bin/cat in `chunk`-byte writes and reads them back: swift-subprocess
// (async writer and reader), then a plain posix_spawn + poll loop like TrackBench's ChildProcess.
let total = 256 << 20, chunk = 64 << 10
let block = [UInt8](repeating: 65, count: chunk)

func subprocessRun() async throws -> (Double, Int) {
  let start = Date()
  var options = PlatformOptions()
  options.processGroupID = 0
  options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .milliseconds(200))]
  let result = try await Subprocess.run(.path("/bin/cat"), platformOptions: options, input: .inputWriter, output: .sequence, error: .discarded) { execution in
    try await withThrowingTaskGroup(of: Int.self) { group in
      group.addTask {
        var left = total
        while left > 0 { _ = try await execution.standardInputWriter.write(block); left -= chunk }
        try await execution.standardInputWriter.finish()
        return 0
      }
      group.addTask {
        var received = 0
        for try await buffer in execution.standardOutput { received += buffer.withUnsafeBytes { $0.count } }
        return received
      }
      var sum = 0
      for try await n in group { sum += n }
      return sum
    }
  }
  return (Date().timeIntervalSince(start), result.closureResult)
}

func pollRun() -> (Double, Int) {
  let start = Date()
  var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
  _ = pipe(&toChild); _ = pipe(&fromChild)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
  posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
  posix_spawn_file_actions_addclose(&actions, toChild[1]); posix_spawn_file_actions_addclose(&actions, fromChild[0])
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP)); posix_spawnattr_setpgroup(&attributes, 0)
  var pid: pid_t = 0
  let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/cat"), nil]
  posix_spawn(&pid, "/bin/cat", &actions, &attributes, argv, environ)
  close(toChild[0]); close(fromChild[1])
  let input = toChild[1], output = fromChild[0]
  _ = fcntl(input, F_SETFL, O_NONBLOCK)
  var sent = 0, received = 0, offset = 0
  var buffer = [UInt8](repeating: 0, count: chunk)
  var writing = true
  while received < total {
    var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: writing ? input : -1, events: Int16(POLLOUT), revents: 0)]
    _ = poll(&fds, 2, 1000)
    if fds[1].revents != 0 && writing {
      let n = block.withUnsafeBytes { write(input, $0.baseAddress! + offset, chunk - offset) }
      if n > 0 { offset += n; if offset == chunk { offset = 0; sent += chunk } }
      if sent == total { close(input); writing = false }
    }
    if fds[0].revents != 0 {
      let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress!, chunk) }
      if n > 0 { received += n } else { break }
    }
  }
  close(output)
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return (Date().timeIntervalSince(start), received)
}

for round in 1...3 {
  let (ps, pn) = pollRun()
  let (ss, sn) = try await subprocessRun()
  print(String(format: "round %d: poll %.0f MB/s (%d B), swift-subprocess %.0f MB/s (%d B)", round, Double(pn) / ps / 1e6, pn, Double(sn) / ss / 1e6, sn))
}

// Start-up: 200 runs of /bin/true in a process group of their own, each waited for.
func spawnPoll() -> Double {
  let start = Date()
  for _ in 0..<200 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP)); posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    posix_spawn(&pid, "/bin/true", nil, &attributes, argv, environ)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    posix_spawnattr_destroy(&attributes)
  }
  return Date().timeIntervalSince(start) / 200
}
func spawnSubprocess() async throws -> Double {
  let start = Date()
  var options = PlatformOptions()
  options.processGroupID = 0
  for _ in 0..<200 { _ = try await Subprocess.run(.path("/bin/true"), platformOptions: options, output: .discarded) }
  return Date().timeIntervalSince(start) / 200
}
for round in 1...3 {
  let p = spawnPoll(), s = try await spawnSubprocess()
  print(String(format: "spawn round %d: posix_spawn %.0f µs, swift-subprocess %.0f µs", round, p * 1e6, s * 1e6))
}
