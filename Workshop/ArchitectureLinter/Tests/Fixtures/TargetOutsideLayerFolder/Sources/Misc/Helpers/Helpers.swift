public enum Helpers {}
