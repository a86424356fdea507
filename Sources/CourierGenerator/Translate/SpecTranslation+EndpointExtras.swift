import CourierSpec
import Foundation

/// What an endpoint generates beside its factory and method: pages, typed response headers,
/// media types.
extension SpecTranslation {
    /// How the facade follows the endpoint's pages; `nil` when it is not paginated (or, with an
    /// error logged, when the pagination cannot be generated).
    mutating func translatePagination(_ endpoint: Endpoint) -> PaginationRender? {
        guard let declared = endpoint.pagination, let response = endpoint.response else { return nil }
        let setting = declared.filled(from: spec.pagination)
        // Without a style the validator has reported it (`pagination: true` and no service style).
        guard let style = setting.style?.value else { return nil }
        var itemType: String
        var itemsField: Field?
        var fields: [Field] = []
        switch response.value {
        case .array(let element):
            guard let spelled = speller.qualified(element) else { return nil }
            itemType = spelled
        case .named(let name):
            guard let model = spec.models.first(where: { $0.name.value == name }), case .object(let modelFields) = model.kind,
                  let itemsName = setting.items?.value, let field = modelFields.first(where: { $0.name.value == itemsName }),
                  case .array(let element) = field.type.value.nonOptional, let spelled = speller.qualified(element)
            else {
                log.error(
                    "the paginated response '\(name)' must be a model of this spec file with the `items:` list field",
                    at: response.location)
                return nil
            }
            fields = modelFields
            itemType = spelled
            itemsField = field
        default:
            return nil
        }
        var rendered: PaginationRender
        switch style {
        case .link:
            rendered = PaginationRender(style: .link, itemType: itemType, stopsAtEmptyPage: false)
        case .page:
            let parameter = SwiftLiteral.string(setting.parameter?.value ?? "page")
            rendered = PaginationRender(style: .pageNumber, parameterLiteral: [parameter], itemType: itemType, stopsAtEmptyPage: true)
        case .cursor:
            guard let cursor = setting.cursor?.value, let field = fields.first(where: { $0.name.value == cursor }) else { return nil }
            let read = Self.read(field, property: SwiftIdentifier.member(field.name.value))
            rendered = PaginationRender(
                style: .cursor, parameterLiteral: [SwiftLiteral.string(setting.parameter?.value ?? "cursor")],
                cursorProperty: [read.path], itemType: itemType, stopsAtEmptyPage: false)
        }
        if let itemsField {
            let items = Self.read(itemsField, property: SwiftIdentifier.member(itemsField.name.value))
            rendered.itemsProperty = [items.path]
            rendered.itemsAreOptional = items.isOptional
        }
        return rendered
    }

    /// The endpoint's `responseHeaders:` as a struct read from the raw response.
    mutating func translateResponseHeaders(_ endpoint: Endpoint, functionName: String) -> ResponseHeadersRender? {
        guard !endpoint.responseHeaders.isEmpty else { return nil }
        var scope = NameScope(reserved: ["init"])
        let fields = endpoint.responseHeaders.compactMap { header -> ResponseHeaderFieldRender? in
            guard case .named(let type) = header.type.value.nonOptional else { return nil }
            var field = ResponseHeaderFieldRender(
                name: scope.claim(SwiftIdentifier.member(header.name.value)), valueType: type, headerName: DocComment.code(header.name.value),
                headerNameLiteral: SwiftLiteral.string(header.name.value))
            field.source = Self.source(header.name.location)
            return field
        }
        var headers = ResponseHeadersRender(
            typeName: memberScope.claim(SwiftIdentifier.type(endpoint.name.value) + "Headers"),
            endpointName: SwiftIdentifier.plain(functionName), fields: fields)
        // The struct has no key of its own in the spec model: it names its endpoint.
        headers.source = Self.source(endpoint.name.location)
        return headers
    }

    /// The endpoint's `media:` as a generic struct with one static member per media type.
    mutating func translateMedia(_ endpoint: Endpoint, functionName: String) -> MediaRender? {
        guard !endpoint.media.isEmpty else { return nil }
        var names = NameScope(reserved: ["accept", "decoding", "init"])
        var choices: [MediaChoiceRender] = []
        for choice in endpoint.media {
            let type = choice.response?.value ?? .named("Empty")
            let valueType: String
            let decoding: MediaChoiceRender.Decoding
            switch type {
            case .named("Empty"): (valueType, decoding) = ("Void", .empty)
            case .named("Data"): (valueType, decoding) = ("Data", .data)
            case .named("String"): (valueType, decoding) = ("String", .string)
            default:
                guard let qualified = speller.qualified(type) else {
                    unvalidated("unknown response type '\(type)'", at: choice.response?.location ?? choice.name.location)
                    continue
                }
                (valueType, decoding) = (qualified, spec.keyStrategy?.value == .snakeCase ? .snakeCaseJSON : .json)
            }
            var rendered = MediaChoiceRender(
                name: names.claim(SwiftIdentifier.member(choice.name.value)),
                acceptLiteral: SwiftLiteral.string(choice.accept.value), valueType: valueType, decoding: decoding,
                acceptText: DocComment.code(choice.accept.value))
            rendered.source = Self.source(choice.name.location)
            choices.append(rendered)
        }
        let typeName = memberScope.claim(SwiftIdentifier.type(endpoint.name.value) + "Media")
        var media = MediaRender(typeName: typeName, functionName: SwiftIdentifier.plain(functionName), choices: choices)
        // Like the headers struct, the media struct names its endpoint.
        media.source = Self.source(endpoint.name.location)
        return media
    }
}
