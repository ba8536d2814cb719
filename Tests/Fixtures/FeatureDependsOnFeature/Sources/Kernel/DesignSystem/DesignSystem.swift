public enum Palette {}
