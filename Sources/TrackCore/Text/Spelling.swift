/// Suggestions for a misspelled name: "did you mean kalman?".
public enum Spelling {
  /// The name in `names` closest to `word` by edit distance (insertions, deletions, substitutions),
  /// when it is close enough to be a slip: at most a third of the word's length, and at least 1.
  /// - Complexity: O(|word| × Σ|name|).
  public static func nearest(to word: String, in names: [String]) -> String? {
    let target = Array(word.lowercased())
    guard !target.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for name in names {
      let candidate = Array(name.lowercased())
      // A name's start counts too ("distance_eror" is a slip for "distance_error_percent"), one
      // edit dearer than the whole name.
      let start = Array(candidate.prefix(target.count + 1))
      let d = min(distance(target, candidate), start.count < candidate.count ? distance(target, start) + 1 : .max)
      if d < (best?.distance ?? .max) { best = (name, d) }
    }
    guard let best, best.name != word, best.distance <= max(1, target.count / 3) else { return nil }
    return best.name
  }

  /// "; did you mean NAME?" or nothing.
  public static func suggestion(for word: String, in names: [String]) -> String {
    nearest(to: word, in: names).map { "; did you mean \($0)?" } ?? ""
  }

  /// Edits between `a` and `b`: insertions, deletions, substitutions and swaps of two neighbours
  /// (`truht` is one swap from `truth`), the optimal string alignment distance.
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for (i, x) in a.enumerated() {
      current[0] = i + 1
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        if i > 0, j > 0, x == b[j - 1], a[i - 1] == y { current[j + 1] = min(current[j + 1], twoBack[j - 1] + 1) }
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }
}
