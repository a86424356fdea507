/// Whether a request may share its call with identical ones; `true` unless set.
enum CoalescesOption: OptionKey {
    static var defaultValue: Bool { true }
}

extension Request {
    /// Whether the ``Coalescing`` ware may share this request's call with identical ones in
    /// flight (GET and HEAD only); `true` by default. Kept in ``options``.
    public var coalesces: Bool {
        get { options[CoalescesOption.self] }
        set { options[CoalescesOption.self] = newValue }
    }
}

extension PreparedRequest {
    /// Whether the request lets identical in-flight requests share its call (``Request/coalesces``),
    /// for the ``Coalescing`` ware.
    public var coalesces: Bool {
        get { options[CoalescesOption.self] }
        set { options[CoalescesOption.self] = newValue }
    }
}
