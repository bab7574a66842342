public final class Player { public init() {} }
