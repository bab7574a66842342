// Run by hand: no target compiles it.
struct VersionBump {}
