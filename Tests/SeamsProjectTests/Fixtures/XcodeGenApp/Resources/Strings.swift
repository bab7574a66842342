// `buildPhase: none`: not compiled.
enum Strings {}
