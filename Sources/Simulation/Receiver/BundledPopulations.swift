/// The populations shipped with TrackBench. Written by `scripts/populations` from `populations/*.yaml`,
/// which `trackbench calibrate --population` wrote; do not edit by hand.
enum BundledPopulations {
  static let all: [(name: String, yaml: String)] = []
}
