import Foundation

extension POSIX {
  /// Whether group `gid` holds user `uid` and no one else: a user's private group (Debian gives each user one, and
  /// with a umask of 002 the user's folders are group-writable). Debian's sshd accepts such a folder as the user's
  /// own under StrictModes; this is its test: every user whose primary group it is is `uid`, its listed members are
  /// at most `uid`'s name, and it has at least one member (an empty group is a setgid program's, not a user's).
  public static func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
    guard let group = getgrgid(gid) else { return false }
    var listed: [String] = []
    if var member = group.pointee.gr_mem {
      while let name = member.pointee {
        listed.append(String(cString: name))
        member += 1
      }
    }
    guard let owner = getpwuid(uid) else { return false }
    let ownerName = String(cString: owner.pointee.pw_name)
    guard listed.allSatisfy({ $0 == ownerName }) else { return false }
    var members = listed.count
    setpwent()
    defer { endpwent() }
    while let user = getpwent() {
      guard user.pointee.pw_gid == gid else { continue }
      if user.pointee.pw_uid != uid { return false }
      members += 1
    }
    return members > 0
  }
}
