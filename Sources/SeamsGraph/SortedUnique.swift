extension Array where Element: Comparable {
    /// Sorted, each once. Lists mostly come in order already (an edge's sites file by file, the
    /// files discovery found), often each once: such a list is kept as it is, one pass over it
    /// told so, and one in order is only thinned, not sorted again.
    public func sortedUnique() -> [Element] {
        var inOrder = true
        var unique = true
        for i in indices.dropFirst() where !(self[i - 1] < self[i]) {
            if self[i] < self[i - 1] { inOrder = false } else { unique = false }
            if !inOrder { break }
        }
        if inOrder && unique { return self }
        let sorted = inOrder ? self : self.sorted()
        var out: [Element] = []
        out.reserveCapacity(sorted.count)
        for element in sorted where out.last != element { out.append(element) }
        return out
    }
}
