@testable import Courier
import Foundation
import FuzzSupport

// The credential file of FileCredentialStore, as a truncated, corrupted or hostile file may hold
// anything: reading it gives credentials or a CredentialStoreError (whose message quotes nothing
// of the file), never a trap; what reads, saves and reads back the same.
//
// Each input is written to one file in a directory of this process under the temporary
// directory, removed when the process ends normally.

private let directory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-fuzz-credentials-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("courier-fuzz-credentials-\(getpid())")) }
    return url
}()

/// Runs `body` to its end from this synchronous entry point.
private func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return box.result!
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let file = directory.appendingPathComponent("credentials.json")
    guard FileManager.default.createFile(atPath: file.path, contents: Data(input.bytes)) else {
        fuzzCheck(false, "cannot write \(file.path)")
        return 0
    }
    let scheme = AuthSchemeName("bearer")
    let store = FileCredentialStore(url: file)
    switch wait({ try await store.credentials(for: scheme) }) {
    case .failure(let error):
        fuzzCheck(error is CredentialStoreError, "not a CredentialStoreError: \(type(of: error))")
        let text = String(fuzzBytes: input.bytes)
        if text.utf8.count >= 12 {
            // Byte for byte: Foundation's `contains` ignores NULs on Linux (ExactText.swift).
            fuzzCheck(!"\(error)".containsExactly(text), "the error quotes the file: \(error)")
        }
    case .success(let credentials?):
        let saved = wait({ try await store.save(credentials, for: scheme) })
        if case .failure(let error) = saved { fuzzCheck(false, "saving what was read failed: \(error)") }
        let reread = wait({ try await FileCredentialStore(url: file).credentials(for: scheme) })
        if case .success(let again) = reread {
            fuzzCheck(again == credentials, "credentials changed by saving: \(credentials) then \(String(describing: again))")
        } else {
            fuzzCheck(false, "a file the store wrote does not read back")
        }
    case .success(nil):
        break
    }
    return 0
}
