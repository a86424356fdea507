import CourierSpec

/// The parse stage the CLI uses: CourierSpec's YAML loader and validator.
enum SpecLoaderChoice {
    static func make() -> any SpecLoading {
        SpecLoader()
    }
}
