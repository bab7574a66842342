/// What the uploader needs of a connector; the real `Connector` is one as it is.
protocol ConnectorProtocol: AnyObject {
    var delegate: ConnectorDelegate? { get set }
    func connect(to host: String)
    func send(_ payload: String)
    func disconnect()
}

extension Connector: ConnectorProtocol {}
