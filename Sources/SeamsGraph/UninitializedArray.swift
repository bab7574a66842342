extension Array {
    /// `init(unsafeUninitializedCapacity:initializingWith:)` with room for one item at least. Asked
    /// for none, the standard library writes the count of the one empty array that every thread
    /// shares: a data race (on a 0 that is already there) which ThreadSanitizer reports, and
    /// which would hide a real one. With room for one, the array is its own.
    @inlinable
    package init(
        uninitializedCapacity count: Int,
        initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows {
        try self.init(unsafeUninitializedCapacity: Swift.max(1, count), initializingWith: body)
    }
}
