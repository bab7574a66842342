import FieldServiceBackend
import Foundation

// Runs the sample backend until interrupted: `field-service-backend [--port N]` (default 8080).
let arguments = CommandLine.arguments.dropFirst()
var port: UInt16 = 8080
if let flag = arguments.firstIndex(of: "--port") {
    guard arguments.index(after: flag) < arguments.endIndex, let value = UInt16(arguments[arguments.index(after: flag)])
    else {
        FileHandle.standardError.write(Data("usage: field-service-backend [--port N]\n".utf8))
        exit(64)
    }
    port = value
}
let backend = FieldServiceBackend()
do {
    let url = try await backend.start(port: port)
    let banner = "FieldDesk backend listening on \(url) (sign in as ada@fielddesk.test / wrench-42)\n"
    FileHandle.standardOutput.write(Data(banner.utf8))
    while true { try await Task.sleep(for: .seconds(3600)) }
} catch {
    FileHandle.standardError.write(Data("field-service-backend: \(error)\n".utf8))
    exit(2)
}
