import OrdersDomain

public struct OrderStore {}
