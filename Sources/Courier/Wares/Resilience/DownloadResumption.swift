/// How far Courier goes to finish a download to a file (``ResponseDecoding/file(to:)``) whose
/// body was interrupted: how many more requests it may send for it.
///
/// When a `GET` whose body goes to a file loses its connection mid-body (or its body ends short
/// of its `Content-Length`), Courier asks for the rest with `Range: bytes=<kept>-` and `If-Range`
/// (the first response's strong `ETag`, else its `Last-Modified`), keeping the bytes it has; a
/// `206` from there is appended, and anything else starts the file over: a `200` (the server
/// ignores ranges, or the representation changed), a `206` for another range, a `416`. Without
/// a validator, with `Accept-Ranges: none` or with a content-coded body, it starts over at once.
/// Each of these requests runs through the wares inside the retry slot (authentication is
/// applied again) as another attempt of the call, at once and with the request's whole timeout.
/// A request that sets its own `Range` is left alone. Outside the resumption, the `Retry` ware
/// may still start the whole download again once these requests are used up.
///
/// The default is ``standard``: three more requests. The request's setting wins over the
/// service's.
///
/// ```swift
/// request.downloadResumption = .attempts(5)
/// service.downloadResumption = .disabled
/// ```
public struct DownloadResumption: Sendable, Hashable {
    /// The most requests sent after the first to finish the download; 0 sends none.
    public var attempts: Int

    /// Up to `count` more requests after the first (none when `count` is 0 or less).
    public static func attempts(_ count: Int) -> DownloadResumption {
        DownloadResumption(attempts: max(0, count))
    }

    /// An interrupted download fails at once, its partial file removed.
    public static let disabled = DownloadResumption(attempts: 0)

    /// The default: up to three more requests.
    public static let standard = DownloadResumption(attempts: 3)
}

/// A request's or a service's ``DownloadResumption``; `nil` unless set.
enum DownloadResumptionOption: OptionKey {
    static var defaultValue: DownloadResumption? { nil }
}

extension Request {
    /// How an interrupted download of this request is continued; `nil` (the default) follows
    /// the service, then ``DownloadResumption/standard``. Kept in ``options``.
    public var downloadResumption: DownloadResumption? {
        get { options[DownloadResumptionOption.self] }
        set { options[DownloadResumptionOption.self] = newValue }
    }
}

extension PreparedRequest {
    /// The ``Request/downloadResumption`` the request declared.
    public var downloadResumption: DownloadResumption? {
        get { options[DownloadResumptionOption.self] }
        set { options[DownloadResumptionOption.self] = newValue }
    }
}

extension ServiceConfiguration {
    /// How the service's interrupted downloads are continued, under each request's own; `nil`
    /// (``DownloadResumption/standard``) by default. Kept in ``options``.
    public var downloadResumption: DownloadResumption? {
        get { options[DownloadResumptionOption.self] }
        set { options[DownloadResumptionOption.self] = newValue }
    }
}
