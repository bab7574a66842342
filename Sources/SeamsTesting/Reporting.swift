import Foundation
import SeamsKit

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Records a failure with whichever test framework runs the test: Swift Testing's issue, or a
/// failure of the running XCTest case, at the finding's own file and line when it has one.
enum Reporting {
    static func record(_ finding: RuleFinding, at site: CallSite) {
        let path = finding.path ?? "\(site.filePath)"
        let line = finding.path == nil ? Int(site.line) : finding.line
        let column = finding.path == nil ? Int(site.column) : finding.column
        #if canImport(Testing)
            if Test.current != nil {
                let fileID: String
                if finding.path == nil {
                    fileID = site.fileID
                } else {
                    fileID = "\(finding.module ?? "Sources")/\(URL(fileURLWithPath: path).lastPathComponent)"
                }
                Issue.record(
                    Comment(rawValue: finding.message),
                    sourceLocation: SourceLocation(fileID: fileID, filePath: path, line: line, column: column))
                return
            }
        #endif
        #if canImport(XCTest)
            if XCTestReporting.record(finding.message, path: path, line: line) { return }
            // No running test case known (the scan was first made inside a test): fail at the
            // assertion, naming the place.
            if finding.path != nil {
                XCTFail("\(path):\(line): \(finding.message)", file: site.filePath, line: site.line)
            } else {
                XCTFail(finding.message, file: site.filePath, line: site.line)
            }
        #else
            FileHandle.standardError.write(Data("\(path):\(line):\(column): error: \(finding.message)\n".utf8))
        #endif
    }
}

#if canImport(XCTest)
    /// XCTest has no public "current test": an observer, added when the first scan is made,
    /// follows which test case runs. Make the scan in `override class func setUp()`, or inside
    /// a test with `seamsScan(path:)`, which names the running test case itself.
    enum XCTestReporting {
        private static let observer = RunningTest()
        /// Adds the observer once: a static's first use is made once, whatever the threads (tests
        /// of a Swift Testing suite make their scans in parallel). A lazy property of the observer
        /// was not: two first uses at once could add it twice, racing in the observation center.
        private static let observing: Void = XCTestObservationCenter.shared.addTestObserver(observer)

        static func startObserving() { _ = observing }

        /// A test case that says it runs (it asks for a scan from inside a test): the observer,
        /// added just now, missed its start.
        static func running(_ testCase: XCTestCase) {
            startObserving()
            observer.assume(testCase)
        }

        /// Records a failure on the running test case; false when none is known.
        static func record(_ message: String, path: String, line: Int) -> Bool {
            guard let test = observer.current else { return false }
            #if os(Linux) || os(Windows)
                test.recordFailure(withDescription: message, inFile: path, atLine: line, expected: true)
            #else
                let location = XCTSourceCodeLocation(filePath: path, lineNumber: line)
                test.record(
                    XCTIssue(
                        type: .assertionFailure, compactDescription: message,
                        sourceCodeContext: XCTSourceCodeContext(location: location)))
            #endif
            return true
        }
    }

    private final class RunningTest: NSObject, XCTestObservation, @unchecked Sendable {
        private let lock = NSLock()
        private var running: XCTestCase?

        var current: XCTestCase? {
            lock.lock()
            defer { lock.unlock() }
            return running
        }

        func assume(_ testCase: XCTestCase) {
            lock.lock()
            if running == nil { running = testCase }
            lock.unlock()
        }

        func testCaseWillStart(_ testCase: XCTestCase) {
            lock.lock()
            running = testCase
            lock.unlock()
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            lock.lock()
            if running === testCase { running = nil }
            lock.unlock()
        }
    }
    extension XCTestCase {
        /// The scan of `path` (shared, as `SeamsScan(path:)`), asked for from inside a test:
        /// its failures are recorded on this test case, even when it is the first to scan.
        public func seamsScan(path: String = "Sources", config: String? = nil, file: StaticString = #filePath)
            throws -> SeamsScan
        {
            XCTestReporting.running(self)
            return try SeamsScan(path: path, config: config, file: file)
        }
    }
#else
    enum XCTestReporting {
        static func startObserving() {}
    }
#endif
