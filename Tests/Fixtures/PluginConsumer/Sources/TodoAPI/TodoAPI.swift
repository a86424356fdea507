// The Todos client is generated from todos.courier.yaml by CourierPlugin.
import Courier
