import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// Prints diagnostics as compiler lines, GitHub Actions annotations or JSON.
struct DiagnosticPrinter {
  package var format: CheckCommand.Format

  package func render(_ diagnostics: [Diagnostic]) -> String {
    switch format {
    case .text:
      // A message may quote a template's text: escaped, it stays one line and cannot drive the terminal.
      return diagnostics.map { TerminalText.oneLine("\($0)") + "\n" }.joined()
    case .github:
      return diagnostics.map {
        "::\($0.severity.rawValue) file=\(escapeProperty($0.file)),line=\($0.line),col=\($0.column)::"
          + "\(escape($0.message))\n"
      }.joined()
    case .json:
      let objects = diagnostics.map {
        "{\"file\": \(jsonString($0.file)), \"line\": \($0.line), \"column\": \($0.column), "
          + "\"severity\": \"\($0.severity.rawValue)\", \"code\": \(jsonString($0.code)), "
          + "\"message\": \(jsonString($0.message))}"
      }
      return objects.isEmpty ? "[]\n" : "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    }
  }

  private func escape(_ text: String) -> String {
    TerminalText.visible(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property value of a workflow command, where `,` and `:` separate properties too.
  private func escapeProperty(_ text: String) -> String {
    escape(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  private func jsonString(_ text: String) -> String {
    var out: [UInt8] = []
    InterchangeWriter().appendString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}
