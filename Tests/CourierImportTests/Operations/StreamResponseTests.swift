import Testing
@testable import CourierImport

/// Streamed responses: `text/event-stream`, JSON Lines and JSON text sequences become `stream:`
/// endpoints, each element's type from `itemSchema` or `schema`, and every guess reported.
@Suite struct StreamResponseTests {
    @Test func eachStreamMediaTypeBecomesItsFormat() throws {
        let imported = try importing(document("""
            paths:
              /chat:
                post:
                  operationId: streamChat
                  requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Prompt' } } } }
                  responses:
                    '200':
                      description: Chunks.
                      content:
                        text/event-stream:
                          itemSchema:
                            type: object
                            required: [data]
                            properties:
                              event: { type: string }
                              data:
                                type: string
                                contentMediaType: application/json
                                contentSchema: { $ref: '#/components/schemas/Chunk' }
              /logs:
                get:
                  operationId: tailLogs
                  responses:
                    '200':
                      description: Lines.
                      content:
                        application/x-ndjson: { itemSchema: { $ref: '#/components/schemas/Entry' } }
                        application/jsonl: { itemSchema: { $ref: '#/components/schemas/Entry' } }
              /export:
                get:
                  operationId: exportItems
                  responses:
                    '200':
                      description: Records.
                      content:
                        application/json-seq:
                          schema: { type: array, items: { $ref: '#/components/schemas/Entry' } }
            components:
              schemas:
                Prompt: { type: object, required: [text], properties: { text: { type: string } } }
                Chunk:
                  type: object
                  required: [delta]
                  properties: { delta: { type: string }, finish_reason: { type: string } }
                Entry: { type: object, required: [message], properties: { message: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "streamChat:") == """
            streamChat:
              post: /chat
              body: Prompt
              stream: { events: Chunk }
            """)
        #expect(block(imported.spec, startingWith: "tailLogs:") == "tailLogs:\n  get: /logs\n  stream: { lines: Entry }")
        #expect(block(imported.spec, startingWith: "exportItems:") == "exportItems:\n  get: /export\n  stream: { sequence: Entry }")
        #expect(imported.noted("stream", at: "#/paths/~1export/get/responses/200/content/application~1json-seq/schema", "its items"))
        // Two JSON Lines types are one format: nothing to report.
        #expect(!imported.noted("stream", at: "#/paths/~1logs/get/responses/200/content/application~1jsonl"))
    }

    @Test func guessedElementTypesAreReported() throws {
        let imported = try importing(document("""
            paths:
              /a:
                get:
                  operationId: schemaAsData
                  responses:
                    '200':
                      description: Events.
                      headers: { X-Trace: { schema: { type: string } } }
                      content:
                        text/event-stream:
                          schema: { $ref: '#/components/schemas/Chunk' }
                          example: 'data: {"delta":"a"}'
              /b:
                get:
                  operationId: untypedData
                  responses:
                    '200':
                      description: Events.
                      content: { text/event-stream: { itemSchema: { type: object, properties: { data: { type: string } } } } }
              /c:
                get:
                  operationId: noSchema
                  responses: { '200': { description: Lines., content: { application/jsonl: {} } } }
              /d:
                get:
                  operationId: itemWithoutData
                  responses:
                    '200':
                      description: Events.
                      content: { text/event-stream: { itemSchema: { $ref: '#/components/schemas/Chunk' } } }
            components:
              schemas:
                Chunk: { type: object, required: [delta], properties: { delta: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "schemaAsData:") == "schemaAsData:\n  get: /a\n  stream: { events: Chunk }")
        #expect(block(imported.spec, startingWith: "untypedData:") == "untypedData:\n  get: /b\n  stream: { events: JSON }")
        #expect(block(imported.spec, startingWith: "noSchema:") == "noSchema:\n  get: /c\n  stream: { lines: JSON }")
        #expect(block(imported.spec, startingWith: "itemWithoutData:") == "itemWithoutData:\n  get: /d\n  stream: { events: Chunk }")
        let content = "#/paths/~1a/get/responses/200/content/text~1event-stream"
        #expect(imported.noted("stream", at: content + "/schema", "each event's data"))
        #expect(imported.noted("header", at: "#/paths/~1a/get/responses/200/headers", "not read"))
        #expect(imported.noted("example", at: content + "/example", "not made into a sample"))
        #expect(imported.noted(
            "stream", at: "#/paths/~1b/get/responses/200/content/text~1event-stream/itemSchema/properties/data", "decodes as JSON"))
        #expect(imported.noted("stream", at: "#/paths/~1c/get/responses/200/content/application~1jsonl", "no schema"))
        #expect(imported.noted("stream", at: "#/paths/~1d/get/responses/200/content/text~1event-stream/itemSchema", "no `data`"))
        #expect(imported.samples.isEmpty)
    }

    @Test func aStreamBesideAJSONAnswerIsLeftOutAndReported() throws {
        let imported = try importing(document("""
            paths:
              /chat:
                post:
                  operationId: complete
                  responses:
                    '200':
                      description: A completion, or its chunks when asked to stream.
                      content:
                        application/json: { schema: { $ref: '#/components/schemas/Chunk' } }
                        text/event-stream: { schema: { $ref: '#/components/schemas/Chunk' } }
            components:
              schemas:
                Chunk: { type: object, required: [delta], properties: { delta: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "complete:") == "complete:\n  post: /chat\n  response: Chunk")
        #expect(imported.noted(
            "stream", at: "#/paths/~1chat/post/responses/200/content/text~1event-stream", "only application/json is generated"))
    }
}
