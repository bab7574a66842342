import XCTest

@testable import SyncAfter
@testable import SyncBefore

/// What the uploader does, pinned on Before as it was found, then run unchanged on After (made
/// the app's way, `SyncSetup.makeUploader()`, with the real connector). No network: a host name
/// that is not one fails at once, inside the connector, and the connector's delegate calls are
/// made directly, as the connector would. States are compared by their descriptions, since each
/// side has its own `State` type.
final class SyncCharacterizationTests: XCTestCase {
    /// The uploader of each side, as the app makes it, driven through the same calls.
    struct Uploader {
        let upload: ([String], String) -> Void
        let connectorDidConnect: () -> Void
        let connectorDidFail: (String) -> Void
        let state: () -> String
    }

    var sides: [(name: String, uploader: Uploader)] {
        let before = SyncBefore.InvoiceUploader()
        let after = SyncSetup.makeUploader()
        return [
            (
                "before",
                Uploader(
                    upload: before.upload, connectorDidConnect: before.connectorDidConnect,
                    connectorDidFail: before.connectorDidFail, state: { "\(before.state)" })
            ),
            (
                "after",
                Uploader(
                    upload: after.upload, connectorDidConnect: after.connectorDidConnect,
                    connectorDidFail: after.connectorDidFail, state: { "\(after.state)" })
            ),
        ]
    }

    func testANewUploaderIsIdle() {
        for (name, uploader) in sides {
            XCTAssertEqual(uploader.state(), "idle", name)
        }
    }

    func testAHostThatIsNoHostFailsAtOnceWithItsName() {
        for (name, uploader) in sides {
            uploader.upload(["INV-1", "INV-2"], "[ledger")
            XCTAssertEqual(uploader.state(), #"failed("[ledger is not a host name.")"#, name)
        }
    }

    func testAfterAFailureNothingIsLeftToSend() {
        for (name, uploader) in sides {
            uploader.upload(["INV-1", "INV-2"], "[ledger")
            uploader.connectorDidConnect()
            XCTAssertEqual(uploader.state(), "uploaded(0)", name)
        }
    }

    func testTheConnectorsFailureIsTheState() {
        for (name, uploader) in sides {
            uploader.connectorDidFail("The ledger is down.")
            XCTAssertEqual(uploader.state(), #"failed("The ledger is down.")"#, name)
        }
    }

    func testWithoutAnUploadAConnectionChangesNothing() {
        for (name, uploader) in sides {
            uploader.connectorDidConnect()
            XCTAssertEqual(uploader.state(), "idle", name)
        }
    }
}
