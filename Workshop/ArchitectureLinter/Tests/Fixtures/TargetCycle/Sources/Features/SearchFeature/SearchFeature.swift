import CheckoutFeature
import SharedKernel

public enum SearchFeature {}
