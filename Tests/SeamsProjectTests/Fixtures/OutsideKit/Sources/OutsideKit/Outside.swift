public struct Outside {}
