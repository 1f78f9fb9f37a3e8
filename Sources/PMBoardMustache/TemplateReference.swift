/// A name a template uses, and where: lets a caller check the names against its view models.
public struct TemplateReference: Sendable, Hashable {
  /// What kind of tag uses the name.
  public enum Kind: Sendable, Hashable {
    /// `{{name}}`
    case variable
    /// `{{{name}}}` or `{{& name}}`
    case unescapedVariable
    /// `{{#name}}`
    case section
    /// `{{^name}}`
    case invertedSection
    /// `{{> name}}`; the name is a template's, not a value's.
    case partial
  }

  public var kind: Kind
  /// The name as written in the tag, e.g. `task.title` or `.`.
  public var name: String
  /// The names of the sections around the tag, outermost first; they decide which context the name is read from.
  public var enclosingSections: [String]
  public var file: String
  /// The position of the tag's opening `{{`.
  public var location: TemplateLocation

  public init(kind: Kind, name: String, enclosingSections: [String], file: String, location: TemplateLocation) {
    self.kind = kind
    self.name = name
    self.enclosingSections = enclosingSections
    self.file = file
    self.location = location
  }

  /// Every reference in `nodes`, in template order.
  public static func collect(in nodes: [MustacheNode], file: String, enclosingSections: [String] = []) -> [Self] {
    var references: [Self] = []
    for node in nodes {
      switch node {
      case .text:
        continue
      case .variable(let name, let escaped, let location):
        references.append(
          Self(
            kind: escaped ? .variable : .unescapedVariable, name: name, enclosingSections: enclosingSections,
            file: file, location: location))
      case .section(let name, let inverted, let body, let location):
        references.append(
          Self(
            kind: inverted ? .invertedSection : .section, name: name, enclosingSections: enclosingSections,
            file: file, location: location))
        references += collect(in: body, file: file, enclosingSections: enclosingSections + [name])
      case .partial(let name, _, let location):
        references.append(
          Self(kind: .partial, name: name, enclosingSections: enclosingSections, file: file, location: location))
      }
    }
    return references
  }
}
