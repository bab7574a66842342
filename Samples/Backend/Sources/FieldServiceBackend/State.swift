import FlyingFox
import Foundation

/// Sessions, jobs and invoices, and the answer to each request.
actor State {
    private let technicians: [Technician]
    private let jobs: [Job]
    private var sessions: [String: Int] = [:]
    private var nextToken = 1
    private(set) var invoices: [Invoice] = []
    private(set) var requests: [String] = []

    init(technicians: [Technician], jobs: [Job]) {
        self.technicians = technicians
        self.jobs = jobs
    }

    private struct Credentials: Decodable {
        let email: String
        let password: String
    }

    private struct Session: Encodable {
        let token: String
        let userID: Int
        let name: String
    }

    private struct InvoiceRequest: Decodable {
        let amountCents: Int
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        requests.append("\(request.method.rawValue) \(request.path)")
        let body = (try? await request.bodyData) ?? Data()
        let parts = request.path.split(separator: "/").map(String.init)
        switch (request.method, parts) {
        case (.POST, ["session"]):
            return signIn(body)
        case (.DELETE, ["session"]):
            guard let token = token(of: request), sessions.removeValue(forKey: token) != nil else {
                return message(.unauthorized, "Sign in first.")
            }
            return HTTPResponse(statusCode: .noContent)
        case (.GET, ["jobs"]):
            guard let user = user(of: request) else { return message(.unauthorized, "Sign in first.") }
            return json(.ok, jobs.filter { $0.technicianID == user }.sorted { ($0.time, $0.id) < ($1.time, $1.id) })
        case (.POST, let path) where path.count == 3 && path[0] == "jobs" && path[2] == "invoice":
            guard let user = user(of: request) else { return message(.unauthorized, "Sign in first.") }
            return fileInvoice(jobID: Int(path[1]), user: user, body)
        default:
            return message(.notFound, "No such endpoint: \(request.method.rawValue) \(request.path)")
        }
    }

    private func signIn(_ body: Data) -> HTTPResponse {
        guard let credentials = try? JSONDecoder().decode(Credentials.self, from: body) else {
            return message(.badRequest, "Send an email and a password.")
        }
        guard
            let technician = technicians.first(where: {
                $0.email.lowercased() == credentials.email.lowercased() && $0.password == credentials.password
            })
        else { return message(.unauthorized, "The email or password is wrong.") }
        let token = "token-\(nextToken)"
        nextToken += 1
        sessions[token] = technician.id
        return json(.ok, Session(token: token, userID: technician.id, name: technician.name))
    }

    private func fileInvoice(jobID: Int?, user: Int, _ body: Data) -> HTTPResponse {
        guard let jobID, jobs.contains(where: { $0.id == jobID && $0.technicianID == user }) else {
            return message(.notFound, "No such job on your schedule.")
        }
        guard let request = try? JSONDecoder().decode(InvoiceRequest.self, from: body) else {
            return message(.badRequest, "Send the amount in cents.")
        }
        guard request.amountCents > 0 else {
            return message(.unprocessableContent, "An invoice needs an amount above zero.")
        }
        guard !invoices.contains(where: { $0.jobID == jobID }) else {
            return message(.conflict, "Job \(jobID) already has an invoice.")
        }
        let invoice = Invoice(id: invoices.count + 1, jobID: jobID, amountCents: request.amountCents)
        invoices.append(invoice)
        return json(.created, invoice)
    }

    private func token(of request: HTTPRequest) -> String? {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return nil }
        return String(header.dropFirst("Bearer ".count))
    }

    private func user(of request: HTTPRequest) -> Int? {
        token(of: request).flatMap { sessions[$0] }
    }

    private func json(_ status: HTTPStatusCode, _ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return HTTPResponse(
            statusCode: status, headers: [.contentType: "application/json"],
            body: (try? encoder.encode(value)) ?? Data())
    }

    private func message(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        json(status, ["message": text])
    }
}
