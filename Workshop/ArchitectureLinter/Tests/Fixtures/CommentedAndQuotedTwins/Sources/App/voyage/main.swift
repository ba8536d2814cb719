import SharedKernel

print(Money(minorUnits: 100).minorUnits)
