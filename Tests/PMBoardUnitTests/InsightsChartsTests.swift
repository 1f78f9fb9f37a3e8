import Testing

@testable import PMBoardSite

/// The room the insights charts leave for their words at a phone's size (issue #57).
@Suite struct InsightsChartsTests {
  /// A name fits the aging chart's name column, whole or cut with "…", in every script.
  @Test(arguments: [
    "Short", "Write the onboarding guide for new hires and review it with the team", String(repeating: "W", count: 40),
    "결제 모듈의 환불 처리 흐름을 다시 설계하고 테스트 작성하기", "検索結果のページ送りを無限スクロールに置き換える作業", "Fix the crash in 설정 화면 when rotating",
    "😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀",
  ])
  func aNameFitsItsColumn(title: String) {
    let em = InsightsCharts.agingNameEm
    let fitted = InsightsCharts.fitted(title, em: em)
    #expect(fitted.reduce(0) { $0 + InsightsCharts.em(of: $1) } <= em, "\(fitted)")
    if fitted != title {
      #expect(fitted.hasSuffix("…") && title.hasPrefix(String(fitted.dropLast())), "\(fitted)")
      #expect(fitted.count > 8, "a cut name keeps a useful start: \(fitted)")
    }
    #expect(InsightsCharts.fitted("Short", em: em) == "Short")
  }

  /// The scale's top is drawn left of the plot, every digit of it ("1745" was drawn as "745").
  @Test func thePlotLeavesRoomForTheScalesDigits() {
    for top in [1, 9, 99, 999, 1_745, 99_999] {
      let left = InsightsCharts.left(top: top)
      #expect(left - 6 >= String(top).count * InsightsCharts.digitWidth, "\(top)")
      #expect(left >= InsightsCharts.leastLeft)
    }
  }
}
