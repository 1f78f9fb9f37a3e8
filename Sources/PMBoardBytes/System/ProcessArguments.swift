import Foundation

/// The process's own argument strings, as `ps` and `/proc/PID/cmdline` show them to other users of the machine.
public enum ProcessArguments {
  /// Replaces, in what `ps` shows, each argument for which `masked` returns a text. The command itself goes on
  /// reading the arguments as given: `CommandLine.arguments` is read first, which makes Swift copy them (the copy
  /// is made lazily, on first use, so a parse after the overwrite would otherwise read the masked text and, say,
  /// send libpq `***` as the password).
  ///
  /// Where the arguments lie end to end, as Linux lays them out, they are rewritten as one line, the way
  /// `setproctitle(3)` does: the masked text may then be shorter than the original (a fixed `***` whatever the
  /// password's length), and the bytes left over hide after the line's end. Elsewhere each argument is overwritten
  /// in place, cut or padded to its own length.
  public static func mask(_ masked: (String) -> String?) {
    let original = CommandLine.arguments
    let replaced = original.map { masked($0) ?? $0 }
    guard replaced != original, original.count == Int(CommandLine.argc) else { return }
    let argv = CommandLine.unsafeArgv
    guard let start = argv[0] else { return }
    var end = start
    var contiguous = true
    for index in 0..<original.count {
      guard let argument = argv[index] else { return }
      contiguous = contiguous && argument == end
      end = argument + strlen(argument) + 1
    }
    if contiguous {
      let area = UnsafeMutableRawBufferPointer(start: start, count: end - start)
      area.copyBytes(from: line(replaced, capacity: area.count))
    } else {
      for index in 1..<original.count where replaced[index] != original[index] {
        guard let argument = argv[index] else { continue }
        let length = strlen(argument)
        let area = UnsafeMutableRawBufferPointer(start: argument, count: length)
        area.copyBytes(from: padded(Array(replaced[index].utf8), to: length, last: 0))
      }
    }
  }

  /// The bytes that fill an argument area of `capacity` bytes with `arguments` joined by spaces as one line.
  ///
  /// Linux shows the area up to its first NUL when the area's last byte is not NUL (the mark `setproctitle`
  /// leaves), so the padding after a shorter line shows nowhere, not even as a count of empty arguments. A line
  /// that needs more room is cut: a masked text is at most a few bytes longer than what it hides.
  public static func line(_ arguments: [String], capacity: Int) -> [UInt8] {
    guard capacity > 0 else { return [] }
    var bytes = Array(arguments.joined(separator: " ").utf8.prefix(capacity - 1))
    bytes.append(0)
    // Exactly full, the line's own NUL ends the area and Linux shows it all: nothing is left over to hide.
    return padded(bytes, to: capacity, last: bytes.count < capacity ? UInt8(ascii: " ") : 0)
  }

  /// `bytes` cut or padded with NULs to `count`, the last padding byte being `last`.
  private static func padded(_ bytes: [UInt8], to count: Int, last: UInt8) -> [UInt8] {
    var result = Array(bytes.prefix(count))
    guard result.count < count else { return result }
    result += [UInt8](repeating: 0, count: count - result.count)
    result[count - 1] = last
    return result
  }
}
