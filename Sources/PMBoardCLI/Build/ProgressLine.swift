import Foundation
import PMBoardBytes
import PMBoardSite
import Synchronization

/// The build's progress on a terminal: one line on standard error, redrawn in place, shown only once a build has
/// taken a second (a quick build prints nothing but its result), and cleared at the end.
final class ProgressLine: Sendable {
  private struct State {
    var step = ""
    var pages: (done: Int, total: Int)?
    var lastDraw: ContinuousClock.Instant?
    var shown = false
  }

  private let start = ContinuousClock.now
  private let state = Mutex(State())

  /// A progress line when standard error is a terminal and the user did not ask for quiet; else nil.
  static func forTerminal(quiet: Bool) -> ProgressLine? {
    quiet || isatty(STDERR_FILENO) == 0 ? nil : ProgressLine()
  }

  var reporter: BuildProgress {
    BuildProgress(
      step: { name in self.update { $0.step = name } },
      page: { done, total in self.update { $0.pages = (done, total) } })
  }

  private func update(_ change: (inout State) -> Void) {
    let now = ContinuousClock.now
    let line: String? = state.withLock { state in
      change(&state)
      guard now - start >= .seconds(1) else { return nil }
      if let last = state.lastDraw, now - last < .milliseconds(100), state.pages?.done != state.pages?.total {
        return nil
      }
      state.lastDraw = now
      state.shown = true
      let pages = state.pages.map { ": \($0.done) of \($0.total) pages" } ?? ""
      return "\r\u{1B}[K" + "pmboard: \(state.step)\(state.step.hasPrefix("render pages") ? pages : "")"
    }
    if let line { POSIX.writeStandardError(line) }
  }

  /// Clears the line, if it was ever drawn.
  func finish() {
    if state.withLock({ $0.shown }) { POSIX.writeStandardError("\r\u{1B}[K") }
  }
}
