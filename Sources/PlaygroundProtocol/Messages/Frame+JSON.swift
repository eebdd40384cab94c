extension Frame {
    /// The frame as one line of JSON, without the newline, in the field order
    /// of the protocol's documentation. Optional fields (`text`, `font`,
    /// `color`, `hidden`, `lines`, `transform`, `textColor`) appear only when set.
    public var json: String {
        var out = JSONWriter()
        write(to: &out)
        return out.string
    }

    /// Appends the frame's JSON to a writer.
    public func write(to out: inout JSONWriter) {
        var ranges: [Range<Int>]?
        write(to: &out, reusing: nil, ranges: &ranges)
    }

    /// The frame's JSON, the same bytes as ``write(to:)`` writes, with each view's object copied from `previous`
    /// (a frame of the same scene encoded so before) where the view is the same at the same place in the list:
    /// a frame in which a few of thousands of views moved, or the first of a reload, is mostly copied.
    public func encoded(reusing previous: EncodedFrame?) -> EncodedFrame {
        var out = JSONWriter()
        var ranges: [Range<Int>]? = []
        ranges!.reserveCapacity(views.count)
        write(to: &out, reusing: previous, ranges: &ranges)
        return EncodedFrame(bytes: out.bytes, views: views, viewRanges: ranges!)
    }

    private func write(to out: inout JSONWriter, reusing previous: EncodedFrame?, ranges: inout [Range<Int>]?) {
        // About what a view takes: its name, kind, parent, five numbers and a colour.
        out.reserveCapacity(128 + 160 * views.count)
        out.raw("{\"event\":\"frame\",\"scene\":")
        out.string(scene)
        out.raw(",\"generation\":")
        out.integer(generation)
        out.raw(",\"seq\":")
        out.integer(seq)
        out.raw(",\"time\":")
        out.number(time)
        out.raw(settled ? ",\"settled\":true" : ",\"settled\":false")
        out.raw(",\"canvas\":{\"width\":")
        out.number(canvas.width)
        out.raw(",\"height\":")
        out.number(canvas.height)
        out.raw("}")
        if let delta {
            out.raw(",\"delta\":{\"base\":")
            out.integer(delta.base)
            out.raw(",\"gone\":[")
            for (i, name) in delta.gone.enumerated() {
                if i > 0 { out.raw(",") }
                out.string(name)
            }
            out.raw("]}")
        }
        out.raw(",\"views\":[")
        let old = previous?.views ?? []
        views.withUnsafeBufferPointer { views in
            old.withUnsafeBufferPointer { old in
                for index in views.indices {
                    if index > 0 { out.raw(",") }
                    let start = out.bytes.count
                    if let previous, index < old.count,
                        ViewFrame.same(views.baseAddress! + index, old.baseAddress! + index)
                    {
                        out.raw(previous.bytes[previous.viewRanges[index]])
                    } else {
                        views[index].write(to: &out)
                    }
                    ranges?.append(start..<out.bytes.count)
                }
            }
        }
        out.raw("]}")
    }
}

extension ViewFrame {
    public func write(to out: inout JSONWriter) {
        out.raw("{\"name\":")
        out.string(name)
        out.raw(",\"kind\":\"")
        out.raw(kind.jsonName)
        out.raw("\"")
        out.raw(",\"parent\":")
        out.string(parent)
        out.raw(",\"x\":")
        out.number(x)
        out.raw(",\"y\":")
        out.number(y)
        out.raw(",\"width\":")
        out.number(width)
        out.raw(",\"height\":")
        out.number(height)
        out.raw(",\"alpha\":")
        out.number(alpha)
        if let text {
            out.raw(",\"text\":")
            out.string(text)
        }
        if let font {
            out.raw(",\"font\":")
            out.number(font)
        }
        if let color {
            out.raw(",\"color\":\"")
            color.write(to: &out)
            out.raw("\"")
        }
        if hidden { out.raw(",\"hidden\":true") }
        if let lines {
            out.raw(",\"lines\":[")
            for (i, line) in lines.enumerated() {
                if i > 0 { out.raw(",") }
                out.string(line)
            }
            out.raw("]")
        }
        if let transform {
            out.raw(",\"transform\":[")
            for (i, value) in transform.components.enumerated() {
                if i > 0 { out.raw(",") }
                out.number(value)
            }
            out.raw("]")
        }
        if let textColor {
            out.raw(",\"textColor\":\"")
            textColor.write(to: &out)
            out.raw("\"")
        }
        out.raw("}")
    }
}

extension ViewKind {
    /// The name frames carry, without allocating a string per view.
    var jsonName: StaticString {
        switch self {
        case .view: "view"
        case .label: "label"
        case .button: "button"
        case .guide: "guide"
        case .stack: "stack"
        }
    }
}

extension Color {
    /// Appends `#rrggbb` or `clear`, digit by digit.
    func write(to out: inout JSONWriter) {
        guard !isClear else {
            out.raw("clear")
            return
        }
        out.raw("#")
        for i in 0..<6 { out.appendHexDigit(UInt8((rgb >> UInt32(20 - 4 * i)) & 0xF)) }
    }
}

/// A frame's JSON and where each view's object lies in it: what ``Frame/encoded(reusing:)`` makes, and reuses for
/// the next frame of the scene.
public struct EncodedFrame: Sendable {
    /// The `frame` event's JSON, without the newline.
    public let bytes: [UInt8]
    /// The views the bytes show.
    let views: [ViewFrame]
    /// Where each view's object is in ``bytes``.
    let viewRanges: [Range<Int>]
}
