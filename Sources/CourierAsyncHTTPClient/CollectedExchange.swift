// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import Foundation
import NIOCore

extension AsyncHTTPClientTransport {
    /// Whether `request` goes through ``collected(_:on:context:ratio:)``: it sends no body and
    /// collects its answer whatever the status (most API reads).
    static func isCollectedRead(_ request: PreparedRequest) -> Bool {
        request.body == nil && request.responseDelivery.collects
    }

    /// Sends one body-less request without following redirects and collects its answer within
    /// the size limit, the whole exchange bounded by the call's deadline.
    ///
    /// Why not the delegate API, whose deadline covers the body by itself: it runs a call's
    /// callbacks on the loop the call was given, and a kept-alive connection may live on another
    /// one; the async API runs on the connection's loop. Sequentially this went from 7,136 to
    /// 7,670 requests a second (`transport-probe real-socket … AHC sequential`, its `delegate AHC`
    /// and `body task AHC` rows). The async API's deadline ends at the response head, so the body
    /// is read in a task of its own, which a timer on the event loop cancels at the deadline.
    static func collected(
        _ request: PreparedRequest, on client: HTTPClient, context: TransportContext, ratio: Int
    ) async throws -> RawResponse {
        let deadline = NIODeadline.now() + TimeAmount(max(context.remaining, .zero))
        let response = try await client.execute(
            outgoing(request, context: context, eventLoops: client.eventLoopGroup), deadline: deadline, logger: nil)
        let (head, contentLength) = NIOConversions.response(status: response.status, headers: response.headers)
        let (declared, limit, progress) = (ResponseBodyCollector.declaredLength(contentLength), request.maximumResponseSize, context.progress)
        let reading = Task {
            // Made here, not handed in: its storage, reserved for the declared length, is then
            // this task's alone.
            var body = ResponseBodyCollector(limit: limit)
            try body.expect(contentLength: contentLength)
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { bytes in try body.append(bytes) }
                if progress.isActive { progress.received(body.data.count, of: declared) }
            }
            // A cancellation (the deadline's or the caller's) must never hand over a body cut
            // short. SwiftNIO's body sequence throws it even when it lands between two reads
            // (it did not always: older versions ended the sequence quietly), and the test
            // `cancelledWhilePouring` holds the transport to it; this check keeps it so whatever
            // the sequence does.
            try Task.checkCancellation()
            return body.data
        }
        let expired = Locked(false)
        let timer = client.eventLoopGroup.any().scheduleTask(deadline: deadline) {
            expired.withLock { $0 = true }
            reading.cancel()
        }
        defer { timer.cancel() }
        do {
            let data = try await withTaskCancellationHandler {
                try await reading.value
            } onCancel: {
                reading.cancel()
            }
            return RawResponse(http: head, body: data)
        } catch is CancellationError where expired.withLock({ $0 }) {
            throw CourierError.transport(.timedOut(after: request.timeout))
        }
    }
}
#endif
