public enum Vendor {}
