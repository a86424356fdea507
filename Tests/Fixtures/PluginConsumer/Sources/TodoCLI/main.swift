import Courier
import TodoAPI

/// Prints how long each call took, once it is over: a postware runs after the network.
let timing = Postware(position: .observation) { result, request, context in
    print("\(context.endpoint) took \(context.elapsed)")
    return try result.get()
}

let client = try Client(service: Todos.service(), wares: [Retry(), timing])
let todos = TodosClient(client: client)
let todo = try await todos.getTodo(id: 1)
print("#\(todo.id) \(todo.title): \(todo.completed ? "done" : "open")")

// The factories build the requests the facade sends; a client sends them as they are.
let open = try await client.send(Todos.listTodos(userId: 1)).filter { !$0.completed }
print("user 1 has \(open.count) open to-dos")

let created = try await todos.createTodo(body: Todos.NewTodo(userId: 1, title: "Read the Courier docs"))
print("created #\(created.id)")
