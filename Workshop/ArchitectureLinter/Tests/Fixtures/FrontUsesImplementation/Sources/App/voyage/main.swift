import CommandLineInterface

print(Commands.self)
