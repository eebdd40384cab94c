extension IdentifiedRequest {
    /// Decodes one line (without its newline) at the edge of the daemon: a
    /// typed request, or the error response it gets. Never traps.
    ///
    /// ```swift
    /// switch IdentifiedRequest.decode(Array(#"{"id":7,"cmd":"step","seconds":0.5}"#.utf8)) {
    /// case .success(let line): line.request   // .step(seconds: 0.5)
    /// case .failure(let error): error.code    // e.g. .unknownCommand
    /// }
    /// ```
    public static func decode(_ line: some Collection<UInt8>) -> Result<IdentifiedRequest, RequestError> {
        guard line.count <= ProtocolLimits.maximumLineLength else {
            return .failure(
                RequestError(.lineTooLong, "a line is at most \(ProtocolLimits.maximumLineLength) bytes"))
        }
        let value: JSONValue
        let text: [UInt8]?
        do {
            (value, text) = try JSONReader.read(line, keepingTextOf: "id")
        } catch {
            return .failure(RequestError(.invalidJSON, "not JSON: \(error)"))
        }
        guard case .object = value else {
            return .failure(RequestError(.notAnObject, "a request is a JSON object, not \(value.kindDescription)"))
        }
        let id = value["id"].flatMap { $0 == .null ? nil : $0 }
        let idText = id == nil ? nil : text
        guard let cmd = value["cmd"] else {
            return .failure(
                RequestError(
                    .missingCommand, "a request needs \"cmd\", the command's name", id: id, idText: idText))
        }
        guard let command = cmd.string else {
            return .failure(
                RequestError(
                    .missingCommand, "\"cmd\" is a string, not \(cmd.kindDescription)", id: id, idText: idText))
        }
        var arguments = Arguments(object: value, id: id, idText: idText)
        do {
            return .success(
                IdentifiedRequest(id: id, request: try arguments.request(for: command), idText: idText))
        } catch {
            return .failure(error)
        }
    }

    /// The request as one line of JSON, without the newline: what a client sends.
    public var json: String {
        var out = JSONWriter()
        write(to: &out)
        return out.string
    }

    public func write(to out: inout JSONWriter) {
        var members: [String: JSONValue] = ["cmd": .string(request.command)]
        if let id { members["id"] = id }
        switch request {
        case .hello, .scenes: break
        case .subscribe(let selector, let delta):
            members["scene"] = .string(selector.wireName)
            if delta { members["delta"] = .bool(true) }
        case .unsubscribe(let selector):
            members["scene"] = .string(selector.wireName)
        case .frame(let scene, let layer):
            members["scene"] = .string(scene)
            members["layer"] = .string(layer.rawValue)
        case .run(let scene, let action):
            members["scene"] = .string(scene)
            members["action"] = .string(action)
        case .exec(let scene, let source):
            members["scene"] = .string(scene)
            members["source"] = .string(source)
        case .step(let seconds):
            members["seconds"] = .number(seconds)
        case .settle(let scene, let timeout):
            members["scene"] = .string(scene)
            members["timeout"] = .number(timeout)
        case .diagnostics(let scene), .reload(let scene):
            members["scene"] = .string(scene)
        case .clock(let paused, let slow):
            if let paused { members["paused"] = .bool(paused) }
            if let slow { members["slow"] = .number(slow) }
        }
        out.value(.object(members))
    }
}

extension Request.SceneSelector {
    /// `"*"` for every scene, or the scene's name.
    public var wireName: String {
        switch self {
        case .all: "*"
        case .named(let name): name
        }
    }
}

/// Reads a request's arguments, each checked for its type and range.
private struct Arguments {
    var object: JSONValue
    var id: JSONValue?
    var idText: [UInt8]?

    func fail(_ message: String) -> RequestError {
        RequestError(.invalidArgument, message, id: id, idText: idText)
    }

    func string(_ key: String) throws(RequestError) -> String {
        guard let value = object[key] else { throw fail("\"\(key)\" is missing") }
        guard let text = value.string else { throw fail("\"\(key)\" is a string, not \(value.kindDescription)") }
        return text
    }

    func scene() throws(RequestError) -> String {
        let name = try string("scene")
        guard !name.isEmpty else { throw fail("\"scene\" is empty") }
        return name
    }

    func seconds(_ key: String, default fallback: Double? = nil) throws(RequestError) -> Double {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw fail("\"\(key)\" is missing")
        }
        guard let number = value.number else { throw fail("\"\(key)\" is a number, not \(value.kindDescription)") }
        guard number >= 0, number <= Request.maximumSeconds else {
            throw fail("\"\(key)\" is seconds from 0 to \(Int(Request.maximumSeconds)), not \(format(number))")
        }
        return number
    }

    mutating func request(for command: String) throws(RequestError) -> Request {
        switch command {
        case "hello": return .hello
        case "scenes": return .scenes
        case "subscribe", "unsubscribe":
            let name = try scene()
            let selector: Request.SceneSelector = name == "*" ? .all : .named(name)
            guard command == "subscribe" else { return .unsubscribe(selector) }
            var delta = false
            if let value = object["delta"] {
                guard case .bool(let flag) = value else {
                    throw fail("\"delta\" is true or false, not \(value.kindDescription)")
                }
                delta = flag
            }
            return .subscribe(selector, delta: delta)
        case "frame":
            var layer = Request.Layer.presentation
            if let value = object["layer"] {
                guard let text = value.string, let named = Request.Layer(rawValue: text) else {
                    throw fail("\"layer\" is \"presentation\" or \"model\"")
                }
                layer = named
            }
            return .frame(scene: try scene(), layer: layer)
        case "run": return .run(scene: try scene(), action: try string("action"))
        case "exec": return .exec(scene: try scene(), source: try string("source"))
        case "step": return .step(seconds: try seconds("seconds"))
        case "settle":
            return .settle(scene: try scene(), timeout: try seconds("timeout", default: Request.defaultSettleTimeout))
        case "diagnostics": return .diagnostics(scene: try scene())
        case "reload": return .reload(scene: try scene())
        case "clock":
            var paused: Bool? = nil
            if let value = object["paused"] {
                guard case .bool(let flag) = value else {
                    throw fail("\"paused\" is true or false, not \(value.kindDescription)")
                }
                paused = flag
            }
            var slow: Double? = nil
            if let value = object["slow"] {
                guard let number = value.number else {
                    throw fail("\"slow\" is a number, not \(value.kindDescription)")
                }
                guard number >= 1 / Request.maximumSlow, number <= Request.maximumSlow else {
                    throw fail("\"slow\" is a factor from 0.001 to \(Int(Request.maximumSlow)), not \(format(number))")
                }
                slow = number
            }
            return .clock(paused: paused, slow: slow)
        default:
            let shown = command.count > 40 ? command.prefix(40) + "…" : Substring(command)
            throw RequestError(
                .unknownCommand,
                "unknown command '\(shown.unicodeScalars.map { $0.escaped(asASCII: false) }.joined())'; "
                    + "the commands are \(Request.commands.joined(separator: ", "))", id: id, idText: idText)
        }
    }
}
