import Courier
import Foundation
import Testing

/// One streamed piece of a chat completion, OpenAI style.
private struct ChatChunk: Decodable, Sendable, Equatable {
    var id: String
    var text: String
}

/// Two kinds of event chosen by the event name, as a generated union would do.
private enum Update: Sendable, Equatable {
    case added(ChatChunk)
    case removed(String)
}

@Suite("Server-sent events as async sequences: raw, decoded, terminated, failing")
struct ServerSentEventsTests {
    static let chat = """
        : stream opened

        id: 1
        data: {"id":"c1","text":"Hel"}

        id: 2
        data: {"id":"c1","text":"lo"}

        data: [DONE]

        data: {"id":"c1","text":"after the end"}


        """

    @Test("raw events from any chunk sequence, with the iterator's last event ID and reconnection time")
    func rawEvents() async throws {
        let source = CountingChunks(pieces: chunks(Array("retry: 3000\ndata: a\nid: 1\n\ndata: b\n\n".utf8), cuts: [5, 20]))
        var iterator = source.serverSentEvents().makeAsyncIterator()
        #expect(try await iterator.next() == ServerSentEvent(data: "a", id: "1", retry: .seconds(3)))
        #expect(iterator.lastEventID == "1")
        #expect(iterator.reconnectionTime == .seconds(3))
        #expect(try await iterator.next() == ServerSentEvent(data: "b", id: "1"))
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
    }

    @Test("chunks of [UInt8] work as well as Data")
    func byteArrayChunks() async throws {
        let stream = AsyncStream<[UInt8]> { continuation in
            for byte in "data: ü\n\n".utf8 { continuation.yield([byte]) }
            continuation.finish()
        }
        let (events, error) = await collect(stream.serverSentEvents())
        #expect(error == nil)
        #expect(events.map(\.data) == ["ü"])
    }

    @Test("typed events decode their JSON data, keep id, event and retry, and end at the terminator")
    func typedWithTerminator() async throws {
        let source = CountingChunks(pieces: chunks(Array(Self.chat.utf8), cuts: [30, 90, 97]), ending: .endless(Data("data: {}\n\n".utf8)))
        let (events, error) = await collect(source.serverSentEvents(of: ChatChunk.self, terminator: "[DONE]"))
        #expect(error == nil)
        #expect(events == [
            DecodedServerSentEvent(value: ChatChunk(id: "c1", text: "Hel"), id: "1"),
            DecodedServerSentEvent(value: ChatChunk(id: "c1", text: "lo"), id: "2"),
        ])
        #expect(source.taken.all == [0, 1, 2, 3], "nothing is read past the terminator")
    }

    @Test("the terminator ends the sequence with spaces or tabs around it, as `data: [DONE] ` does")
    func terminatorWithSpaces() async throws {
        for line in ["data: [DONE] ", "data:  [DONE]", "data: [DONE]\t "] {
            let text = "data: {\"id\":\"c1\",\"text\":\"a\"}\n\n\(line)\n\n"
            let source = CountingChunks(pieces: [Data(text.utf8)], ending: .endless(Data("data: {}\n\n".utf8)))
            let (events, error) = await collect(source.serverSentEvents(of: ChatChunk.self, terminator: "[DONE]"))
            #expect(error == nil, "\(line.debugDescription)")
            #expect(events.map(\.value) == [ChatChunk(id: "c1", text: "a")])
        }
    }

    @Test("the service's decoder is the one used")
    func decoderStrategies() async throws {
        struct Row: Decodable, Sendable, Equatable { var createdBy: String }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let body = HTTPBody.bytes(Data("data: {\"created_by\":\"ann\"}\n\n".utf8))
        let (events, error) = await collect(body.serverSentEvents(of: Row.self, decoder: decoder))
        #expect(error == nil)
        #expect(events.map(\.value) == [Row(createdBy: "ann")])
    }

    @Test("events are read as they are asked for: one event needs only the chunks it spans")
    func backPressure() async throws {
        let events = (0..<10).map { "data: {\"id\":\"\($0)\",\"text\":\"t\"}\n\n" }
        let source = CountingChunks(pieces: events.map { Data($0.utf8) })
        var iterator = source.serverSentEvents(of: ChatChunk.self).makeAsyncIterator()
        #expect(try await iterator.next()?.value.id == "0")
        #expect(source.taken.all == [0])
        #expect(try await iterator.next()?.value.id == "1")
        #expect(source.taken.all == [0, 1])
    }

    @Test("a decoding failure names the event's index and byte offset, and ends the sequence without reading on")
    func decodingFailure() async throws {
        let text = "data: {\"id\":\"a\",\"text\":\"1\"}\n\n: note\ndata: {\"id\":\"b\",\"text\":\"2\"}\n\ndata: {\"id\":\"c\"}\n\n"
        let offset = text.utf8.count - "data: {\"id\":\"c\"}\n\n".utf8.count
        let source = CountingChunks(pieces: [Data(text.utf8)], ending: .endless(Data("data: {\"id\":\"d\",\"text\":\"4\"}\n\n".utf8)))
        var iterator = source.serverSentEvents(of: ChatChunk.self).makeAsyncIterator()
        #expect(try await iterator.next()?.value.id == "a")
        #expect(try await iterator.next()?.value.id == "b")
        let error = await #expect(throws: CourierError.self) { _ = try await iterator.next() }
        guard case .stream(.undecodableElement(let failure))? = error?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(failure.position == StreamPosition(index: 2, byteOffset: offset))
        #expect(failure.type == "ChatChunk")
        #expect(failure.codingPath == "text")
        #expect(failure.excerpt == "{\"id\":\"c\"}")
        #expect(error?.kind == .decoding)
        #expect(error?.underlying is DecodingError)
        #expect(error?.message.contains("element 2 at byte \(offset)") == true)
        #expect(try await iterator.next() == nil)
        #expect(source.taken.all == [0], "the sequence ended without reading further")
    }

    @Test("an oversized event ends the typed sequence with the limit error, even on an endless body")
    func oversizeEvent() async throws {
        let source = CountingChunks(pieces: [Data("data: {\"id\":\"a\",\"text\":\"1\"}\n\ndata: ".utf8)], ending: .endless(Data(repeating: 0x41, count: 1000)))
        let (events, error) = await collect(source.serverSentEvents(of: ChatChunk.self, maximumEventSize: 10_000))
        #expect(events.map(\.value.id) == ["a"])
        guard case .stream(.elementTooLarge(10_000, let position))? = (error as? CourierError)?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(position.index == 1)
        #expect(source.taken.all.count < 20, "the body was not read on after the limit")
    }

    @Test("the body's own error ends the sequence as it is")
    func bodyError() async throws {
        let source = CountingChunks(pieces: [Data("data: {\"id\":\"a\",\"text\":\"1\"}\n\ndata: x".utf8)], ending: .fail(TestStreamError(note: "reset")))
        let (events, error) = await collect(source.serverSentEvents(of: ChatChunk.self))
        #expect(events.count == 1)
        #expect(error as? TestStreamError == TestStreamError(note: "reset"))
    }

    @Test("the event name is known before decoding: one of several types, unknown names skipped")
    func decodingByEventName() async throws {
        let text = "event: add\ndata: {\"id\":\"1\",\"text\":\"x\"}\n\nevent: ping\ndata: {}\n\nevent: remove\ndata: 1\n\n"
        let decoder = JSONDecoder()
        let updates = DecodedServerSentEvents(HTTPBody.bytes(Data(text.utf8)).chunks()) { event, data -> Update? in
            switch event {
            case "add": .added(try decoder.decode(ChatChunk.self, from: data))
            case "remove": .removed(String(decoding: data, as: UTF8.self))
            default: nil
            }
        }
        let (events, error) = await collect(updates)
        #expect(error == nil)
        #expect(events.map(\.value) == [.added(ChatChunk(id: "1", text: "x")), .removed("1")])
        #expect(events.map(\.event) == ["add", "remove"])
    }

    @Test("data that is not valid UTF-8 decodes as its text would, with U+FFFD")
    func invalidUTF8InData() async throws {
        let bytes = Array("data: {\"id\":\"".utf8) + [0xFF] + Array("\",\"text\":\"t\"}\n\n".utf8)
        let (events, error) = await collect(HTTPBody.bytes(Data(bytes)).serverSentEvents(of: ChatChunk.self))
        #expect(error == nil)
        #expect(events.map(\.value.id) == ["\u{FFFD}"])
    }

    @Test("typed events in random chunkings are the same as whole")
    func typedRandomChunkings() async throws {
        var text = ""
        for index in 0..<200 { text += "id: \(index)\r\ndata: {\"id\":\"\(index)\",\r\ndata: \"text\":\"é🎉\(index)\"}\r\n\r\n" }
        let bytes = Array(text.utf8)
        var generator = ChunkingRandom(seed: 42)
        for round in 0..<20 {
            let source = CountingChunks(pieces: randomChunks(bytes, largest: [2, 33, 1000][round % 3], using: &generator))
            let (events, error) = await collect(source.serverSentEvents(of: ChatChunk.self))
            let expected = (0..<200).map(String.init)
            guard error == nil, events.map(\.value.id) == expected, events.map(\.id) == expected,
                  events.last?.value.text == "é🎉199"
            else {
                Issue.record("round \(round): \(events.count) events, error \(String(describing: error))")
                return
            }
        }
    }
}
