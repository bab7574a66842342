import Foundation
import UIKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client of the FieldDesk server. Reads where the server is from the AppDelegate's
/// configuration, tells its delegate how each call went (on the main queue), and tells the
/// AppDelegate when the session ends.
final class API {
    weak var delegate: APIDelegate?
    private(set) var token: String?

    private var server: URL {
        URL(string: AppDelegate.configuration["server"]!)!
    }

    private struct Session: Decodable {
        let token: String
        let userID: Int
        let name: String
    }

    private struct ServerMessage: Decodable {
        let message: String
    }

    func signIn(email: String, password: String) {
        let body = try! JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        send("POST", "session", body: body) { result in
            switch result {
            case .success(let data):
                guard let session = try? JSONDecoder().decode(Session.self, from: data) else {
                    self.delegate?.apiDidFailToSignIn(message: "The server sent something unexpected.")
                    return
                }
                self.token = session.token
                Logger.shared.log("signed in as \(session.userID)")
                self.delegate?.apiDidSignIn(User(id: session.userID, name: session.name))
            case .failure(let message):
                self.delegate?.apiDidFailToSignIn(message: message.text)
            }
        }
    }

    func signOut() {
        send("DELETE", "session") { _ in
            self.token = nil
            self.delegate?.apiDidSignOut()
            UIApplication.appDelegate.didSignOut()
        }
    }

    func loadJobs() {
        send("GET", "jobs") { result in
            switch result {
            case .success(let data):
                let jobs = (try? JSONDecoder().decode([Job].self, from: data)) ?? []
                self.delegate?.apiDidLoadJobs(jobs)
            case .failure(let message):
                self.delegate?.apiDidFailToLoadJobs(message: message.text)
            }
        }
    }

    func fileInvoice(jobID: Int, amountCents: Int) {
        let body = try! JSONSerialization.data(withJSONObject: ["amountCents": amountCents])
        send("POST", "jobs/\(jobID)/invoice", body: body) { result in
            switch result {
            case .success(let data):
                if let invoice = try? JSONDecoder().decode(Invoice.self, from: data) {
                    self.delegate?.apiDidFileInvoice(invoice)
                } else {
                    self.delegate?.apiDidFailToFileInvoice(message: "The server sent something unexpected.")
                }
            case .failure(let message):
                self.delegate?.apiDidFailToFileInvoice(message: message.text)
            }
        }
    }

    struct FailureMessage: Error {
        let text: String
    }

    /// Sends a request and calls back on the main queue with the body of a 2xx answer, or
    /// the server's message.
    private func send(
        _ method: String, _ path: String, body: Data? = nil,
        completion: @escaping (Result<Data, FailureMessage>) -> Void
    ) {
        var request = URLRequest(url: server.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        URLSession.shared.dataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let result: Result<Data, FailureMessage>
            if let error {
                result = .failure(FailureMessage(text: "The server cannot be reached (\(error.localizedDescription))."))
            } else if (200..<300).contains(status) {
                result = .success(data ?? Data())
            } else {
                let message = data.flatMap { try? JSONDecoder().decode(ServerMessage.self, from: $0) }
                result = .failure(FailureMessage(text: message?.message ?? "The server answered \(status)."))
            }
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }
}
