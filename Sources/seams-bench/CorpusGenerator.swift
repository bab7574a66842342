import Foundation

/// Writes a synthetic codebase shaped like a legacy iOS app: modules of view controllers,
/// services and models that reach each other through a service locator, extensions,
/// enums used through implicit members, and member chains, in feature folders grouped in areas.
/// Deterministic for a given size.
enum CorpusGenerator {
    /// About `types` types: eight to a file (six, and the state enums of two screens).
    static func write(types: Int, to dir: String) throws {
        try write(lines: max(1, types / 8) * 6 * 24, to: dir)
    }

    static func write(lines target: Int, to dir: String) throws {
        let typesPerFile = 6
        let linesPerType = 24  // measured from the templates below
        let fileCount = max(1, target / (typesPerFile * linesPerType))
        let modules = max(1, min(40, fileCount / 25))
        var rng = SplitMix(seed: 42)
        for f in 0..<fileCount {
            let module = "Module\(f % modules)"
            var text = "import Foundation\nimport UIKit\n\n"
            for t in 0..<typesPerFile {
                let id = f * typesPerFile + t
                let other = Int(rng.next() % UInt64(fileCount * typesPerFile))
                let third = Int(rng.next() % UInt64(fileCount * typesPerFile))
                text += type(id: id, other: other, third: third)
            }
            // Folders as an app grows them: six files a feature, four features an area.
            let feature = f / modules / 6
            let folder = "\(dir)/\(module)/Features/Area\(feature / 4)/Feature\(feature)"
            let path = "\(folder)/File\(f).swift"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        }
        // The service locator everything reaches into.
        try """
        import UIKit

        final class AppDelegate: UIResponder {
            static var shared = AppDelegate()
            var configuration = Configuration()
            func signOut(reason: SignOutReason) {}
        }

        struct Configuration { var server = "http://127.0.0.1" }
        enum SignOutReason { case user, expired, error(String) }

        extension UIApplication {
            static var appDelegate: AppDelegate { AppDelegate.shared }
        }

        """.write(toFile: "\(dir)/Module0/AppDelegate.swift", atomically: false, encoding: .utf8)
    }

    private static func type(id: Int, other: Int, third: Int) -> String {
        switch id % 3 {
        case 0:
            return """
                /// Screen \(id): loads items and shows them.
                final class Screen\(id): UIViewController {
                    var service = Service\(other - other % 3 + 1)()
                    var items: [Model\(third - third % 3 + 2)] = []
                    var state: State\(id) = .idle

                    enum State\(id) { case idle, loading, loaded(Int), failed(String) }

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        state = .loading
                        let server = UIApplication.appDelegate.configuration.server
                        service.fetch(from: server) { [weak self] result in
                            guard let self else { return }
                            self.items = result
                            self.state = .loaded(result.count)
                        }
                        if items.isEmpty { showEmpty(message: "Nothing at \\(server)") }
                    }

                    func showEmpty(message: String) {
                        let label = UILabel()
                        label.text = message
                        switch state {
                        case .idle, .loading: break
                        case .loaded(let n): label.text = "\\(n)"
                        case .failed(let why): AppDelegate.shared.signOut(reason: .error(why))
                        }
                    }
                }


                """
        case 1:
            return """
                /// Service \(id): talks to the server.
                final class Service\(id) {
                    private let session = URLSession.shared
                    private var cache: [String: Model\(third - third % 3 + 2)] = [:]

                    func fetch(from server: String, completion: @escaping ([Model\(third - third % 3 + 2)]) -> Void) {
                        let url = URL(string: server + "/items/\(id)")!
                        let task = session.dataTask(with: url) { data, _, error in
                            if error != nil { AppDelegate.shared.signOut(reason: .expired) }
                            let models = (data.map { _ in [Model\(third - third % 3 + 2)(name: "a", count: 1)] }) ?? []
                            for model in models where model.isValid { self.cache[model.name] = model }
                            completion(models)
                        }
                        task.resume()
                    }

                    func first() -> Model\(third - third % 3 + 2)? {
                        cache.values.first
                    }
                }


                """
        default:
            return """
                /// Model \(id).
                struct Model\(id): Equatable, Codable {
                    var name: String
                    var count: Int
                    var isValid: Bool { !name.isEmpty && count > 0 }

                    static let empty = Model\(id)(name: "", count: 0)

                    func merged(with other: Model\(id)) -> Model\(id) {
                        Model\(id)(name: name + other.name, count: count + other.count)
                    }
                }

                extension Model\(id) {
                    var title: String { name.capitalized }
                    func describe() -> String { "\\(title) \\(count)" }
                }


                """
        }
    }
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
