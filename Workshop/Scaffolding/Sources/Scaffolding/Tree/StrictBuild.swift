/// The flags of the check suite's builds (`strict_build_flags` in Scripts/lib/strict-build.sh,
/// which a test compares with these): a build the check suite then reuses must use exactly them,
/// since SwiftPM rebuilds every module when the flags differ from the last build's.
enum StrictBuild {
  static let flags = [
    "--explicit-target-dependency-import-check", "error", "-Xswiftc", "-warnings-as-errors",
  ]

  /// The traits Voyage's own package builds with there (`voyage_traits`): its fault points.
  static let voyageTraits = ["--traits", "FaultPoints"]
}
