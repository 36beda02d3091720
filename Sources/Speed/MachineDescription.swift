import Foundation

/// Where a speed recording was made: what its figures depend on besides the code. Wall-clock rates follow
/// the processor and its core count; instruction counts follow the compiler and the build.
public struct MachineDescription: Codable, Sendable, Hashable {
  /// The processor's model name (`/proc/cpuinfo`), or the architecture where none is given.
  public var cpu: String
  /// Processors the system offers this process.
  public var cores: Int
  /// The Swift compiler that built trackbench, to the minor version (`Swift 6.3`).
  public var toolchain: String
  /// `release` or `debug`.
  public var build: String
  /// The operating system and architecture (`Linux x86_64`); shown, not compared.
  public var system: String

  public init(cpu: String, cores: Int, toolchain: String, build: String, system: String) {
    self.cpu = cpu; self.cores = cores; self.toolchain = toolchain; self.build = build; self.system = system
  }

  /// This process's machine and build.
  public static let current: MachineDescription = {
    var names = utsname()
    uname(&names)
    func text<T>(_ field: T) -> String {
      withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    let architecture = text(names.machine)
    let model = cpuModel()
    return MachineDescription(
      cpu: model.flatMap { $0.isEmpty ? nil : $0 } ?? architecture, cores: ProcessInfo.processInfo.activeProcessorCount,
      toolchain: compiler, build: build, system: "\(text(names.sysname)) \(architecture)")
  }()

  /// The processor's name: Linux's `/proc/cpuinfo`, Darwin's `machdep.cpu.brand_string`; `nil` where
  /// neither says.
  static func cpuModel() -> String? {
    #if canImport(Darwin)
      var size = 0
      guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return nil }
      var bytes = [CChar](repeating: 0, count: size)
      guard sysctlbyname("machdep.cpu.brand_string", &bytes, &size, nil, 0) == 0 else { return nil }
      return String(cString: bytes)
    #else
      return (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
    #endif
  }

  static var build: String {
    #if DEBUG
      return "debug"
    #else
      return "release"
    #endif
  }

  static var compiler: String {
    #if compiler(>=7.0)
      return "Swift 7 or later"
    #elseif compiler(>=6.5)
      return "Swift 6.5"
    #elseif compiler(>=6.4)
      return "Swift 6.4"
    #elseif compiler(>=6.3)
      return "Swift 6.3"
    #elseif compiler(>=6.2)
      return "Swift 6.2"
    #elseif compiler(>=6.1)
      return "Swift 6.1"
    #else
      return "Swift 6.0"
    #endif
  }

  /// What differs between `self` (where a recording was made) and `other` (here), in words:
  /// `CPU 'A' here 'B'`; empty when the processor, cores, compiler and build agree.
  public func differences(from other: MachineDescription) -> [String] {
    var found: [String] = []
    if cpu != other.cpu { found.append("CPU '\(cpu)', here '\(other.cpu)'") }
    if cores != other.cores { found.append("\(cores) cores, here \(other.cores)") }
    if toolchain != other.toolchain { found.append("\(toolchain), here \(other.toolchain)") }
    if build != other.build { found.append("a \(build) build, here \(other.build)") }
    return found
  }
}
