// The Hub client is generated from hub.courier.yaml by CourierPlugin; this file only makes
// SwiftPM treat the target as having Swift sources (a target with none is skipped).
