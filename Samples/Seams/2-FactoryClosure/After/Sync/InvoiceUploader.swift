/// Sends the day's invoices to the accounting ledger, through a connector made by the factory
/// it was given: the real one in the app, a mock in tests.
final class InvoiceUploader: ConnectorDelegate {
    enum State: Equatable {
        case idle
        case connecting
        case uploaded(Int)
        case failed(String)
    }

    private(set) var state = State.idle
    private let makeConnector: () -> ConnectorProtocol
    private var connector: ConnectorProtocol?
    private var pending: [String] = []

    init(makeConnector: @escaping () -> ConnectorProtocol) {
        self.makeConnector = makeConnector
    }

    func upload(_ invoices: [String], to host: String) {
        let connector = makeConnector()
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
