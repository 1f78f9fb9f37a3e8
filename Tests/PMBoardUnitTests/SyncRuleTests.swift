import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

/// ``SyncRule``: how a pushed change lands on a task that changed on the remote meanwhile.
struct SyncRuleTests {
  let base = BoardTask(
    id: StoreSamples.id(1), title: "Base", body: "body", due: StoreSamples.date("2026-12-01"),
    created: StoreSamples.at(0))

  @Test func anUnchangedTaskTakesTheChangeAsMade() {
    var edited = base
    edited.title = "Mine"
    let change = BoardChange.update(from: base, to: edited, at: StoreSamples.at(1), by: "me")
    #expect(SyncRule.rebase(change, onto: base) == change)
  }

  @Test func perFieldTheLaterPushWinsAndOtherFieldsStay() {
    var mine = base
    mine.title = "Mine"
    mine.updated = StoreSamples.at(2)
    var theirs = base
    theirs.body = "their body"
    theirs.state = .doing
    theirs.updated = StoreSamples.at(1)
    let rebased = SyncRule.rebase(.update(from: base, to: mine, at: StoreSamples.at(2), by: "me"), onto: theirs)
    #expect(rebased.before == theirs)
    #expect(rebased.after?.title == "Mine")
    #expect(rebased.after?.body == "their body" && rebased.after?.state == .doing)
    #expect(rebased.after?.updated == StoreSamples.at(2))
    #expect(rebased.entry.resolution == .merged && rebased.entry.author == "me")
    #expect(rebased.entry.action == .edited)
  }

  @Test func aMoveRecordsWhereTheTaskReallyCameFrom() {
    var mine = base
    mine.state = .done
    var theirs = base
    theirs.state = .doing
    let rebased = SyncRule.rebase(.update(from: base, to: mine, at: StoreSamples.at(2)), onto: theirs)
    #expect(rebased.entry.from == .doing && rebased.entry.to == .done && rebased.after?.state == .done)
  }

  @Test func anEditOfATaskRemovedElsewhereIsLost() {
    var mine = base
    mine.title = "Mine"
    let rebased = SyncRule.rebase(.update(from: base, to: mine, at: StoreSamples.at(2)), onto: nil)
    #expect(rebased.before == nil && rebased.after == nil)
    #expect(rebased.entry.resolution == .lost && rebased.entry.title == "Base")
    let removal = SyncRule.rebase(.remove(base, at: StoreSamples.at(2)), onto: nil)
    #expect(removal.entry.resolution == .lost && removal.after == nil)
  }

  @Test func aRemovalRemovesTheTaskAsItIsNow() {
    var theirs = base
    theirs.title = "Renamed"
    theirs.state = .doing
    let rebased = SyncRule.rebase(.remove(base, at: StoreSamples.at(2)), onto: theirs)
    #expect(rebased.before == theirs && rebased.after == nil)
    #expect(rebased.entry.title == "Renamed" && rebased.entry.from == .doing && rebased.entry.resolution == .merged)
  }

  @Test func anAddOfATaskThatExistsSetsItsFields() {
    var restored = base
    restored.title = "Restored"
    let rebased = SyncRule.rebase(.add(restored, at: StoreSamples.at(2)), onto: base)
    #expect(rebased.before == base && rebased.after?.title == "Restored" && rebased.entry.resolution == .merged)
  }

  @Test func setsOfNamesMergeNameByName() {
    var start = base
    start.labels = ["shared", "old"]
    start.assignees = ["kyo"]
    // They added "theirs" and removed "old" offline; I added "mine" and removed "shared", then pushed last.
    var theirs = start
    theirs.labels = ["shared", "theirs"]
    theirs.assignees = ["kyo", "mina"]
    var mine = start
    mine.labels = ["old", "mine"]
    let rebased = SyncRule.rebase(.update(from: start, to: mine, at: StoreSamples.at(2), by: "me"), onto: theirs)
    #expect(rebased.after?.labels == ["mine", "theirs"])
    // A field I did not change keeps their names.
    #expect(rebased.after?.assignees == ["kyo", "mina"])
    #expect(rebased.entry.resolution == .merged)
  }

  @Test func aNameAddedOnOneSideAndRemovedOnTheOtherFollowsTheLastPush() {
    var start = base
    start.labels = ["bug"]
    var removed = start
    removed.labels = []
    var readded = start
    readded.labels = ["bug", "ui"]
    // Removed on the remote first; my change, pushed last, removed nothing and added "ui": "bug" stays removed.
    let mine = SyncRule.rebase(.update(from: start, to: readded, at: StoreSamples.at(2), by: "me"), onto: removed)
    #expect(mine.after?.labels == ["ui"])
    // The other way round: my removal, pushed last onto a task that still has "bug", removes it.
    let last = SyncRule.rebase(.update(from: start, to: removed, at: StoreSamples.at(3), by: "me"), onto: readded)
    #expect(last.after?.labels == ["ui"])
  }
}
