import SharedKernel

print(TripID(rawValue: CommandLine.arguments.dropFirst().first ?? "").rawValue)
