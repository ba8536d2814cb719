public enum SharedKernel {}
