// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import Foundation

// A response body that the request's delivery sends to a file, written there by the call's task.
extension DelegateExchange {
    /// Writes `response`'s streaming body to a file for `destination` (or a temporary one), and
    /// answers with that file. A failure, cancellation or the deadline on the way removes the file.
    static func download(
        _ response: RawResponse, of request: PreparedRequest, to destination: URL?, progress: ProgressSink
    ) async throws -> RawResponse {
        let file = try FileDownload.make(for: request, destination: destination, head: response.http)
        do {
            for try await chunk in response.body.chunks() {
                try file.write(chunk)
                if progress.isActive { progress.received(file.written, of: file.expectedLength ?? response.body.length) }
            }
            return RawResponse(http: response.http, body: .file(try file.commit()))
        } catch {
            file.discard()
            throw error
        }
    }
}
#endif
