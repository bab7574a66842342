import Foundation

/// Writes output files whole or not at all: a failed run never leaves a partial file.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw SeamsError.cannotWrite(path: path, reason: "folder \(dir.path) does not exist")
        }
        let temp = dir.appendingPathComponent(
            ".\(url.lastPathComponent).seams-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard FileManager.default.createFile(atPath: temp.path, contents: data) else {
            throw SeamsError.cannotWrite(path: path, reason: "the folder is not writable")
        }
        if rename(temp.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temp)
            throw SeamsError.cannotWrite(path: path, reason: reason)
        }
    }
}
