// The Weather client is generated from weather.courier.yaml by CourierPlugin.
import Courier
