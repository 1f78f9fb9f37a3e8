import Foundation

/// The theme compiled into the binary, decoded and checked once a process.
///
/// Most sites use it whole: their build then takes its check from here instead of parsing and validating the same
/// bytes again. `pmboard build` starts the work while its command line is parsed (``warmUp()``), on the core that
/// is idle then; a build that asks for it first simply waits for it.
public enum BuiltInTheme {
  /// Path in the theme (`Templates/…`, `Public/…`) → file.
  static let files: [String: Theme.File] = {
    var files: [String: Theme.File] = [:]
    for (key, base64) in EmbeddedTheme.base64Files {
      files[key] = Theme.File(path: key, data: Data(base64Encoded: base64) ?? Data())
    }
    return files
  }()

  /// The built-in theme's check, as ``TemplateChecker/check(_:)`` makes it but for the HTML check: that one's
  /// verdict on these bytes is the tests' (`theBuiltInTemplatesAreValidHTML`), which every change to them passes
  /// before it ships, and a build would only repeat it.
  static let checked: Result<TemplateChecker.Checked, TemplateCheckError> = Result {
    () throws(TemplateCheckError) -> TemplateChecker.Checked in
    try TemplateChecker(validatesHTML: false).check(Theme.assemble(files))
  }

  /// Decodes and checks the built-in theme on another thread, at a priority below the command line's parse (on
  /// Linux, Dispatch gives `.userInitiated` threads nice -2 and `.utility` ones +2): the parse is on the build's
  /// path, the theme only needed once the store is loaded.
  public static func warmUp() {
    DispatchQueue.global(qos: .utility).async { _ = checked }
  }
}
