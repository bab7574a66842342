// Inside a documentation catalog: one file to Xcode, never compiled.
struct Snippet {}
