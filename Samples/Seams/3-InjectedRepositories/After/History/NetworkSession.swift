import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's one way to the server.
final class NetworkSession {
    static let shared = NetworkSession()

    private let base = URL(string: "https://api.fielddesk.example")!

    func get(_ path: String) async throws -> Data {
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent(path))
        return data
    }
}
