import Foundation

/// A value's every stored property as text, the same from one process to the next: what the fingerprints of the
/// settings are made of, so that a property added to a settings type reaches them without a list to keep up.
///
/// `String(reflecting:)` would do, but for a `Set` or a `Dictionary`, whose order (and so printed form) changes
/// with each process's hash seed: a fingerprint that moves by itself renders every page every build. Here their
/// elements are sorted by their own stable form.
enum StableDescription {
  static func of(_ value: Any) -> String {
    var text = ""
    append(value, to: &text)
    return text
  }

  private static func append(_ value: Any, to text: inout String) {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first {
        text += "some("
        append(wrapped.value, to: &text)
        text += ")"
      } else {
        text += "nil"
      }
    case .set, .dictionary:
      // Sorted by each element's own stable form: the order the hash seed gave is not the value's.
      let elements = mirror.children.map { of($0.value) }.sorted()
      text += "\(mirror.subjectType)[" + elements.joined(separator: ", ") + "]"
    case .enum where mirror.children.isEmpty, nil:
      // A leaf (a number, a text, a case without payload) prints the same in every process.
      text += String(reflecting: value)
    default:
      // A struct, tuple, class, collection or a case with its payload: its children by label, in declared order.
      guard !mirror.children.isEmpty else {
        text += String(reflecting: value)
        return
      }
      text += "\(mirror.subjectType)("
      for (index, child) in mirror.children.enumerated() {
        if index > 0 { text += ", " }
        if let label = child.label { text += label + ": " }
        append(child.value, to: &text)
      }
      text += ")"
    }
  }
}
