/// Where the app makes its uploader with the real connector. (The factory's default lives
/// here, not as a default argument of `InvoiceUploader.init`: see the lesson's README.)
enum SyncSetup {
    static func makeUploader() -> InvoiceUploader {
        InvoiceUploader(makeConnector: { Connector() })
    }
}
