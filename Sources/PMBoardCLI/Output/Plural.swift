/// Counted nouns in the command line's English: "1 task", "2 tasks", "0 tasks". (Pages take their plural forms from
/// the locale catalogs: `*.one` and `*.other` keys, one form only in Korean and Japanese.)
enum Plural {
  /// `count` and `noun` in the form the count takes; `plural` when adding "s" is wrong ("entries").
  static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
  }

  static func tasks(_ count: Int) -> String { Self.count(count, "task") }

  static func historyEntries(_ count: Int) -> String { Self.count(count, "history entry", plural: "history entries") }
}
