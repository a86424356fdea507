import Courier
import TodoAPI

let todos = try TodosClient()
let todo = try await todos.getTodo(id: 1)
print("#\(todo.id) \(todo.title): \(todo.completed ? "done" : "open")")
