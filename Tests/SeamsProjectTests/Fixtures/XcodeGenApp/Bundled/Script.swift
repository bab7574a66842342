// `type: folder`: a folder reference, copied not compiled.
enum Script {}
