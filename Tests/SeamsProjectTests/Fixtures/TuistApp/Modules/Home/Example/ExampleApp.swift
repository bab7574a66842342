// The module is declared without its example target: no target compiles this.
struct ExampleApp {}
