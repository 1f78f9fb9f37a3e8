import Foundation
import PMBoardCore

/// A realistic sample board — a mobile app team writing in Korean, Japanese and English — for `init --demo`
/// and `build --demo`. Dates are relative to today, so some tasks are always overdue and some due today.
public enum DemoBoard {
  public static let title = "Mobile App 2.0"

  private struct Card {
    var title: String
    var body: String
    var state: TaskState
    /// Days from today.
    var due: Int
  }

  private static let cards: [Card] = [
    Card(title: "로그인 버그 수정", body: "iOS 17에서 자동 로그인이 풀리는 문제.\n재현: 앱 종료 후 다시 실행.", state: .doing, due: -2),
    Card(
      title: "Write release notes for 2.0",
      body:
        "Cover dark mode, offline sync and the new onboarding.\n- [x] Dark mode\n- [ ] Offline sync\n- [ ] Onboarding",
      state: .todo,
      due: 3),
    Card(title: "ダークモードの配色を調整", body: "コントラスト比が4.5:1未満のボタンがあります。", state: .doing, due: 0),
    Card(
      title: "Crash on launch with empty cache", body: "Stack trace in #412.\nOnly on iPad mini (6th gen).",
      state: .todo, due: -5),
    Card(title: "푸시 알림 문구 검토", body: "마케팅 팀 확인 필요.", state: .todo, due: 1),
    Card(title: "App Store screenshots", body: "", state: .todo, due: 7),
    Card(title: "設定画面のレイアウト修正", body: "横向きでトグルが切れる。", state: .todo, due: -1),
    Card(title: "Update dependencies", body: "GRDB, swift-log and Yams to the latest releases.", state: .done, due: -3),
    Card(title: "온보딩 화면 디자인 반영", body: "피그마 v3 기준으로 반영.\n애니메이션은 다음 스프린트.", state: .doing, due: 2),
    Card(title: "翻訳ファイルの更新", body: "英語版の新しい文言を日本語に。", state: .done, due: -6),
    Card(
      title: "Offline sync conflict handling",
      body: "Last writer wins for now; show a banner when a remote edit overwrites a local one.", state: .doing, due: 5),
    Card(title: "베타 빌드 배포", body: "TestFlight 외부 테스터 200명.", state: .done, due: -8),
    Card(
      title: "Accessibility audit",
      body:
        "VoiceOver labels on every button.\nDynamic Type up to XXXL.\nGuide: https://developer.apple.com/accessibility/",
      state: .todo,
      due: 10),
    Card(title: "性能改善: 起動時間を1秒以内に", body: "計測はiPhone 12で。", state: .todo, due: 14),
    Card(
      title: "Fix \"Done\" button on iPad split view", body: "Tap target is 30 pt; make it 44 pt.", state: .done,
      due: -1),
    Card(title: "데이터 마이그레이션 스크립트", body: "v1 스키마에서 v2로. 실패 시 롤백.", state: .todo, due: 0),
    Card(title: "QA pass on Android tablets", body: "", state: .todo, due: 6),
    Card(title: "議事録をまとめる", body: "11月の定例ミーティング分。", state: .done, due: -10),
    Card(
      title: "Analytics events for onboarding", body: "step_viewed, step_completed, onboarding_skipped.", state: .doing,
      due: -3),
    Card(title: "코드 리뷰: 동기화 모듈", body: "PR #398, #401.", state: .doing, due: 1),
    Card(
      title: "Privacy manifest", body: "Required reason APIs: UserDefaults, file timestamps.", state: .done, due: -4),
    Card(title: "通知の許可ダイアログ文言", body: "", state: .todo, due: 4),
    Card(
      title: "Remove legacy <iframe> help pages", body: "Replace with native screens; R&D sign-off needed.",
      state: .todo, due: 21),
    Card(title: "한글 입력 테스트", body: "자모 분리, 받침 입력 중 커서 이동 확인.", state: .done, due: -2),
    Card(title: "Sign-in with Apple", body: "Entitlement is approved.", state: .done, due: -12),
    Card(title: "仕様確認: ウィジェット", body: "小・中サイズのみ対応予定。", state: .todo, due: 9),
    Card(
      title: "Localize error messages", body: "Korean, Japanese, English.\nNo string concatenation in code.",
      state: .doing, due: 8),
    Card(title: "회의록 정리", body: "", state: .todo, due: -7),
    Card(title: "Tablet layout for the board", body: "Three columns side by side from 768 pt.", state: .done, due: 0),
    Card(title: "リリース判定会議", body: "QA結果を見て判断。", state: .todo, due: 2),
  ]

  /// Labels, assignees and an issue link of some cards, by title.
  private static let names: [String: (labels: NameSet, assignees: NameSet, issue: Int?)] = [
    "로그인 버그 수정": (["bug", "ios"], ["지민"], 408),
    "Write release notes for 2.0": (["release"], ["Alex"], nil),
    "ダークモードの配色を調整": (["design", "a11y"], ["さくら"], 415),
    "Crash on launch with empty cache": (["bug", "ios"], ["Alex", "지민"], 412),
    "푸시 알림 문구 검토": (["i18n"], ["민호"], nil),
    "設定画面のレイアウト修正": (["bug", "design"], ["さくら"], nil),
    "온보딩 화면 디자인 반영": (["design"], ["민호"], 420),
    "Offline sync conflict handling": (["sync"], ["Alex"], 397),
    "Accessibility audit": (["a11y"], [], nil),
    "데이터 마이그레이션 스크립트": (["sync", "release"], ["지민"], nil),
    "QA pass on Android tablets": (["android"], ["Alex"], nil),
    "코드 리뷰: 동기화 모듈": (["sync"], ["민호", "지민"], 401),
    "Localize error messages": (["i18n"], ["さくら"], nil),
  ]

  /// The demo board for `info`'s time zone, built around `now`.
  public static func make(info: BoardInfo, now: Date) -> Board {
    let today = info.today(now: now)
    var generator = DemoRandom(seed: 2026)
    var changes: [(at: Date, entry: HistoryEntry)] = []
    var tasks: [BoardTask] = []
    let hour = 3600.0
    for (index, card) in cards.enumerated() {
      let id = DemoBoard.uuid(
        String(format: "d3e0%04x-%04x-4%03x-8%03x-%012x", index, index * 7, index, index * 13, index * 104_729))
      let created = now.addingTimeInterval(-Double(20 - index % 15) * 24 * hour - Double(generator.next(100)) * 60)
      var task = BoardTask(
        id: id, title: card.title, body: card.body, due: today.adding(days: card.due), state: .todo, created: created)
      task.values = values(of: card.title)
      if let names = names[card.title] {
        (task.labels, task.assignees) = (names.labels, names.assignees)
        task.url = names.issue.map { "https://github.com/example/mobile-app/issues/\($0)" } ?? ""
      }
      changes.append((created, HistoryEntry(at: created, action: .added, taskID: id, title: card.title, to: .todo)))
      var moment = created
      if index % 4 == 1 {
        moment = moment.addingTimeInterval(Double(2 + generator.next(20)) * hour)
        changes.append(
          (moment, HistoryEntry(at: moment, action: .edited, taskID: id, title: card.title, fields: [.body])))
      }
      if card.state != .todo {
        moment = moment.addingTimeInterval(Double(6 + generator.next(60)) * hour)
        changes.append(
          (moment, HistoryEntry(at: moment, action: .moved, taskID: id, title: card.title, from: .todo, to: .doing)))
      }
      if card.state == .done {
        moment = moment.addingTimeInterval(Double(6 + generator.next(60)) * hour)
        changes.append(
          (moment, HistoryEntry(at: moment, action: .moved, taskID: id, title: card.title, from: .doing, to: .done)))
      }
      task.state = card.state
      task.updated = min(moment, now)
      tasks.append(task)
    }
    let removedID = DemoBoard.uuid("d3e0ffff-0000-4000-8000-000000000001")
    let removedAt = now.addingTimeInterval(-3 * 24 * hour)
    changes.append(
      (
        removedAt.addingTimeInterval(-2 * 24 * hour),
        HistoryEntry(
          at: removedAt.addingTimeInterval(-2 * 24 * hour), action: .added, taskID: removedID, title: "임시 작업", to: .todo
        )
      ))
    changes.append(
      (removedAt, HistoryEntry(at: removedAt, action: .removed, taskID: removedID, title: "임시 작업", from: .todo)))
    let history = changes.filter { $0.at <= now }.sorted { $0.at < $1.at }.map(\.entry)
    var withFields = info
    withFields.fields = BoardFields(stored: [milestone(today: today), priority, estimate])
    return Board(info: withFields, tasks: tasks, history: history)
  }
}

/// A tiny deterministic generator so the demo board is the same on every machine.
private struct DemoRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}

extension DemoBoard {
  /// The demo's fixed ids are written out as valid UUIDs; a typo in one is a programming error.
  static func uuid(_ text: String) -> UUID {
    guard let id = UUID(uuidString: text) else { preconditionFailure("the demo id \(text) is not a UUID") }
    return id
  }
}
