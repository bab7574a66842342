// Excluded by `excludes: [Legacy]`.
struct OldView {}
