import Foundation
import SeamsKit
import Testing

/// The temporary folders a signal must remove: several at once (two layouts in one process),
/// each removed on its own, and a full table refused rather than trapped on.
@Suite struct TemporaryFilesTests {
    @Test func twoFoldersAtOnceAreEachRegisteredAndRemoved() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("seams-tf-\(UUID().uuidString)")
        let first = base.appendingPathComponent("a").path
        let second = base.appendingPathComponent("b").path
        for folder in [first, second] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/0.svg"))
        }
        defer { try? FileManager.default.removeItem(at: base) }
        let a = TemporaryFiles.registerFolder(first, files: ["0.svg", "0.svg.part"])
        let b = TemporaryFiles.registerFolder(second, files: ["0.svg", "0.svg.part"])
        defer {
            TemporaryFiles.unregisterFolder(a)
            TemporaryFiles.unregisterFolder(b)
        }
        let slotA = try #require(a)
        let slotB = try #require(b)
        #expect(slotA != slotB)
        TemporaryFiles.removeFolder(slotA)
        #expect(!FileManager.default.fileExists(atPath: first))
        #expect(FileManager.default.fileExists(atPath: second + "/0.svg"))
        TemporaryFiles.removeFolder(slotB)
        #expect(!FileManager.default.fileExists(atPath: second))
    }

    @Test func aFullTableRefusesAFolderInsteadOfStopping() {
        var slots: [Int?] = []
        defer { for slot in slots { TemporaryFiles.unregisterFolder(slot) } }
        // Other suites may hold slots meanwhile: register until refused, within one table's size.
        for i in 0...TemporaryFiles.folderCapacity {
            let slot = TemporaryFiles.registerFolder("/nonexistent/seams-\(i)", files: [])
            slots.append(slot)
            if slot == nil { break }
        }
        #expect(slots.last! == nil)
        #expect(Set(slots.compactMap { $0 }).count == slots.count - 1)
    }
}
