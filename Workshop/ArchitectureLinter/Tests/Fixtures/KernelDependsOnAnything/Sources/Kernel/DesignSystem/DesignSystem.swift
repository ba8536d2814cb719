import SharedKernel

public enum Palette {}
