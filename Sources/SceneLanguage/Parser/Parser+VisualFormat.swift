extension Parser {
    /// The attributes that `align all` takes, as UIKit's `NSLayoutFormatOptions` have them.
    static let alignmentNames = [
        "left", "right", "top", "bottom", "leading", "trailing", "centerX", "centerY", "firstBaseline",
        "lastBaseline",
    ]

    /// `[inactive] [NAME:] H:FORMAT [align all ATTR …] [direction DIRECTION]`, from
    /// its format; `parseConstraint` has read `inactive` and the name.
    mutating func parseVisualFormatLine(
        name: Identifier?, isInactive: Bool, group: GroupID?, start: Int
    ) throws(Failure) {
        let token = advance()
        var reader = VisualFormatReader(file: file, from: token.start, to: token.end)
        let format: VisualFormatReader.Format
        do {
            format = try reader.read()
        } catch {
            let diagnostic = error.diagnostic
            self.error(diagnostic.code, diagnostic.message, at: diagnostic.range, suggestion: diagnostic.suggestion)
            throw Failure()
        }
        var line = VisualFormatSyntax(
            name: name, isInactive: isInactive, group: group, axis: format.axis, leadingEdge: format.leadingEdge,
            views: format.views, connections: format.connections, trailingEdge: format.trailingEdge,
            format: range(of: token), range: range(of: token))
        var directionRange: SourceRange? = nil
        while let word = identifierName(current) {
            switch word {
            case "align":
                try parseAlignment(into: &line)
            case "direction":
                let keyword = advance()
                guard let value = identifierName(current) else {
                    throw fail(expected: "a direction: leadingToTrailing, leftToRight or rightToLeft")
                }
                let valueToken = advance()
                let written = range(of: keyword).union(range(of: valueToken))
                guard let direction = VisualFormatSyntax.Direction(rawValue: value) else {
                    let suggestion = nearestName(
                        to: value, among: VisualFormatSyntax.Direction.allCases.map(\.rawValue))
                    error(
                        .unknownName,
                        "unknown direction \(quoted(value))" + didYouMean(suggestion)
                            + " (the directions are leadingToTrailing, leftToRight and rightToLeft)",
                        at: range(of: valueToken), suggestion: suggestion)
                    throw Failure()
                }
                if line.axis == .vertical {
                    error(
                        .invalidFormat, "a 'V:' line runs from top to bottom; 'direction' is for 'H:' lines",
                        at: written)
                    throw Failure()
                }
                if let first = directionRange {
                    error(
                        .duplicateProperty, "'direction' is given twice; keep one of them", at: written,
                        notes: [Diagnostic.Note("first given here", at: first)])
                    throw Failure()
                }
                directionRange = written
                line.direction = direction
            default:
                let suggestion = nearestName(to: word, among: ["align", "direction"])
                error(
                    .unknownName,
                    "unknown option \(quoted(word)) of a visual format line" + didYouMean(suggestion)
                        + " (the options are 'align all ATTRIBUTE …' and 'direction DIRECTION')",
                    at: range(of: current), suggestion: suggestion)
                throw Failure()
            }
        }
        line.range = range(from: start)
        if let group {
            if isInactive {
                error(
                    .notApplicable, "a line in a group is switched with its group; make the group 'inactive' instead",
                    at: SourceRange(start: start, end: start + "inactive".utf8.count, in: file))
            }
            if let name {
                error(
                    .notApplicable,
                    "a line in a group is switched with its group, by the group's name; leave out \(quoted(name))",
                    at: name.range)
            }
            line.name = nil
            line.isInactive = false
            line.group = group
        } else if name != nil || isInactive {
            // A named or inactive line is a group of its own, which actions switch by the line's name.
            line.group = GroupID(scene.groups.count)
            scene.groups.append(
                ConstraintGroup(
                    name: name, isInitiallyActive: !isInactive, range: line.range, isVisualFormatLine: true))
        }
        visualFormats.append(line)
    }

    /// `align all ATTR [ATTR …]`.
    private mutating func parseAlignment(into line: inout VisualFormatSyntax) throws(Failure) {
        advance()
        guard isKeyword("all") else { throw fail(expected: "'all' after 'align', as 'align all centerY'") }
        advance()
        var count = 0
        while let word = identifierName(current), word != "align", word != "direction" {
            let token = advance()
            count += 1
            guard let attribute = Attribute(word: word) else {
                let suggestion = nearestName(to: word, among: Parser.alignmentNames)
                error(
                    .unknownName,
                    "unknown alignment \(quoted(word))" + didYouMean(suggestion)
                        + " (views align on left, right, top, bottom, leading, trailing, centerX, centerY, "
                        + "firstBaseline or lastBaseline)", at: range(of: token), suggestion: suggestion)
                throw Failure()
            }
            guard attribute.kind != .size else {
                error(
                    .invalidFormat,
                    "views align on an edge, a centre or a baseline, not on \(quoted(word)); "
                        + "to give them equal sizes, write '[b(==a)]'", at: range(of: token))
                throw Failure()
            }
            // With one view there is nothing to align, and UIKit accepts any alignment (TextMate ships
            // `H:|[view]|` with `.alignAllLeading`): it adds no constraint.
            let alongLine = attribute.isHorizontal == (line.axis == .horizontal)
            if alongLine && line.views.count > 1 {
                let (axis, example) = line.axis == .horizontal ? ("H:", "centerY") : ("V:", "centerX")
                error(
                    .invalidFormat,
                    "an '\(axis)' line cannot align its views on \(quoted(word)): it lays them out along that "
                        + "axis (UIKit raises); align them on an attribute across it, such as \(quoted(example))",
                    at: range(of: token))
                throw Failure()
            }
            if line.alignments.contains(where: { $0.attribute == attribute }) { continue }
            line.alignments.append(VisualFormatSyntax.Alignment(attribute: attribute, range: range(of: token)))
        }
        if count == 0 { throw fail(expected: "an attribute to align the views on, such as 'centerY'") }
    }
}
