import SearchFeature
import SharedKernel

public enum CheckoutFeature {}
