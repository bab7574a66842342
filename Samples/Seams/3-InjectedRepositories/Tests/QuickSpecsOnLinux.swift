import Quick
import XCTest

/// Runs the Quick specs under `swift test`. On Apple platforms XCTest finds Quick's examples
/// through the Objective-C runtime; swift-corelibs-xctest (Linux) finds only methods named
/// `test…`, so each spec gets one here, which runs all its examples (Quick's `allTests`).
/// A failing expectation fails that test and is reported at the spec's line.
final class QuickSpecsOnLinux: XCTestCase {
    func testJobHistoryRepositorySpec() throws {
        try run(JobHistoryRepositorySpec.self)
    }

    func testJobHistoryViewModelSpec() throws {
        try run(JobHistoryViewModelSpec.self)
    }

    private func run<Spec: AsyncSpec>(_ spec: Spec.Type) throws {
        #if !canImport(Darwin)
            let examples = Spec.allTests
            XCTAssertFalse(examples.isEmpty, "\(Spec.self) has no examples")
            for (_, example) in examples {
                try example(Spec())()
            }
        #endif
    }
}
