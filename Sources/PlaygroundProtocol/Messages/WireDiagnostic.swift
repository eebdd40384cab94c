public import LayoutValues

/// A diagnostic as the protocol carries it: the language's `Diagnostic`
/// resolved to a file, a line and a column, with its text form, so that a
/// client needs no parser to show or match it.
///
/// ```json
/// {"severity":"error","code":"unknown-name","message":"unknown view 'titel'; did you mean 'title'?",
///  "file":"Quiz.layout","line":12,"column":1,"rendered":"Quiz.layout:12:1: error: …"}
/// ```
public struct WireDiagnostic: Hashable, Sendable {
    /// The language's severity, carried as its name.
    public typealias Severity = LayoutValues.Severity

    public var severity: Severity
    /// The stable kebab-case code (`unknown-name`).
    public var code: String
    public var message: String
    public var file: String
    /// 1-based; columns count UTF-8 bytes, as swiftc's do.
    public var line: Int
    public var column: Int
    /// The text form: `file:line:column: severity: message [code]`, the source line and a caret, and its notes.
    public var rendered: String
    /// For a diagnostic of a running scene: the scene time it happened at.
    public var time: Double?

    public init(
        severity: Severity, code: String, message: String, file: String, line: Int, column: Int, rendered: String,
        time: Double? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.rendered = rendered
        self.time = time
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "severity": .string(severity.rawValue), "code": .string(code), "message": .string(message),
            "file": .string(file), "line": .number(Double(line)), "column": .number(Double(column)),
            "rendered": .string(rendered),
        ]
        if let time { members["time"] = .number(time) }
        return .object(members)
    }

    init(json value: JSONValue) throws(MessageError) {
        let fields = Fields(value, "a diagnostic")
        guard let severity = Severity(rawValue: try fields.string("severity")) else {
            throw MessageError("a diagnostic's severity is error, warning or note")
        }
        self.init(
            severity: severity, code: try fields.string("code"), message: try fields.string("message"),
            file: try fields.string("file"), line: try fields.integer("line"), column: try fields.integer("column"),
            rendered: try fields.string("rendered"), time: try fields.optionalNumber("time"))
    }
}

/// Why a line from the daemon is not a message this client understands.
public struct MessageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Reads an object's members with messages that say what was expected.
struct Fields {
    var value: JSONValue
    var what: String

    init(_ value: JSONValue, _ what: String) {
        self.value = value
        self.what = what
    }

    func member(_ key: String) throws(MessageError) -> JSONValue {
        guard let member = value[key] else { throw MessageError("\(what) has no \"\(key)\"") }
        return member
    }

    func string(_ key: String) throws(MessageError) -> String {
        guard let text = try member(key).string else { throw MessageError("\(what)'s \"\(key)\" is not a string") }
        return text
    }

    func number(_ key: String) throws(MessageError) -> Double {
        guard let number = try member(key).number else { throw MessageError("\(what)'s \"\(key)\" is not a number") }
        return number
    }

    func integer(_ key: String) throws(MessageError) -> Int {
        let number = try number(key)
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw MessageError("\(what)'s \"\(key)\" is not a whole number")
        }
        return Int(number)
    }

    func bool(_ key: String) throws(MessageError) -> Bool {
        guard let flag = try member(key).bool else { throw MessageError("\(what)'s \"\(key)\" is not true or false") }
        return flag
    }

    func optionalString(_ key: String) throws(MessageError) -> String? {
        guard let member = value[key], member != .null else { return nil }
        guard let text = member.string else { throw MessageError("\(what)'s \"\(key)\" is not a string") }
        return text
    }

    func optionalNumber(_ key: String) throws(MessageError) -> Double? {
        guard let member = value[key], member != .null else { return nil }
        guard let number = member.number else { throw MessageError("\(what)'s \"\(key)\" is not a number") }
        return number
    }

    func array(_ key: String) throws(MessageError) -> [JSONValue] {
        guard let items = try member(key).array else { throw MessageError("\(what)'s \"\(key)\" is not an array") }
        return items
    }
}
