import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardValidation

/// The "validate templates" stage: every template through swift-mustache-compatible parsing and libxml2,
/// every catalog against the others. Collects all problems before failing, like Hugo does.
public struct TemplateChecker: Sendable {
  /// Whether templates go through the HTML check; without it they are still parsed and compiled, and catalogs
  /// still checked. Only the built-in theme skips it (``BuiltInTheme``).
  public var validatesHTML: Bool

  public init(validatesHTML: Bool = true) {
    self.validatesHTML = validatesHTML
  }

  /// A theme that passed: compiled templates and parsed catalogs.
  public struct Checked: Sendable {
    public var templates: TemplateSet
    public var catalogs: [String: LocaleCatalog]
    public var assets: [String: Theme.File]
    /// Every template and catalog file's name and bytes: what the pages' look and words depend on.
    public var fingerprint = Fingerprint()

    public init(templates: TemplateSet, catalogs: [String: LocaleCatalog], assets: [String: Theme.File]) {
      self.templates = templates
      self.catalogs = catalogs
      self.assets = assets
    }
  }

  public func check(_ theme: Theme) throws(TemplateCheckError) -> Checked {
    var problems = theme.problems
    for name in Theme.pageTemplates where theme.templates[name] == nil {
      problems.append(
        Diagnostic(
          file: "Templates/\(name).mustache", line: 1, column: 1, code: "theme.missing-page",
          message: "the page template is missing"))
    }
    // Catalogs and templates are checked independently, so on every core at once (this is most of a small
    // board's build time).
    let catalogFiles = theme.catalogs.sorted { $0.key < $1.key }
    let templateFiles = theme.templates.sorted { $0.key < $1.key }
    let results = concurrentMap(catalogFiles.count + templateFiles.count) { index in
      if index < catalogFiles.count {
        let (code, file) = catalogFiles[index]
        return CheckedFile.catalog(LocaleCatalog.parse(code: code, text: file.text, file: file.path))
      }
      // Each template is parsed once: the HTML check masks the tags the parser read, and the template set
      // compiles the nodes.
      let (name, file) = templateFiles[index - catalogFiles.count]
      let text = file.text
      let parsed = MustacheParser.parse(text, file: file.path)
      let problems =
        validatesHTML
        ? HTMLTemplateValidator().validate(
          source: text, file: file.path, isPage: Theme.pageTemplates.contains(name), tags: parsed.tags) : []
      return CheckedFile.template(name, parsed, problems)
    }
    var catalogs: [String: LocaleCatalog] = [:]
    var htmlProblems: [Diagnostic] = []
    var parsed: [String: ParsedTemplate] = [:]
    for result in results {
      switch result {
      case .catalog(.success(let catalog)): catalogs[catalog.code] = catalog
      case .catalog(.failure(let problem)): problems.append(problem)
      case .template(let name, let template, let found):
        parsed[name] = template
        htmlProblems += found
      }
    }
    if theme.catalogs.isEmpty {
      problems.append(
        Diagnostic(
          file: "Templates/locales", line: 1, column: 1, code: "theme.no-catalogs", message: "no locale catalogs"))
    }
    problems += LocaleCatalog.compare(catalogs.values.sorted { $0.code < $1.code })
    problems += htmlProblems
    var templates: TemplateSet?
    do {
      templates = try TemplateSet(parsed: parsed)
    } catch {
      switch error {
      case .invalid(let diagnostics): problems += diagnostics
      }
    }
    let errors = problems.filter { $0.severity == .error }
    guard errors.isEmpty, let templates else { throw TemplateCheckError(diagnostics: Array(Set(problems)).sorted()) }
    var checked = Checked(templates: templates, catalogs: catalogs, assets: theme.assets)
    for (name, file) in theme.templates.sorted(by: { $0.key < $1.key }) + theme.catalogs.sorted(by: { $0.key < $1.key })
    {
      checked.fingerprint.add(name)
      checked.fingerprint.add(file.text)
    }
    return checked
  }
}

/// What checking one file of the theme found.
private enum CheckedFile {
  case catalog(Result<LocaleCatalog, Diagnostic>)
  /// A template's name, what the Mustache parser read, and the HTML check's problems.
  case template(String, ParsedTemplate, [Diagnostic])
}

/// Templates or catalogs with problems; nothing was rendered.
public struct TemplateCheckError: Error, Sendable, PMBoardFailure {
  public var isCompilerStyle: Bool { true }

  public var diagnostics: [Diagnostic]

  public var description: String {
    // Compiler-style lines only, one a problem: editors and CI read them as they are.
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
