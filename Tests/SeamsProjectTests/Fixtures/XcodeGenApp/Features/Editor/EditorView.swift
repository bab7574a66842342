struct EditorView {}
