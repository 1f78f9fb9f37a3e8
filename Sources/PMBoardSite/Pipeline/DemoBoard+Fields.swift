import Foundation
import PMBoardCore

/// The demo board's fields (docs/fields.md): two milestones, a priority and an estimate, as a team moving from
/// GitHub Projects would have them.
extension DemoBoard {
  static let priority = FieldDefinition(
    id: uuid("d3e0f1e1-0000-4000-8000-000000000001"), key: "priority", type: .select,
    names: ["en": "Priority", "ko": "우선순위", "ja": "優先度"],
    options: [
      FieldOption(id: "00000001", name: "P0", color: "#b3261e"), FieldOption(id: "00000002", name: "P1"),
      FieldOption(id: "00000003", name: "P2"),
    ])
  static let estimate = FieldDefinition(
    id: uuid("d3e0f1e1-0000-4000-8000-000000000002"), key: "estimate", type: .number,
    names: ["en": "Estimate", "ko": "추정", "ja": "見積もり"])

  /// The milestones, due two and six weeks from `today`.
  static func milestone(today: CalendarDate) -> FieldDefinition {
    var field = BuiltInField.milestone.definition
    field.options = [
      FieldOption(id: "00000001", name: "2.0", start: today.adding(days: -21), due: today.adding(days: 14)),
      FieldOption(id: "00000002", name: "2.1", due: today.adding(days: 42)),
    ]
    return field
  }

  /// Milestone (1 or 2), priority (0–2) and estimate of some cards, by title.
  private static let values: [String: (milestone: Int, priority: Int?, estimate: String?)] = [
    "로그인 버그 수정": (1, 0, "3"),
    "Write release notes for 2.0": (1, 1, "2"),
    "ダークモードの配色を調整": (1, 1, "5"),
    "Crash on launch with empty cache": (1, 0, "8"),
    "푸시 알림 문구 검토": (1, 2, "1"),
    "App Store screenshots": (1, 2, nil),
    "Update dependencies": (1, 2, "2"),
    "온보딩 화면 디자인 반영": (1, 1, "5"),
    "翻訳ファイルの更新": (1, 2, "1"),
    "Offline sync conflict handling": (2, 0, "13"),
    "베타 빌드 배포": (1, 1, "2"),
    "Accessibility audit": (2, 1, "8"),
    "Privacy manifest": (1, 0, "1"),
    "데이터 마이그레이션 스크립트": (2, 1, "5"),
    "QA pass on Android tablets": (2, 2, nil),
    "Sign-in with Apple": (1, 1, "3"),
    "Localize error messages": (2, 2, "3"),
    "Tablet layout for the board": (1, 1, "5"),
    "リリース判定会議": (1, nil, nil),
  ]

  /// The values of the card titled `title`.
  static func values(of title: String) -> FieldValues {
    guard let found = values[title] else { return FieldValues() }
    var values = FieldValues()
    values[BuiltInField.milestone.id] = .option(String(format: "%08x", found.milestone))
    if let priority = found.priority { values[Self.priority.id] = .option(String(format: "%08x", priority + 1)) }
    if let estimate = found.estimate { values[Self.estimate.id] = .number(estimate) }
    return values
  }
}
