print(Screen().show())
