import Mustache
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// Random view-model data. Keys have fixed roles so that `{{name}}`-style tags only ever meet text, numbers
/// and booleans (swift-mustache prints Swift's description of dictionaries and arrays, which is not comparable).
enum RandomData {
  /// Printed by variables: text, numbers or booleans.
  static let scalarKeys = ["name", "title", "flag"]
  private static let pieces = [
    "a", "Zed", " ", "  ", "<", ">", "&", "\"", "'", "&amp;", "한", "국어", "日本", "é", "e\u{301}", "\u{338}",
    "\u{0600}", "👍🏽", "\n", "\r\n", "{{x}}", "}}", "\t", "\u{200D}", "\u{0903}", "\u{1F1F0}",
  ]

  static func context(using random: inout SplitMix64, depth: Int) -> ParityContext {
    var values: [String: TemplateValue] = [:]
    for key in scalarKeys where Bool.random(using: &random) {
      values[key] = scalar(using: &random)
    }
    if Bool.random(using: &random) {
      // `label` is what `{{#label}}{{.}}{{/label}}` shows, so never a boolean (`true` would not push it).
      values["label"] = Bool.random(using: &random) ? .text(text(using: &random)) : .number(number(using: &random))
    }
    for key in ["items", "children", "obj"] where Int.random(in: 0..<3, using: &random) > 0 {
      values[key] = anyValue(using: &random, depth: depth)
    }
    return ParityContext(values)
  }

  private static func anyValue(using random: inout SplitMix64, depth: Int) -> TemplateValue {
    switch Int.random(in: 0..<6, using: &random) {
    case 0 where depth < 3:
      .list((0..<Int.random(in: 0..<4, using: &random)).map { _ in context(using: &random, depth: depth + 1) })
    case 1 where depth < 3:
      .object(context(using: &random, depth: depth + 1))
    case 2:
      .list([])
    default:
      scalar(using: &random)
    }
  }

  private static func scalar(using random: inout SplitMix64) -> TemplateValue {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: .bool(Bool.random(using: &random))
    case 1: .number(number(using: &random))
    default: .text(text(using: &random))
    }
  }

  private static func number(using random: inout SplitMix64) -> Int {
    [0, 1, -1, 42, 1_000_000, Int.min, Int.max].randomElement(using: &random)!
  }

  private static func text(using random: inout SplitMix64) -> String {
    (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }
}

/// Random valid templates, built to exercise the standalone-line and indentation rules.
enum RandomTemplate {
  private static let texts = ["abc", "<b>", "x y", "한글", "日本", "a{b", "}", " ", "  ", "\t", "&amp;"]
  private static let variables = [
    "{{name}}", "{{{title}}}", "{{& name}}", "{{ obj.name }}", "{{.flag}}", "{{#label}}{{.}}{{/label}}", "{{flag}}",
  ]
  private static let sectionKeys = ["items", "children", "obj", "flag", "name", "label", "missing"]

  static func make(using random: inout SplitMix64, partials: [String]) -> String {
    var output = ""
    block(into: &output, using: &random, depth: 0, partials: partials)
    // A lone `{` at the very end is a swift-mustache parse error, so never end with one.
    return output
  }

  private static func block(into output: inout String, using random: inout SplitMix64, depth: Int, partials: [String]) {
    for _ in 0..<Int.random(in: 0..<7, using: &random) {
      if Int.random(in: 0..<3, using: &random) == 0 {
        output += ["", " ", "  ", "\t", " \t"].randomElement(using: &random)!
      }
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1:
        output += texts.randomElement(using: &random)!
      case 2:
        output += ["\n", "\n", "\r\n"].randomElement(using: &random)!
      case 3, 4:
        output += variables.randomElement(using: &random)!
      case 5:
        output += ["{{! note }}", "{{!\n  multi\n}}", "{{!}}"].randomElement(using: &random)!
      case 6 where !partials.isEmpty:
        output += "{{> \(partials.randomElement(using: &random)!)}}"
      case 6 where depth < 3, 7 where depth < 3, 8 where depth < 3:
        let key = sectionKeys.randomElement(using: &random)!
        let sigil = Bool.random(using: &random) ? "#" : "^"
        output += "{{\(sigil)\(key)}}" + (Bool.random(using: &random) ? "\n" : "")
        block(into: &output, using: &random, depth: depth + 1, partials: partials)
        output += ["", "\n", "  ", " \n"].randomElement(using: &random)! + "{{/\(key)}}"
      default:
        output += "\n"
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        output += ["\n", " \n", "\t\n", "  "].randomElement(using: &random)!
      }
    }
  }
}
