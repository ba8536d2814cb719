import SharedKernel

print(TripID(rawValue: "LIS-001").rawValue)
