import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client of the FieldDesk server, for the server it is given. Sign-in answers through a
/// completion; sessions beginning and ending are posted as notifications; jobs and invoices
/// still go to the delegate (on the main queue).
final class API: SignInService {
    /// The `userInfo` key of the user in `.technicianDidSignIn`.
    static let userKey = "user"

    weak var delegate: APIDelegate?
    private(set) var token: String?
    private let server: URL
    private let notificationCenter: NotificationCenter

    init(server: URL, notificationCenter: NotificationCenter = .default) {
        self.server = server
        self.notificationCenter = notificationCenter
    }

    private struct Session: Decodable {
        let token: String
        let userID: Int
        let name: String
    }

    private struct ServerMessage: Decodable {
        let message: String
    }

    func signIn(email: String, password: String, completion: @escaping (Result<User, APIError>) -> Void) {
        let body = try! JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        send("POST", "session", body: body) { result in
            switch result {
            case .success(let data):
                guard let session = try? JSONDecoder().decode(Session.self, from: data) else {
                    completion(.failure(APIError(message: "The server sent something unexpected.")))
                    return
                }
                self.token = session.token
                let user = User(id: session.userID, name: session.name)
                completion(.success(user))
                self.notificationCenter.post(name: .technicianDidSignIn, object: self, userInfo: [API.userKey: user])
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    func signOut() {
        send("DELETE", "session") { _ in
            self.token = nil
            self.notificationCenter.post(name: .technicianDidSignOut, object: self)
        }
    }

    func loadJobs() {
        send("GET", "jobs") { result in
            switch result {
            case .success(let data):
                let jobs = (try? JSONDecoder().decode([Job].self, from: data)) ?? []
                self.delegate?.apiDidLoadJobs(jobs)
            case .failure(let error):
                self.delegate?.apiDidFailToLoadJobs(message: error.message)
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
            case .failure(let error):
                self.delegate?.apiDidFailToFileInvoice(message: error.message)
            }
        }
    }

    /// Sends a request and calls back on the main queue with the body of a 2xx answer, or
    /// the server's message.
    private func send(
        _ method: String, _ path: String, body: Data? = nil,
        completion: @escaping (Result<Data, APIError>) -> Void
    ) {
        var request = URLRequest(url: server.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        URLSession.shared.dataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let result: Result<Data, APIError>
            if let error {
                result = .failure(APIError(message: "The server cannot be reached (\(error.localizedDescription))."))
            } else if (200..<300).contains(status) {
                result = .success(data ?? Data())
            } else {
                let message = data.flatMap { try? JSONDecoder().decode(ServerMessage.self, from: $0) }
                result = .failure(APIError(message: message?.message ?? "The server answered \(status)."))
            }
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }
}

/// Why a call failed, in words for the technician: the server's message, or what went wrong.
struct APIError: Error, Equatable {
    let message: String
}
