import Foundation
import PMBoardBytes
import PMBoardCore

extension SiteBuilder {
  /// What every page depends on besides its own content: the theme's templates and catalogs, every setting the
  /// pages read (``PageSettings``, whole, by its ``StableDescription``), the board's title and zone, an offline
  /// copy's note, and the binary itself (a new pmboard may render the same inputs differently). A page whose
  /// fingerprint matches the previous build's is kept as it was.
  static func siteFingerprint(
    theme: TemplateChecker.Checked, pageSettings: PageSettings, locales: [String], defaultLocale: String,
    info: BoardInfo, moment: BuildMoment
  ) -> Fingerprint {
    var print = theme.fingerprint
    print.add("pmboard pages 1")
    if let binary = POSIX.status("/proc/self/exe") {
      print.add(Int(binary.st_size))
      print.add(Int(binary.st_ino))
      print.add(Int(binary.st_mtim.tv_sec))
      print.add(Int(binary.st_mtim.tv_nsec))
    }
    print.add(locales.joined(separator: ","))
    print.add(defaultLocale)
    print.add(StableDescription.of(pageSettings))
    print.add(info.title)
    print.add(info.timeZoneID)
    // The declarations: a field's name, folder and options are on every page that shows one of its values.
    print.add(info.fields.storedText)
    print.add(moment.offline?.keyText ?? "online")
    return print
  }
}
