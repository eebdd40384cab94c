extension Frame {
    /// Reads a frame back from its JSON (a `frame` event, or the `frame` of a response).
    /// - Throws: `MessageError` naming the first field that is missing or of the wrong type.
    public init(json value: JSONValue) throws(MessageError) {
        let fields = Fields(value, "a frame")
        let canvas = Fields(try fields.member("canvas"), "a frame's canvas")
        var views: [ViewFrame] = []
        for item in try fields.array("views") { views.append(try ViewFrame(json: item)) }
        var delta: FrameDelta? = nil
        if let value = value["delta"], value != .null {
            let members = Fields(value, "a frame's delta")
            var gone: [String] = []
            for item in try members.array("gone") {
                guard let name = item.string else {
                    throw MessageError("a frame's delta's \"gone\" holds a non-string")
                }
                gone.append(name)
            }
            delta = FrameDelta(base: try members.integer("base"), gone: gone)
        }
        self.init(
            scene: try fields.string("scene"), generation: try fields.integer("generation"),
            seq: try fields.integer("seq"), time: try fields.number("time"), settled: try fields.bool("settled"),
            canvas: Size(width: try canvas.number("width"), height: try canvas.number("height")), views: views,
            delta: delta)
    }
}

extension ViewFrame {
    init(json value: JSONValue) throws(MessageError) {
        let fields = Fields(value, "a view")
        let kindName = try fields.string("kind")
        guard let kind = ViewKind(rawValue: kindName) else {
            throw MessageError("a view's kind is view, label, button or guide, not '\(kindName.prefix(40))'")
        }
        var color: Color? = nil
        if let text = try fields.optionalString("color") {
            guard let parsed = Color(frameValue: text) else {
                throw MessageError("a view's color is #rrggbb or clear, not '\(text.prefix(40))'")
            }
            color = parsed
        }
        var textColor: Color? = nil
        if let text = try fields.optionalString("textColor") {
            guard let parsed = Color(frameValue: text) else {
                throw MessageError("a view's textColor is #rrggbb or clear, not '\(text.prefix(40))'")
            }
            textColor = parsed
        }
        var hidden = false
        if let flag = value["hidden"] {
            guard let bool = flag.bool else { throw MessageError("a view's \"hidden\" is not true or false") }
            hidden = bool
        }
        var lines: [String]? = nil
        if let list = value["lines"], list != .null {
            guard let items = list.array else { throw MessageError("a view's \"lines\" is not an array") }
            lines = try items.map { (item) throws(MessageError) -> String in
                guard let line = item.string else { throw MessageError("a view's \"lines\" holds a non-string") }
                return line
            }
        }
        var transform: AffineTransform2D? = nil
        if let list = value["transform"], list != .null {
            guard let items = list.array, items.count == 6, case let numbers = items.compactMap(\.number),
                numbers.count == 6
            else { throw MessageError("a view's \"transform\" is not six numbers [a, b, c, d, tx, ty]") }
            transform = AffineTransform2D(
                a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
        }
        self.init(
            name: try fields.string("name"), kind: kind, parent: try fields.string("parent"), x: try fields.number("x"),
            y: try fields.number("y"), width: try fields.number("width"), height: try fields.number("height"),
            alpha: try fields.number("alpha"), text: try fields.optionalString("text"),
            font: try fields.optionalNumber("font"), color: color, hidden: hidden, lines: lines,
            transform: transform, textColor: textColor)
    }
}
