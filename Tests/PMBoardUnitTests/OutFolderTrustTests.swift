import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// Issue 57, item 11: another user who can write a folder on the way to `--out`, or owns a link there or a build
/// file beside the site, could point the next build (as root) elsewhere. The writer refuses such a site before it
/// makes anything, with one line naming the folder and the fix; `--shared-out` turns that into a warning. Another
/// user is `nobody` (65534), so these run as root.
@Suite(.serialized, .enabled(if: getuid() == 0, "needs root to give files to another user"))
struct OutFolderTrustTests {
  private let nobody: UInt32 = 65534
  private let pages = ["index.html": "board", "en/index.html": "en board"]

  private func build(_ out: URL, trust: OutFolderTrust = OutFolderTrust()) throws -> SiteWriter {
    let writer = try SiteWriter(out: out, trust: trust)
    for (path, text) in pages.sorted(by: { $0.key < $1.key }) { try writer.write(path, Array(text.utf8)) }
    _ = try writer.commit()
    return writer
  }

  private func entries(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// The error's one line, when `body` throws the refusal.
  private func refusal(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      guard case .untrustedOut = error as? SiteWriteError else { return "\(error)" }
      return "\(error)"
    }
  }

  @Test func aLinkOwnedByAnotherUserIsNotFollowed() throws {
    let directory = try TemporaryFolder.make("pmboard-trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    let out = directory.appendingPathComponent("site")
    try FileManager.default.createSymbolicLink(atPath: out.path, withDestinationPath: target)
    #expect(lchown(out.path, nobody, nobody) == 0)
    let line = try #require(refusal { _ = try build(out) })
    #expect(line.contains("the link \(out.path) on the way to the site is owned by user 65534"), "\(line)")
    #expect(line.contains("--shared-out") && !line.contains("\n"), "\(line)")
    #expect(entries(target).isEmpty, "nothing written where the link leads")
    #expect(entries(directory.path) == ["elsewhere", "site"], "no lock, staging or spare made")
    // Told that the folder is shared, the build follows it and says what it found.
    let shared = try build(out, trust: OutFolderTrust(shared: true))
    #expect(shared.warnings.count == 1)
    #expect(shared.warnings.first?.contains("the link \(out.path)") == true)
    #expect(entries(target).contains("index.html"))
  }

  /// A web root others may write (no sticky bit) is refused, group-writable by a group that is not the owner's
  /// alone too; with the sticky bit, as `/tmp`, it is accepted without a word.
  @Test(arguments: [(0o777 as mode_t, false), (0o775, false), (0o1777, true), (0o755, true)])
  func aParentOthersMayWriteIsRefusedUnlessSticky(mode: mode_t, accepted: Bool) throws {
    let directory = try TemporaryFolder.make("pmboard-trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    let web = directory.path + "/web"
    try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: true)
    // `nogroup` holds nobody, not root: group-writable by it is writable by another user.
    #expect(chown(web, 0, nobody) == 0)
    #expect(chmod(web, mode) == 0)
    let out = URL(fileURLWithPath: web + "/site")
    if accepted {
      #expect(try build(out).warnings.isEmpty)
      #expect(entries(web).contains("site"))
      return
    }
    let line = try #require(refusal { _ = try build(out) })
    #expect(line.contains("the folder \(web) on the way to the site is writable by others"), "\(line)")
    #expect(line.contains("chmod go-w \(web)") && line.contains("chmod +t \(web)"), "\(line)")
    #expect(entries(web).isEmpty, "nothing made in it")
    let shared = try build(out, trust: OutFolderTrust(shared: true))
    #expect(shared.warnings.count == 1)
    #expect(shared.warnings.first?.contains("the folder \(web) on the way to the site is writable by others") == true)
  }

  /// Group-writable by the owner's private group (root's `root` group here; a user's own with a `002` umask) is
  /// writable by the owner alone, as Debian's sshd holds.
  @Test func aFolderWritableByItsOwnersPrivateGroupIsAccepted() throws {
    let directory = try TemporaryFolder.make("pmboard-trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(POSIX.isPrivateGroup(0, of: 0))
    #expect(!POSIX.isPrivateGroup(nobody, of: 0))
    #expect(chown(directory.path, 0, 0) == 0)
    #expect(chmod(directory.path, 0o775) == 0)
    #expect(try build(directory.appendingPathComponent("site")).warnings.isEmpty)
  }

  /// A folder of another user's on the way is refused before anything is made below it (no folder left at
  /// `0755`); the store's owner is trusted like the builder.
  @Test func aFolderOfAnotherUserIsRefusedUnlessTheyOwnTheStore() throws {
    let directory = try TemporaryFolder.make("pmboard-trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    let theirs = directory.path + "/theirs"
    try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
    #expect(chown(theirs, nobody, nobody) == 0)
    let out = URL(fileURLWithPath: theirs + "/public/site")
    let line = try #require(refusal { _ = try build(out) })
    #expect(line.contains("the folder \(theirs) on the way to the site is owned by user 65534"), "\(line)")
    #expect(entries(theirs).isEmpty, "not even the missing folders were made")
    let store = theirs + "/board.json"
    #expect(FileManager.default.createFile(atPath: store, contents: Data("{}".utf8)))
    #expect(chown(store, nobody, nobody) == 0)
    let owners = OutFolderTrust.storeOwners(of: [store], workingDirectory: directory)
    #expect(owners == [nobody])
    #expect(try build(out, trust: OutFolderTrust(owners: owners)).warnings.isEmpty)
  }

  /// In a sticky folder anyone may still create names: a `-previous` or `-spare` folder planted by another user
  /// beside the site is refused, and none of the site's files (a private one of the user's) move into it.
  @Test(arguments: ["previous", "spare", "lock"])
  func aBuildFilePlantedByAnotherUserIsRefused(kind: String) throws {
    let directory = try TemporaryFolder.make("pmboard-trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(chmod(directory.path, 0o1777) == 0)
    let out = directory.appendingPathComponent("site")
    _ = try build(out)
    #expect(FileManager.default.createFile(atPath: out.path + "/secret.txt", contents: Data("s".utf8)))
    #expect(chmod(out.path + "/secret.txt", 0o600) == 0)
    let planted = directory.path + "/.site.pmboard-" + kind
    try? FileManager.default.removeItem(atPath: planted)
    try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: false)
    #expect(chown(planted, nobody, nobody) == 0)
    #expect(chmod(planted, 0o777) == 0)
    let line = try #require(refusal { _ = try build(out) })
    #expect(line.contains("\(planted) beside the site is owned by user 65534"), "\(line)")
    #expect(line.contains("remove it (rm -r \(planted))"), "\(line)")
    #expect(entries(planted).isEmpty, "nothing of the site moved into it")
    #expect(FileManager.default.contents(atPath: out.path + "/secret.txt") == Data("s".utf8))
  }

  /// `_site → /var/www/html`: a link the builder (or root) owns leads to a web root of root's, and the site is
  /// built there while the link stays.
  @Test func aRootsLinkToAWebRootIsFollowed() throws {
    let directory = try TemporaryFolder.make("pmboard-trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    let html = directory.path + "/var/www/html"
    try FileManager.default.createDirectory(atPath: html, withIntermediateDirectories: true)
    let out = directory.appendingPathComponent("_site")
    try FileManager.default.createSymbolicLink(atPath: out.path, withDestinationPath: html)
    #expect(try build(out).warnings.isEmpty)
    #expect(try build(out).warnings.isEmpty, "and again, over the spare")
    #expect(POSIX.linkStatus(out.path).map { $0.st_mode & S_IFMT == S_IFLNK } == true)
    #expect(FileManager.default.contents(atPath: html + "/index.html") == Data("board".utf8))
  }

  /// A first build whose swap is refused (a folder appeared at the site's name while it ran) leaves its staging
  /// folder readable by the builder alone, not at the mode a published site gets.
  @Test func aRefusedFirstSwapLeavesNothingReadable() throws {
    let directory = try TemporaryFolder.make("pmboard-trust")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    let writer = try SiteWriter(out: out)
    for (path, text) in pages { try writer.write(path, Array(text.utf8)) }
    try FileManager.default.createDirectory(atPath: out.path, withIntermediateDirectories: false)
    #expect(throws: SiteWriteError.self) { _ = try writer.commit() }
    let staging = directory.path + "/.site.pmboard-staging-\(getpid())"
    let mode = try #require(POSIX.linkStatus(staging)).st_mode & 0o777
    #expect(mode == 0o700, "mode \(String(mode, radix: 8))")
    writer.discard()
    #expect(entries(directory.path) == [".site.pmboard-lock", "site"])
  }
}
