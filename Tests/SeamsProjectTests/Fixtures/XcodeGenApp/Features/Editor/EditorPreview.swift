// Excluded by the template's `**/*Preview.swift`.
struct EditorPreview {}
