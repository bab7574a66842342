import FlyingFox
import Foundation

/// The field-service backend on loopback.
///
/// - `POST /session` `{"email", "password"}` → 200 `{"token", "userID", "name"}`, or 401 `{"message"}`
/// - `DELETE /session` (bearer token) → 204
/// - `GET /jobs` (bearer token) → 200, the technician's jobs by time
/// - `POST /jobs/{id}/invoice` `{"amountCents"}` (bearer token) → 201 `{"id", "jobID", "amountCents"}`,
///   or 422 / 404 / 409 `{"message"}`
///
/// Every request is logged as "METHOD /path", so a test can tell that none was sent.
public actor FieldServiceBackend {
    private let state: State
    private var server: HTTPServer?
    private var task: Task<Void, any Error>?

    public init(technicians: [Technician] = SampleData.technicians, jobs: [Job] = SampleData.jobs) {
        state = State(technicians: technicians, jobs: jobs)
    }

    /// Starts listening on 127.0.0.1 at `port` (0: one the system picks); returns the base URL.
    public func start(port: UInt16 = 0) async throws -> URL {
        precondition(server == nil, "the backend is already running")
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled)
        let state = self.state
        await server.appendRoute("*") { request in await state.respond(to: request) }
        self.server = server
        task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let boundPort) = await server.listeningAddress else {
            throw BackendError("the server is not listening on an IPv4 address")
        }
        return URL(string: "http://127.0.0.1:\(boundPort)")!
    }

    /// Starts a backend with the sample data on loopback, runs `body` with it and its URL (in
    /// the caller's isolation), and stops it whether `body` throws or not.
    public static func withRunning(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (FieldServiceBackend, URL) async throws -> Void
    ) async throws {
        let backend = FieldServiceBackend()
        let url = try await backend.start()
        do {
            try await body(backend, url)
        } catch {
            await backend.stop()
            throw error
        }
        await backend.stop()
    }

    /// Stops listening and closes the connections.
    public func stop() async {
        await server?.stop()
        task?.cancel()
        server = nil
        task = nil
    }

    /// The requests received so far, as "METHOD /path".
    public var requests: [String] {
        get async { await state.requests }
    }

    /// The invoices filed so far.
    public var invoices: [Invoice] {
        get async { await state.invoices }
    }
}

public struct BackendError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
