/// "did you mean 'X'?" for misspelled names: the closest candidate by edit distance.
///
/// Only called once something failed to match, so the cost of comparing against every
/// candidate is paid on errors, never on the happy path.
public enum Suggestion {
    /// `"; did you mean 'X'?"`, or an empty string when nothing is close enough.
    public static func didYouMean<Candidates: Sequence<String>>(_ name: String, among candidates: Candidates) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate closest to `name`, if any is close enough to be a plausible typo.
    public static func closest<Candidates: Sequence<String>>(to name: String, among candidates: Candidates) -> String? {
        let lowered = Array(name.lowercased())
        // A third of the name, at least one edit, at most three.
        let limit = min(3, max(1, lowered.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() where candidate != name {
            let distance = editDistance(lowered, Array(candidate.lowercased()), limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Edit distance counting a swap of two neighbours as one edit (`Itme` → `Item`), as typos
    /// usually are; gives up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
