import Courier
import CourierTesting
import Testing
import TodoAPI

@Test func getTodoDecodesTheSample() async throws {
    let todos = try TodosClient(transport: StubTransport(samples: Todos.samples))
    let todo = try await todos.getTodo(id: 1)
    #expect(todo.title == "delectus aut autem")
    #expect(!todo.completed)
}

@Test func aMissingTodoThrowsItsStatus() async throws {
    let stub = StubTransport(samples: Todos.samples)
    stub.setBehavior(.status(404), for: "getTodo")
    let todos = try TodosClient(transport: stub)
    let error = await #expect(throws: CourierError.self) {
        try await todos.getTodo(id: 999)
    }
    #expect(error?.status?.code == 404)
}

@Test func createTodoSendsTheBody() async throws {
    let stub = StubTransport()
    stub.on(.post, "/todos", reply: .json(#"{"id":201,"userId":1,"title":"Write tests","completed":false}"#))
    let todos = try TodosClient(transport: stub)
    let created = try await todos.createTodo(body: Todos.NewTodo(userId: 1, title: "Write tests"))
    #expect(created.id == 201)
    #expect(stub.requests.count == 1)
}
