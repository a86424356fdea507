// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import NIOCore
import NIOHTTP1

// The request a `DelegateExchange` hands to AsyncHTTPClient, kept apart from the exchange itself.
extension DelegateExchange {
    /// A body of `length` bytes (chunked when unknown) that `write` produces in a task of its
    /// own while the request goes out; `upload` knows it is being written from before the request
    /// is sent, since an answer may come before the writer has started.
    static func streamed(
        length: Int?, eventLoops: any EventLoopGroup, upload: UploadStop,
        _ write: @escaping @Sendable (HTTPClient.Body.StreamWriter) async throws -> Void
    ) -> HTTPClient.Body {
        upload.began()
        return .stream(contentLength: length.map { Int64($0) }) { writer in
            let promise = eventLoops.any().makePromise(of: Void.self)
            promise.completeWithTask {
                defer { upload.ended() }
                try await write(writer)
            }
            return promise.futureResult
        }
    }

    /// AsyncHTTPClient's (delegate API) request for `request`; a streamed body is read as it is sent.
    /// `upload` is the exchange's, which it has exactly when the body is not in memory, and
    /// `regions` too when the body's files go out as file regions.
    static func outgoing(
        _ request: PreparedRequest, context: TransportContext, eventLoops: any EventLoopGroup, upload: UploadStop?,
        regions: SentRegions?
    ) throws -> HTTPClient.Request {
        var body: HTTPClient.Body?
        if let payload = request.body {
            if let data = payload.data {
                body = .bytes(data)
                if context.progress.isActive { context.progress.sent(0, of: data.count) }
            } else if let upload, let regions, let segments = FileRegionUpload.segments(of: request) {
                body = streamed(length: payload.length, eventLoops: eventLoops, upload: upload) { writer in
                    // The parts are read here, not through the body: a one-shot part is then spent.
                    payload.markRead()
                    try await FileRegionUpload.write(segments, to: writer, stop: upload, regions: regions)
                }
            } else if let upload {
                let chunks = OutgoingChunks(body: payload, progress: context.progress, eventLoops: eventLoops)
                body = streamed(length: payload.length, eventLoops: eventLoops, upload: upload) { writer in
                    for try await buffer in chunks {
                        guard try await upload.wait(for: writer.write(.byteBuffer(buffer))) else { return }
                    }
                }
            }
        }
        return try HTTPClient.Request(
            url: NIOConversions.url(of: request), method: HTTPMethod(rawValue: request.http.method.rawValue),
            headers: NIOConversions.headers(of: request), body: body)
    }
}
#endif
