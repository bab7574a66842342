extension String {
    /// Calls `body` with the string's UTF-8 bytes, borrowed where they lie: unlike `withUTF8`
    /// on a copy, a native string is neither copied nor retained (the cache's and the JSON's
    /// writers pass every name through here). A bridged string is copied first.
    @inlinable
    public func withBorrowedUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
