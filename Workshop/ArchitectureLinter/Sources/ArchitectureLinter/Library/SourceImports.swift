/// The imports of a Swift file as the linter's scanner reads them (what `--list-imports` prints):
/// comments, strings and inactive `#if` branches skipped exactly, for a tool that asks which
/// modules a file uses instead of reading Swift itself.
public enum SourceImports {
  /// The imports of the Swift file at `path` (from `folder`, or from the working folder), in
  /// file order. `defines` are the custom compilation conditions that are set (the others are
  /// unset); `platform` decides `os()`, `arch()` and `targetEnvironment()` (`nil`: any
  /// platform). A file that cannot be read or is not UTF-8 throws ``BadInput``, which names
  /// `path` as given.
  public static func of(
    file path: String, in folder: String? = nil, defines: [String] = [], platform: String? = nil
  ) throws -> [Import] {
    let location = folder.map { path.hasPrefix("/") ? path : $0 + "/" + path } ?? path
    return try of(
      fileAt: location, named: path,
      setting: BuildSetting(defined: Set(defines), platform: platform))
  }

  /// The imports of the file at `location`, named `path` (as it was given) in an error.
  static func of(fileAt location: String, named path: String, setting: BuildSetting) throws
    -> [Import]
  {
    switch ScannedFile.scan(location, setting: setting, { _, _, imports, _ in imports }) {
    case .failure(let failure): throw BadInput("'\(path)' \(failure.reason)")
    case .success(let imports): return imports
    }
  }
}
