import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a connector tells its delegate.
protocol ConnectorDelegate: AnyObject {
    func connectorDidConnect()
    func connectorDidFail(_ message: String)
}

/// A connection to the accounting ledger over the network: the real thing, every time.
final class Connector {
    weak var delegate: ConnectorDelegate?
    private var base: URL?

    func connect(to host: String) {
        guard let url = URL(string: "https://\(host)/ledger") else {
            delegate?.connectorDidFail("\(host) is not a host name.")
            return
        }
        base = url
        URLSession.shared.dataTask(with: url) { _, _, error in
            DispatchQueue.main.async {
                if let error {
                    self.delegate?.connectorDidFail(error.localizedDescription)
                } else {
                    self.delegate?.connectorDidConnect()
                }
            }
        }.resume()
    }

    func send(_ payload: String) {
        guard let base else { return }
        var request = URLRequest(url: base.appendingPathComponent("entries"))
        request.httpMethod = "POST"
        request.httpBody = Data(payload.utf8)
        URLSession.shared.dataTask(with: request).resume()
    }

    func disconnect() {
        base = nil
    }
}
