import Courier
import CourierTesting
import Foundation
import WeatherAPI

// Proves the generated factory builds the right request and decodes the answer.
let stub = StubTransport()
stub.respond(to: .get, path: "/api/forecast/Oslo", with: RawResponse(status: .ok, body: Data(#"{"city":"Oslo","celsius":-3.5}"#.utf8)))
let client = try Client(service: Weather.service(), transport: stub)
let forecast = try await client.send(Weather.forecast(city: "Oslo"))
print("forecast \(forecast.city) \(forecast.celsius)")
