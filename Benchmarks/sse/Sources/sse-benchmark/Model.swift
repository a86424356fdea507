import Foundation

/// The payload of each event: a struct model whose JSON is about 1 KB, as a feed or a chat API
/// sends.
struct Activity: Codable, Sendable, Hashable {
    struct Actor: Codable, Sendable, Hashable {
        var id: Int
        var login: String
        var displayName: String
        var avatarURL: String
        var verified: Bool
    }

    struct Item: Codable, Sendable, Hashable {
        var sku: String
        var title: String
        var quantity: Int
        var price: Double
        var tags: [String]
    }

    var id: Int
    var kind: String
    var createdAt: String
    var actor: Actor
    var items: [Item]
    var message: String
    var score: Double
    var flags: [Bool]

    /// The `index`th activity: the same shape each time, with values that change.
    static func sample(_ index: Int) -> Activity {
        Activity(
            id: index, kind: ["created", "updated", "deleted"][index % 3], createdAt: "2026-11-25T18:03:\(10 + index % 50)Z",
            actor: Actor(
                id: 1000 + index % 97, login: "user\(index % 97)", displayName: "Ünïcode Üser №\(index % 97) 🎉",
                avatarURL: "https://avatars.example.com/u/\(1000 + index % 97)?s=128&v=4", verified: index % 2 == 0),
            items: (0..<4).map { item in
                Item(
                    sku: "SKU-\(index % 1000)-\(item)", title: "Item \(item) of activity \(index): a reasonably long title",
                    quantity: item + 1, price: Double(index % 100) + 0.25 * Double(item), tags: ["blue", "large", "sale"])
            },
            message: "Activity \(index) happened; here is a message with some text to make the payload about one kilobyte long.",
            score: Double(index) / 7, flags: [true, false, index % 3 == 0])
    }
}

/// A streamed piece of a chat completion, OpenAI style: a flat model whose JSON is about 1 KB,
/// most of it one string.
struct ChatDelta: Codable, Sendable, Hashable {
    struct Choice: Codable, Sendable, Hashable {
        struct Delta: Codable, Sendable, Hashable {
            var role: String?
            var content: String
        }

        var index: Int
        var delta: Delta
        var finishReason: String?
    }

    var id: Int
    var object: String
    var created: Int
    var model: String
    var choices: [Choice]

    /// The `index`th delta.
    static func sample(_ index: Int) -> ChatDelta {
        let words = ["stream", "token", "ünïcode", "model", "event", "🎉", "delta", "chunk", "reply", "sentence"]
        var content = ""
        var word = index
        while content.utf8.count < 820 {
            content += words[word % words.count] + " "
            word = (word * 31 + 7) % 1009
        }
        return ChatDelta(
            id: index, object: "chat.completion.chunk", created: 1_764_000_000 + index, model: "gpt-example-2026-11",
            choices: [Choice(index: 0, delta: Choice.Delta(role: index == 0 ? "assistant" : nil, content: content), finishReason: nil)])
    }
}

/// Which payload the events carry.
enum Model: String, CaseIterable {
    /// ``Activity``: nested objects and arrays, many small fields.
    case activity
    /// ``ChatDelta``: a few fields and one long string.
    case chat

    /// JSON of a few samples, reused to build long streams quickly (encoding each event afresh
    /// would dominate building the stream).
    var templates: [[UInt8]] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (0..<64).map { index in
            let data = switch self {
            case .activity: try? encoder.encode(Activity.sample(index))
            case .chat: try? encoder.encode(ChatDelta.sample(index))
            }
            return Array(data ?? Data())
        }
    }
}

/// Makes the bytes of `text/event-stream` events: each an `id`, an `event` name and a `data`
/// line holding one model value as JSON, then a blank line.
struct EventMaker: Sendable {
    let templates: [[UInt8]]

    init(model: Model) {
        templates = model.templates
    }

    /// The `index`th event's bytes.
    func event(_ index: Int) -> [UInt8] {
        Array("id: \(index)\nevent: update\ndata: ".utf8) + templates[index % templates.count] + Array("\n\n".utf8)
    }

    /// The bytes of `count` events.
    func stream(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * (templates[0].count + 40))
        for index in 0..<count { bytes += event(index) }
        return bytes
    }

    /// The data of each of `count` events, for decoding alone.
    func payloads(count: Int) -> [Data] {
        (0..<count).map { Data(templates[$0 % templates.count]) }
    }
}
