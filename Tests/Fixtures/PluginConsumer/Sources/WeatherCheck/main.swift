import Courier
import CourierTesting
import Foundation
import WeatherAPI

// Proves the generated factory builds the right request and decodes the answer.
let stub = StubTransport()
stub.on(.get, "/api/forecast/Oslo", reply: .json(#"{"city":"Oslo","celsius":-3.5}"#))
let client = try Client(service: Weather.service(), transport: stub)
let forecast = try await client.send(Weather.forecast(city: "Oslo"))
print("forecast \(forecast.city) \(forecast.celsius)")
