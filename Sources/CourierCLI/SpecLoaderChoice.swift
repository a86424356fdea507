import CourierSpec

/// The parse stage the CLI uses: libyaml through `CourierSpec`.
enum SpecLoaderChoice {
    static func make() -> any SpecLoading {
        SpecLoader()
    }
}
