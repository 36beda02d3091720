import Yams

/// YAML nodes a loader builds from a recording (a route's waypoints, a recorded pace), one or more per
/// point, all sharing one `Constructor`.
///
/// Yams gives each node made with the default tag a `Constructor` of its own, and each builds three
/// dictionaries (about 1.5 kB): a week of 1 Hz points expanded that way took 3.8 GB before anything was
/// simulated. Shared, a point costs its nodes alone.
struct GeneratedNodes {
  private let constructor = Constructor.default

  /// A plain scalar.
  @_optimize(none)
  func scalar(_ text: String) -> Node { Node(text, tag()) }

  /// A number as Swift writes it (shortest round trip).
  @_optimize(none)
  func number(_ value: Double) -> Node { scalar(String(value)) }

  /// A list of numbers.
  @_optimize(none)
  func numbers(_ values: [Double]) -> Node { .sequence(Node.Sequence(values.map(number), tag())) }

  /// `[latitude, longitude]`.
  @_optimize(none)
  func pair(_ first: Double, _ second: Double) -> Node { .sequence(Node.Sequence([number(first), number(second)], tag())) }

  /// A list of nodes.
  @_optimize(none)
  func sequence(_ nodes: [Node]) -> Node { .sequence(Node.Sequence(nodes, tag())) }

  /// A tag of its own (a tag's name is resolved in place when the node is read), over the shared constructor.
  @_optimize(none)
  private func tag() -> Tag { Tag(.implicit, .default, constructor) }
}
