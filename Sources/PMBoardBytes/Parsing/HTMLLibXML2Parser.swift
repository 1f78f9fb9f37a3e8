internal import CLibXML2
import Foundation

/// Runs libxml2's HTML parser over a masked template and collects the errors it reports, each at the byte offset
/// where libxml2 was when it noticed (usually just after the offending construct).
///
/// Errors go to a handler on the parser context (`sax->serror`), not to libxml2's per-thread global handler, so
/// concurrent validations do not see each other's errors and nothing is printed to stderr.
public enum HTMLLibXML2Parser {
  /// One error or warning from libxml2.
  public struct Report: Equatable {
    public var offset: Int
    /// libxml2's `xmlParserErrors` code (`XML_HTML_UNKNOWN_TAG` is 801, for example).
    public var code: Int
    public var isWarning: Bool
    /// libxml2's message on one line, without the trailing newline.
    public var message: String
  }

  /// libxml2 is loaded on first use (Sources/CLibXML2/shim.h), then wants `xmlInitParser` called once before
  /// parsing from several threads. Nil when loaded, else why not.
  private static let loadFailure: String? = {
    guard pmboard_libxml2_load() == 1 else {
      return pmboard_libxml2_error().map { String(cString: $0) } ?? "libxml2.so.2 could not be loaded"
    }
    pmboard_xmlInitParser()
    return nil
  }()

  /// Why libxml2 cannot be used, or nil when it can: the library is loaded when a template is first checked,
  /// and a machine without it can still build the built-in theme.
  public static var unavailable: String? { loadFailure }

  /// Parses `bytes` (UTF-8) as an HTML fragment or document and returns what libxml2 reported, in order; nothing
  /// when libxml2 is ``unavailable``.
  public static func reports(for bytes: [UInt8]) -> [Report] {
    guard loadFailure == nil, !bytes.isEmpty, let context = pmboard_htmlNewParserCtxt() else { return [] }
    defer { pmboard_htmlFreeParserCtxt(context) }
    let collector = Collector()
    // libxml2 2.9 calls `sax->serror` only when the handler is marked as a SAX2 handler. The mark changes nothing
    // else here: the HTML parser only uses the SAX1-style element callbacks, which the handler keeps. `_private`
    // is reserved for the application: it carries the collector.
    context.pointee.sax.pointee.initialized = UInt32(XML_SAX2_MAGIC)
    context.pointee.sax.pointee.serror = { _, error in
      guard let error = error,
        let context = error.pointee.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self),
        let collector = context.pointee._private
      else { return }
      Unmanaged<Collector>.fromOpaque(collector).takeUnretainedValue().record(
        error.pointee, context: context.pointee)
    }
    context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
    // NOIMPLIED: partials are fragments, so no implied <html>/<body>. RECOVER: only `</script` ends a script, so
    // `"</b>"` in JavaScript stays JavaScript. NONET: never fetch a DTD.
    let options = HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_RECOVER.rawValue
    let document = withExtendedLifetime(collector) {
      bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          pmboard_htmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", Int32(options))
        }
      }
    }
    if let document = document { pmboard_xmlFreeDoc(document) }
    context.pointee._private = nil
    return collector.reports
  }

  /// Receives libxml2's errors through the C callback; lives only for one parse.
  private final class Collector {
    var reports: [Report] = []

    func record(_ error: xmlError, context: xmlParserCtxt) {
      var offset = 0
      if let input = context.input {
        // `consumed` counts bytes libxml2 already discarded from its buffer; `cur - base` the rest.
        offset = Int(input.pointee.consumed) + (input.pointee.base.map { input.pointee.cur - $0 } ?? 0)
      }
      let text = error.message.map { String(cString: $0) } ?? "libxml2 error \(error.code)"
      let message = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
      reports.append(
        Report(
          offset: offset, code: Int(error.code), isWarning: error.level == XML_ERR_WARNING,
          message: message.trimmingCharacters(in: .whitespaces)))
    }
  }
}
