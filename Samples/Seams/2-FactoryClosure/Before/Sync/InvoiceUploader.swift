/// Sends the day's invoices to the accounting ledger. It makes its connector inside
/// `upload`, so every test of it would talk to the real ledger over the network.
final class InvoiceUploader: ConnectorDelegate {
    enum State: Equatable {
        case idle
        case connecting
        case uploaded(Int)
        case failed(String)
    }

    private(set) var state = State.idle
    private var connector: Connector?
    private var pending: [String] = []

    func upload(_ invoices: [String], to host: String) {
        let connector = Connector()
        connector.delegate = self
        self.connector = connector
        pending = invoices
        state = .connecting
        connector.connect(to: host)
    }

    func connectorDidConnect() {
        guard let connector else { return }
        pending.forEach(connector.send)
        connector.disconnect()
        state = .uploaded(pending.count)
        pending = []
    }

    func connectorDidFail(_ message: String) {
        state = .failed(message)
        pending = []
    }
}
