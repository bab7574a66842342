extension Notification.Name { static let done = Notification.Name("d") }
class P { func f() { NotificationCenter.default.post(name: .done, object: nil) } }
class O { init() { NotificationCenter.default.addObserver(forName: .done, object: nil, queue: nil) { _ in } } }
class V { var onTap: (() -> Void)? }
class W { let v = V(); func s() { v.onTap = { self.go() } }; func go() {} }
