import Foundation
import TrackCore

/// One running child filter: its pipes, and the exchange of one run (fixes out, points back) with a
/// deadline, both directions at once (`poll`), so neither side blocks on a full pipe.
final class ChildProcess: @unchecked Sendable {
  let pid: pid_t
  let command: String
  private let input: Int32  // the child's stdin (we write)
  private let output: Int32  // the child's stdout (we read)
  private var buffered: [UInt8] = []
  /// Lines the child has written so far (JSON lines), for error messages.
  private(set) var linesRead = 0
  private var runs = 0
  private(set) var isUsable = true
  /// The bytes of a long run's request (ProtocolFrames.Encoding), kept for the next: a fresh allocation
  /// of tens of megabytes per run is paid again in the kernel's clearing of its pages.
  private var requestStorage = UnsafeMutableRawBufferPointer(start: nil, count: 0)

  /// Starts `/bin/sh -c command` as the leader of a process group of its own (so a shell line that
  /// forks is signalled whole: ``ProcessGroup``); its stderr goes to ours, each line prefixed with
  /// `[command]`.
  /// - Throws: ``ProcessFailure`` when the process cannot be started.
  init(command: String, strategy: String) throws(ProcessFailure) {
    self.command = command
    ChildProcess.ignoreBrokenPipes
    // Spawns are serialised, so no other child can inherit these pipes before they are marked
    // close-on-exec (a child holding another's stdin open would never see the end of its input).
    ChildProcess.spawning.lock()
    defer { ChildProcess.spawning.unlock() }
    // From the spawn to the registration a signal must not end TrackBench unseen by the child's group:
    // this thread holds the handled signals back, and a handler on another thread waits for the
    // registration (ChildRegistry.starting).
    var handled = sigset_t(), previous = sigset_t()
    sigemptyset(&handled)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&handled, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &handled, &previous)
    ChildRegistry.starting.add(1, ordering: .releasing)
    defer {
      ChildRegistry.starting.subtract(1, ordering: .releasing)
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&errors) == 0 else {
      throw ProcessFailure(strategy: strategy, run: "start", message: "cannot make pipes: \(String(cString: strerror(errno)))")
    }
    for descriptor in toChild + fromChild + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = Spawn.newActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    // Nothing else of ours reaches the child: a descriptor another thread opened without close-on-exec
    // (a Foundation pipe, an output file) kept open by a long-lived child would hold its reader back.
    // glibc closes every descriptor from 3 as a file action; Darwin marks all but 0-2 close-on-exec.
    Spawn.closeFromThree(&actions)
    let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) }
    defer { arguments.forEach { free($0) } }
    var argv = arguments + [nil]
    // Its own process group (the group's id is the shell's pid), with default signal dispositions:
    // TrackBench ignores SIGPIPE, and an ignored signal would otherwise stay ignored across exec.
    var attributes = Spawn.newAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Nor does a signal mask of ours (a worker thread blocks most signals) reach the filter.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | Spawn.closeOnExecByDefault))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for handled in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, handled) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    var child: pid_t = 0
    let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, Spawn.environment)
    close(toChild[0]); close(fromChild[1]); close(errors[1])
    guard status == 0 else {
      close(toChild[1]); close(fromChild[0]); close(errors[0])
      throw ProcessFailure(strategy: strategy, run: "start", message: "cannot start '/bin/sh -c \(command)': \(String(cString: strerror(status)))")
    }
    pid = child
    input = toChild[1]
    output = fromChild[0]
    _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    ChildRegistry.add(pid)
    ChildProcess.passStandardError(errors[0], prefix: "[\(command)] ")
  }

  deinit { requestStorage.deallocate() }

  private static let spawning = NSLock()

  /// Writing to a child that has exited must be an error (EPIPE), not the end of TrackBench.
  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// Copies the child's stderr to ours line by line with `prefix`, on a thread of its own, until EOF.
  private static func passStandardError(_ descriptor: Int32, prefix: String) {
    let thread = Thread(block: CommandScope.carried {
      var pending: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      func emit(_ line: ArraySlice<UInt8>) {
        CommandScope.current.writeError(Data(Array(prefix.utf8) + line + [10]))
      }
      while true {
        let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        pending += chunk[0..<n]
        while let newline = pending.firstIndex(of: 10) {
          emit(pending[..<newline])
          pending.removeSubrange(...newline)
        }
      }
      if !pending.isEmpty { emit(pending[...]) }
      close(descriptor)
    })
    thread.start()
  }

  /// Closes the child's stdin: a filter exits at EOF. ``finishStopping(grace:)`` then ends it.
  func beginStopping() {
    guard isUsable else { return }
    isUsable = false
    closePipes()
  }

  private func closePipes() {
    close(input)
    close(output)
  }

  /// Waits until `deadline` for the shell to exit, then ends its whole process group (TERM, then KILL),
  /// so nothing it forked is left running, and reaps it.
  func finishStopping(deadline: Date) {
    ProcessGroup.waitForLeader(pid, seconds: deadline.timeIntervalSinceNow)
    ProcessGroup.end(pid)
    ChildRegistry.remove(pid)
  }

  /// Ends the child's process group at once (after a failure or a timeout) and reaps it.
  private func discard() {
    guard isUsable else { return }
    isUsable = false
    closePipes()
    ProcessGroup.end(pid)
    ChildRegistry.remove(pid)
  }

  /// How the child ended, once it has (for an error message).
  private func exitDescription() -> String {
    var status: Int32 = 0
    var waited: pid_t = 0
    for _ in 0..<100 {
      waited = waitpid(pid, &status, WNOHANG)
      if waited != 0 { break }
      usleep(2000)
    }
    guard waited == pid else { return "closed its output" }
    // The shell is reaped: end what it may have left in its group, then forget it.
    isUsable = false
    closePipes()
    kill(-pid, SIGKILL)
    ChildRegistry.remove(pid)
    let termination = status & 0x7f
    if termination == 0 { return "exited with status \((status >> 8) & 0xff)" }
    return "was killed by signal \(termination)"
  }

  // MARK: - One run

  /// Sends the run's fixes and reads one answer per fix, then the end of the run.
  /// - Throws: ``ProcessFailure`` naming the strategy, the run and the offending line or frame; the
  ///   child is killed and not used again.
  func exchange(run fixes: UnsafeBufferPointer<LocalFix>, into recorded: inout [LocalFix], strategy: ProcessStrategy, context: FilterRun.Context) throws(ProcessFailure) {
    runs += 1
    let runName = context.scenario.isEmpty ? "\(runs)" : "\(context.scenario) trial \(context.trial)"
    func failure(_ message: String) -> ProcessFailure {
      discard()
      return ProcessFailure(strategy: strategy.description, run: runName, message: message)
    }
    var request: [UInt8] = []
    // A long run in binary frames is encoded beside the exchange (ProtocolFrames.Encoding).
    var encoding: ProtocolFrames.Encoding?
    switch strategy.format {
    case .jsonl: request = ProtocolText.request(fixes, run: runs, context: context, parameters: strategy.parameters)
    case .binary where fixes.count >= ProtocolFrames.Encoding.minimumFixes:
      let head = ProtocolFrames.head(fixes: fixes.count, run: runs, context: context, parameters: strategy.parameters)
      let size = ProtocolFrames.requestSize(fixes: fixes.count, headSize: head.count)
      if requestStorage.count < size {
        requestStorage.deallocate()
        requestStorage = .allocate(byteCount: size, alignment: 8)
      }
      encoding = ProtocolFrames.Encoding(fixes, head: head, frame: context.frame, into: requestStorage)
    case .binary: request = ProtocolFrames.request(fixes, run: runs, context: context, parameters: strategy.parameters)
    }
    defer { encoding?.finish() }
    let total = encoding?.bytes.count ?? request.count
    var reader: any AnswerReader
    switch strategy.format {
    case .jsonl: reader = ProtocolText.Reader(fixes: fixes, run: runs, frame: context.frame, firstLine: linesRead + 1)
    case .binary: reader = ProtocolFrames.Reader(fixes: fixes, run: runs, frame: context.frame)
    }
    recorded.removeAll(keepingCapacity: true)
    recorded.reserveCapacity(fixes.count)
    let deadline = Date().addingTimeInterval(strategy.timeout)
    var sent = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    // Quiet half-seconds in a row with the whole run sent and the child waiting to read more.
    var starved = 0
    let other = strategy.format == .jsonl ? "binary frames" : "JSON lines"
    let mismatch = strategy.format == .jsonl ? "add format: binary" : "drop format: binary"
    func stoppedReading() -> AnswerError {
      AnswerError("stopped reading its input after \(sent) of \(total) bytes (\(exitDescription()))" + firstRunHint(answered: reader.answered, other, mismatch))
    }
    do throws(AnswerError) {
      // Bytes from a previous run (an answer written after its end) are an error, not this run's.
      if !buffered.isEmpty { throw AnswerError("wrote \(buffered.count) bytes after the end of the previous run") }
      while !reader.isComplete {
        let available = encoding?.available ?? total
        var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        if sent < available { descriptors.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else {
          throw AnswerError(
            "no complete answer within \(Parameter.format(strategy.timeout)) s (timeout; \(reader.answered) of \(fixes.count) fixes answered): killed")
        }
        // Once the whole run is sent, wake every half second to see whether the child waits for more;
        // with everything encoded so far sent, every millisecond to send the next block.
        let slice = sent < available ? 1_000_000 : sent < total ? 1.0 : 500.0
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining * 1000 + 1, slice)))
        if ready < 0 {
          if errno == EINTR { continue }
          throw AnswerError("poll failed: \(String(cString: strerror(errno)))")
        }
        if ready == 0, sent == total {
          starved = waitsForMoreInput() ? starved + 1 : 0
          // Two checks half a second apart: a child between two reads is not mistaken for one stuck.
          if starved >= 2 {
            throw AnswerError(
              "read the whole run (\(total) bytes) and waits for more, with \(reader.answered) of \(fixes.count) fixes answered: "
                + "it expects more input than a run holds; a program that reads \(other) does this: if yours does, \(mismatch)")
          }
          continue
        }
        starved = 0
        if descriptors.count > 1, descriptors[1].revents != 0, sent < available {
          let n = encoding.map { write(input, $0.bytes.baseAddress! + sent, available - sent) }
            ?? request.withUnsafeBytes { write(input, $0.baseAddress! + sent, available - sent) }
          if n > 0 {
            sent += n
          } else if n < 0, errno != EAGAIN, errno != EINTR {
            throw stoppedReading()
          }
        }
        if descriptors[0].revents != 0 {
          let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
          if n > 0 {
            try reader.consume(chunk[0..<n], into: &recorded)
          } else if n == 0 {
            // A long run's child that ends while frames are still being encoded is told as one that
            // stopped reading, as it was when the whole run was there to write.
            if encoding != nil, sent < total { throw stoppedReading() }
            throw AnswerError(
              "\(exitDescription()) before answering: \(reader.answered) of \(fixes.count) fixes answered" + firstRunHint(answered: reader.answered, other, mismatch))
          } else if errno != EAGAIN, errno != EINTR {
            throw AnswerError("cannot read its output: \(String(cString: strerror(errno)))")
          }
        }
      }
      buffered = reader.leftOver
      if let text = reader as? ProtocolText.Reader { linesRead = text.lineNumber - 1 }
    } catch {
      throw failure(error.message)
    }
  }
}

extension ChildProcess {
  /// "; if the program speaks binary frames, add format: binary" when the child failed on its first run
  /// before answering anything (what a program speaking the other format does), else nothing.
  private func firstRunHint(answered: Int, _ other: String, _ mismatch: String) -> String {
    runs == 1 && answered == 0 ? "; if the program speaks \(other), \(mismatch)" : ""
  }

  /// Whether the child waits for input it will never get: the pipe to it is empty, and a thread of a
  /// process of its group whose stdin is that pipe sleeps reading a pipe while no thread of the group
  /// runs. Threads, not only processes: a JVM reads in its `main` thread while the process's first
  /// thread waits for that one to end. Linux only (from `/proc`); elsewhere false, and such a child
  /// meets its timeout instead.
  /// - Complexity: O(processes on the machine + threads of the group): read only while the child is quiet.
  func waitsForMoreInput() -> Bool {
    var queued: Int32 = 0
    guard ioctl(input, UInt(FIONREAD), &queued) == 0, queued == 0,
      let ourPipe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(input)"),
      let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc")
    else { return false }
    // After the command's name in a stat line: state, parent, process group.
    func fields(_ path: String) -> [Substring]? {
      guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
      return stat[stat.index(after: close)...].split(separator: " ")
    }
    var reading = false
    for entry in entries {
      guard Int32(entry) != nil, let process = fields("/proc/\(entry)/stat"), process.count > 2, Int32(process[2]) == pid else { continue }
      let stdin = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/fd/0")
      let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(entry)/task")) ?? [entry]
      for thread in threads {
        let base = "/proc/\(entry)/task/\(thread)"
        // A thread that ended since the listing has nothing to say; one that runs, or is in any state
        // but sleeping, means the group is not stuck.
        guard let state = fields(base + "/stat")?.first else { continue }
        guard state == "S" else { return false }
        let waiting = (try? String(contentsOfFile: base + "/wchan", encoding: .utf8)) ?? ""
        if (waiting.hasSuffix("pipe_read") || waiting == "pipe_wait"), stdin == ourPipe { reading = true }
      }
    }
    return reading
  }

  /// Numbers the next run (each child counts its own runs from 1).
  func nextRun() -> Int {
    runs += 1
    return runs
  }

  /// Protocol 2's exchange: writes `bytes` whole and reads one line back (without its newline), both
  /// by `deadline`. The line's number is ``linesRead`` afterwards.
  /// - Throws: ``AnswerError`` on a timeout, an exit, an unreadable output or a line over 1 MB.
  func ask(_ bytes: [UInt8], deadline: Date, timeout: Double) throws(AnswerError) -> [UInt8] {
    var sent = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 12)
    while true {
      if sent == bytes.count, let newline = buffered.firstIndex(of: 10) {
        let line = Array(buffered[..<newline])
        buffered.removeSubrange(...newline)
        linesRead += 1
        return line
      }
      if buffered.count > 1 << 20 { throw AnswerError("line \(linesRead + 1): longer than 1 MB without a newline; expected one JSON value per line") }
      var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
      if sent < bytes.count { descriptors.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { throw AnswerError("no answer within \(Parameter.format(timeout)) s (timeout): killed") }
      let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining * 1000 + 1, 1_000_000)))
      if ready < 0 {
        if errno == EINTR { continue }
        throw AnswerError("poll failed: \(String(cString: strerror(errno)))")
      }
      if descriptors.count > 1, descriptors[1].revents != 0 {
        let n = bytes.withUnsafeBytes { write(input, $0.baseAddress! + sent, $0.count - sent) }
        if n > 0 {
          sent += n
        } else if n < 0, errno != EAGAIN, errno != EINTR {
          throw AnswerError("stopped reading its input (\(exitDescription()))")
        }
      }
      if descriptors[0].revents != 0 {
        let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if n > 0 {
          buffered += chunk[0..<n]
        } else if n == 0 {
          throw AnswerError("\(exitDescription()) before answering")
        } else if errno != EAGAIN, errno != EINTR {
          throw AnswerError("cannot read its output: \(String(cString: strerror(errno)))")
        }
      }
    }
  }

  /// Ends the child at once after a failure; it is not used again.
  func abandon() { discard() }
}

/// What went wrong in an answer; ``ChildProcess/exchange(run:into:strategy:context:)`` adds the
/// strategy and the run.
struct AnswerError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// Reads a child's answers as they arrive.
protocol AnswerReader {
  /// Whether every fix is answered and the end of the run read.
  var isComplete: Bool { get }
  /// Fixes answered so far.
  var answered: Int { get }
  /// Bytes after the end of the run.
  var leftOver: [UInt8] { get }
  mutating func consume(_ bytes: ArraySlice<UInt8>, into recorded: inout [LocalFix]) throws(AnswerError)
}

/// Checks one answered point against its fix and the points before it, and puts it in the run's frame.
struct PointCheck {
  let fixes: UnsafeBufferPointer<LocalFix>
  let frame: LocalFrame
  private var lastTime = -Double.infinity

  init(fixes: UnsafeBufferPointer<LocalFix>, frame: LocalFrame) { self.fixes = fixes; self.frame = frame }

  /// - Parameter where: "line 12" or "frame 12", for the message.
  mutating func point(
    answering index: Int, time: Double, latitude: Double, longitude: Double, accuracy: Double, speed: Double?, at place: @autoclosure () -> String
  ) throws(AnswerError) -> LocalFix {
    guard time.isFinite, latitude.isFinite, longitude.isFinite, accuracy.isFinite else {
      let (name, value) = [("t", time), ("lat", latitude), ("lon", longitude), ("acc", accuracy)].first { !$0.1.isFinite }!
      throw AnswerError("\(place()): \(name) is not a finite number (\(value)); expected finite numbers")
    }
    guard abs(latitude) <= 90, abs(longitude) <= 180 else {
      throw AnswerError("\(place()): latitude \(latitude), longitude \(longitude); expected −90…90 and −180…180 degrees")
    }
    let fix = fixes[index]
    guard time <= fix.time + 1e-6 else {
      throw AnswerError("\(place()): a point at t = \(time) s answering the fix at t = \(fix.time) s; expected no time after the fix's (invented timestamp)")
    }
    guard time > lastTime else {
      throw AnswerError("\(place()): a point at t = \(time) s after one at t = \(lastTime) s; expected times to increase (out of order)")
    }
    lastTime = time
    let local = frame.local(GeodeticPosition(latitude: latitude, longitude: longitude, height: 0))
    // The protocol answers horizontal positions; the altitude and pressure are the answered fix's.
    return LocalFix(
      time: time, east: local.east, north: local.north, horizontalAccuracy: accuracy, speed: speed.map { $0.isFinite ? $0 : -1 } ?? -1, age: fix.age,
      altitude: fix.altitude, verticalAccuracy: fix.verticalAccuracy, pressure: fix.pressure)
  }
}

/// What `posix_spawn` needs that differs between the C libraries: the attribute types (structs on glibc,
/// opaque pointers on Darwin), the environment, and how every descriptor but 0-2 is kept from the child.
/// The Darwin branch is written for macOS and not built here (docs/design-notes.md).
enum Spawn {
  #if canImport(Darwin)
    static func newActions() -> posix_spawn_file_actions_t? { nil }
    static func newAttributes() -> posix_spawnattr_t? { nil }
    /// Darwin's `POSIX_SPAWN_CLOEXEC_DEFAULT`: every descriptor not named by a file action is closed.
    static let closeOnExecByDefault = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    static func closeFromThree(_ actions: inout posix_spawn_file_actions_t?) {}
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { _NSGetEnviron().pointee! }
  #else
    static func newActions() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
    static func newAttributes() -> posix_spawnattr_t { posix_spawnattr_t() }
    static let closeOnExecByDefault: Int32 = 0
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+): close every descriptor from 3.
    static func closeFromThree(_ actions: inout posix_spawn_file_actions_t) { _ = closeFrom(&actions, 3) }
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }
  #endif
}

#if !canImport(Darwin)
  /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which the Glibc module does not export (it is
  /// declared under `__USE_MISC`).
  @_silgen_name("posix_spawn_file_actions_addclosefrom_np")
  private func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32
#endif

/// A child's process group: its id is the leader's (the shell's) pid. The leader is reaped last, so
/// the id cannot be reused by another group while it is signalled.
enum ProcessGroup {
  /// Waits up to `seconds` for the leader to exit, without reaping it.
  static func waitForLeader(_ leader: pid_t, seconds: Double) {
    let deadline = Date().addingTimeInterval(seconds)
    while !hasExited(leader), Date() < deadline { usleep(2000) }
  }

  /// TERM to the group, up to 0.2 s for the leader to go, KILL to the group, then reaps the leader.
  /// Members that outlived the leader get the same signals (the group id stays valid until the reap).
  static func end(_ leader: pid_t) {
    kill(-leader, SIGTERM)
    waitForLeader(leader, seconds: 0.2)
    kill(-leader, SIGKILL)
    var status: Int32 = 0
    while waitpid(leader, &status, 0) < 0, errno == EINTR {}
  }

  /// Whether the leader has exited (a zombie not yet reaped counts), leaving it to be reaped.
  /// Async-signal-safe (`waitid` only), so the signal handlers use it too.
  static func hasExited(_ leader: pid_t) -> Bool {
    var information = siginfo_t()
    let result = waitid(P_PID, id_t(leader), &information, WEXITED | WNOHANG | WNOWAIT)
    // ECHILD: already reaped elsewhere.
    return result < 0 ? errno == ECHILD : information._sifields._sigchld.si_pid == leader
  }
}
