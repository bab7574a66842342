import FieldServiceBackend
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Drives the backend over HTTP, as the app does.
struct FieldServiceBackendTests {
    private func send(
        _ method: String, _ path: String, to base: URL, token: String? = nil, json: String? = nil
    ) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    @Test func signInGivesATokenAndTheTechnician() async throws {
        try await FieldServiceBackend.withRunning { backend, url in
            #expect(url.absoluteString.hasPrefix("http://127.0.0.1:"))
            let good = try await send(
                "POST", "session", to: url, json: #"{"email":"ADA@fielddesk.test","password":"wrench-42"}"#)
            #expect(good.status == 200)
            #expect(good.body == #"{"name":"Ada Brennan","token":"token-1","userID":7}"#)
            let bad = try await send(
                "POST", "session", to: url, json: #"{"email":"ada@fielddesk.test","password":"nope"}"#)
            #expect(bad.status == 401)
            #expect(bad.body == #"{"message":"The email or password is wrong."}"#)
            #expect(await backend.requests == ["POST /session", "POST /session"])
        }
    }

    @Test func jobsAreTheTechniciansOwnByTime() async throws {
        try await FieldServiceBackend.withRunning { _, url in
            #expect(try await send("GET", "jobs", to: url).status == 401)
            _ = try await send(
                "POST", "session", to: url, json: #"{"email":"ada@fielddesk.test","password":"wrench-42"}"#)
            let jobs = try await send("GET", "jobs", to: url, token: "token-1")
            #expect(jobs.status == 200)
            let decoded = try JSONDecoder().decode([Job].self, from: Data(jobs.body.utf8))
            #expect(decoded.map(\.id) == [101, 102, 104])
        }
    }

    @Test func invoicesNeedAnAmountAndOnlyOnePerJob() async throws {
        try await FieldServiceBackend.withRunning { backend, url in
            _ = try await send(
                "POST", "session", to: url, json: #"{"email":"ada@fielddesk.test","password":"wrench-42"}"#)
            let zero = try await send(
                "POST", "jobs/101/invoice", to: url, token: "token-1", json: #"{"amountCents":0}"#)
            #expect(zero.status == 422)
            #expect(zero.body == #"{"message":"An invoice needs an amount above zero."}"#)
            let filed = try await send(
                "POST", "jobs/101/invoice", to: url, token: "token-1", json: #"{"amountCents":12050}"#)
            #expect(filed.status == 201)
            #expect(filed.body == #"{"amountCents":12050,"id":1,"jobID":101}"#)
            #expect(
                try await send("POST", "jobs/101/invoice", to: url, token: "token-1", json: #"{"amountCents":1}"#)
                    .status == 409)
            #expect(
                try await send("POST", "jobs/103/invoice", to: url, token: "token-1", json: #"{"amountCents":1}"#)
                    .status == 404)
            #expect(await backend.invoices == [Invoice(id: 1, jobID: 101, amountCents: 12050)])
        }
    }

    @Test func signOutEndsTheSession() async throws {
        try await FieldServiceBackend.withRunning { _, url in
            _ = try await send(
                "POST", "session", to: url, json: #"{"email":"ada@fielddesk.test","password":"wrench-42"}"#)
            #expect(try await send("DELETE", "session", to: url, token: "token-1").status == 204)
            #expect(try await send("GET", "jobs", to: url, token: "token-1").status == 401)
            #expect(try await send("DELETE", "session", to: url, token: "token-1").status == 401)
        }
    }
}
