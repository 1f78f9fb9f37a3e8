import Foundation
import PMBoardTestSupport
import Testing

/// Issue 58: the site reads what differs between fields from their declarations (`NameField`), never from an if
/// on which field it is. This fails on a label-or-person choice written anywhere in `Sources/PMBoardSite` but the
/// built-in declarations, as the 14 such ifs before declared fields were (a third field's pages landed in
/// `people/`, titled "Assigned to …").
@Suite struct SiteFieldRuleTests {
  @Test func noLabelOrPersonChoiceOutsideTheDeclarations() throws {
    let root = Golden.repositoryRoot.appendingPathComponent("Sources/PMBoardSite")
    let choice = try Regex(
      #"(==|!=)\s*(\.labels|\.assignees|CardNames\.(labelField|assigneeField))\b|"(labels|people)/""#)
    var found: [String] = []
    let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
    #expect(files.count > 100, "the site's sources were found")
    for file in files where file != "Model/NameField.swift" {
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains(choice) {
        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(found.isEmpty, "\(found)")
  }
}
