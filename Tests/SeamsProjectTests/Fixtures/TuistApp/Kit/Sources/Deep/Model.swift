public struct Model {}
