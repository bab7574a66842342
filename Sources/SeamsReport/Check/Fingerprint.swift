/// Identities for findings that CI services keep from one run to the next: a hash of what a
/// finding means, never of where it is, so an alert follows code that moves.
enum Fingerprint {
    /// FNV-1a, 64 bits, as 16 hex digits: the same text gives the same fingerprint on every
    /// machine and in every process (Swift's `hashValue` is seeded per process).
    static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
