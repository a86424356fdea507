// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Courier
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

extension AsyncHTTPClientTransport {
    /// Maps what AsyncHTTPClient and SwiftNIO threw to Courier's errors, with messages that name
    /// no URL.
    static func map(_ error: any Error, request: PreparedRequest, ratio: Int) -> any Error {
        switch error {
        case is CourierError, is CancellationError:
            return error
        case let error as HTTPClientError:
            return map(error, request: request)
        case let error as NIOHTTPDecompression.DecompressionError:
            if error == .limit { return CourierError.transport(.compressionRatioExceeded(ratio)) }
            return CourierError.transport(.connectionLost(message: "the compressed body is corrupt (\(error))"))
        case let error as NIOHTTPDecompression.ExtraDecompressionError:
            return CourierError.transport(.connectionLost(message: "the compressed body is corrupt (\(error))"))
        case let error as HTTPParserError:
            return CourierError.transport(.connectionLost(message: "the server sent malformed HTTP (\(error))"))
        case let error as NIOConnectionError:
            return CourierError.transport(.cannotConnect(message: "\(error.host):\(error.port) refused or unreachable"))
        case let error as ChannelError:
            return CourierError.transport(.connectionLost(message: "\(error)"))
        case let error as IOError where [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL].contains(error.errnoCode):
            return CourierError.transport(.cannotConnect(message: "\(String(cString: strerror(error.errnoCode))) (errno \(error.errnoCode))"))
        case let error as IOError:
            return CourierError.transport(.connectionLost(message: error.description))
        default:
            return CourierError.transport(.other(error))
        }
    }

    private static func map(_ error: HTTPClientError, request: PreparedRequest) -> any Error {
        switch error {
        case .cancelled:
            return CancellationError()
        case .deadlineExceeded, .readTimeout, .writeTimeout:
            return CourierError.transport(.timedOut(after: request.timeout))
        case .connectTimeout, .getConnectionFromPoolTimeout, .tlsHandshakeTimeout:
            return CourierError.transport(.cannotConnect(message: "\(error)"))
        case .remoteConnectionClosed, .bodyLengthMismatch:
            return CourierError.transport(.connectionLost(message: "\(error)"))
        case .invalidURL, .emptyHost, .emptyScheme:
            // Without the query: it may hold keys.
            let origin = "\(request.http.scheme ?? "")://\(request.http.authority ?? "")"
            return CourierError.invalidRequest(.invalidBaseURL(origin))
        default:
            return CourierError.transport(.other(error))
        }
    }
}
#endif
