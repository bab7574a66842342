// Excluded from App by its glob.
struct Stale {}
