import OrdersData
import OrdersDomain

public struct OrderScreen {}
