#!/usr/bin/env python3
"""Lays out the view controllers that `layoutctl export --swift` writes, with kiwisolver, for the test that
the exported constraints give the frames that `layoutctl solve` gives (SwiftExportGeometryTests.swift).

It reads the Swift, not the scene: the header comment's canvas and safe-area insets; the stored
properties (UIView(), UILabel(), UIButton(type: .system), UILayoutGuide(), SizedView(width:height:)),
with the scene's name where the export renamed one (`// the scene's 'title'`); and viewDidLoad()'s
lines: semanticContentAttribute, directionalLayoutMargins (the root's and each view's), text, setTitle,
fonts, numberOfLines, frames, hugging and compression priorities, addSubview and addLayoutGuide, the constraints (one a line, each ending in
`.identified(…)`), the arrays of named groups and the calls of NSLayoutConstraint.activate. Then it
lowers them as UIKit defines them:

- each view and guide has left, top, width and height in the root's coordinates; the root is the canvas,
  its safeAreaLayoutGuide the canvas inset by the safe area (leading on the right when right to left),
  its layoutMarginsGuide the safe area inset by directionalLayoutMargins; a view's layoutMarginsGuide is
  its frame inset by its directionalLayoutMargins (8 on each side by default);
- an anchor is an edge, a centre or a size; leading and trailing are left and right, or right and left
  under .forceRightToLeft, where a constraint on leading or trailing measures x from the right, leftwards;
- `NSLayoutConstraint(item:…multiplier:…)` on positions is evaluated in the two items' nearest common
  ancestor's coordinates (a guide counts as its owning view);
- a label's or button's intrinsic size comes from the scene language's fixed text metrics (0.5 x font a
  character, 1.2 x font a line, a button 12 wider on each side and 6 taller on top and bottom; baselines
  0.8 x font below a line's top, the text centred in the view; a plain view's baselines are its bottom),
  a SizedView's from its initializer; each adds size <= intrinsic at the hugging priority and size >=
  intrinsic at the compression resistance; a label or button with numberOfLines other than 1 is laid
  out, wrapped at the width it got (word wrapping, a long word cut between characters, at most
  numberOfLines lines), and laid out again with its wrapped size, until no label's lines change, as UIKit
  does when it sets preferredMaxLayoutWidth;
- a view left with translatesAutoresizingMaskIntoConstraints = true has its frame, in its parent's
  coordinates, as required constraints.

Stack views are not read: UIStackView makes its arranged subviews' constraints itself, so the Swift does not
hold them (the test leaves out the playgrounds with stacks). Priorities below required become kiwi strengths far apart (1000, or less with more than four levels). Prints one JSON document: for each file, in
order, {"frames": {"name": [x, y, width, height]}} by the scene's names; or {"error": "why"} for what it cannot
read.

usage: kiwi_export.py FILE.swift…
"""
import json
import re
import sys

import kiwisolver as kiwi

from uikit_text import characters_per_line, wrap, wrap_width

REQUIRED = 1000.0
NAMED_PRIORITIES = {".required": 1000.0, ".defaultHigh": 750.0, ".defaultLow": 250.0, ".fittingSizeLevel": 50.0}
RELATIONS = {"equalTo": "==", "greaterThanOrEqualTo": ">=", "lessThanOrEqualTo": "<=",
             ".equal": "==", ".greaterThanOrEqual": ">=", ".lessThanOrEqual": "<="}


class Unreadable(Exception):
    pass


def swift_string(literal):
    """The value of a Swift string literal with the escapes the export writes."""
    assert literal.startswith('"') and literal.endswith('"'), literal
    body, out, i = literal[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n == "u":
            end = body.index("}", i)
            out.append(chr(int(body[i + 3:end], 16)))
            i = end + 1
            continue
        out.append({"n": "\n", "r": "\r", "t": "\t", "0": "\0", '"': '"', "\\": "\\", "'": "'"}[n])
        i += 2
    return "".join(out)


def priority(text):
    text = text.strip()
    if text in NAMED_PRIORITIES:
        return NAMED_PRIORITIES[text]
    match = re.fullmatch(r"UILayoutPriority\((.+)\)", text)
    if not match:
        raise Unreadable(f"a priority: {text}")
    return float(match.group(1))


class View:
    def __init__(self, name, scene_name, kind):
        self.name, self.scene_name, self.kind = name, scene_name, kind
        self.parent = None          # a View, or None for the root
        self.text = ""
        self.font = 17.0
        self.size = None            # SizedView's
        self.hugging = [250.0, 250.0]
        self.compression = [750.0, 750.0]
        self.frame = None
        self.autoresizing = True    # translatesAutoresizingMaskIntoConstraints
        self.vars = [kiwi.Variable(f"{name}.{p}") for p in ("left", "top", "width", "height")]
        self.number_of_lines = 1
        self.layout_margins = (8.0, 8.0, 8.0, 8.0)   # a UIView's default
        self.wrap_width = None      # where a multi-line label's text wraps, once laid out

    def lines(self):
        if not self.text:
            return []
        paragraphs = self.text.split("\n")
        if self.number_of_lines == 1 or self.wrap_width is None:
            return paragraphs
        per_line = characters_per_line(self.wrap_width, self.font)
        lines = []
        for paragraph in paragraphs:
            lines += wrap(paragraph, per_line)
        if self.number_of_lines > 0:
            lines = lines[:self.number_of_lines]
        return lines

    def intrinsic(self):
        if self.kind in ("label", "button"):
            lines = self.lines()
            width = max((len(line) for line in lines), default=0) * 0.5 * self.font
            height = len(lines) * 1.2 * self.font
            return (width + 24, height + 12) if self.kind == "button" else (width, height)
        return self.size


class Export:
    """One exported file, read."""

    def __init__(self, text):
        self.views = {}                  # Swift name → View
        self.order = []
        self.rtl = False
        self.margins = (0.0, 0.0, 0.0, 0.0)
        self.named = {}                  # constraint property → constraint
        self.groups = {}                 # group property → [constraint]
        self.active = []
        header = re.search(r"canvas is (\S+) x (\S+) with safe-area insets (\S+) (\S+) (\S+) (\S+) ", text)
        if not header:
            raise Unreadable("no canvas in the header")
        self.canvas = (float(header.group(1)), float(header.group(2)))
        self.insets = tuple(float(header.group(k)) for k in range(3, 7))      # top, leading, bottom, trailing
        kinds = {"UIView()": "view", "UILabel()": "label", "UIButton(type: .system)": "button",
                 "UILayoutGuide()": "guide"}
        for match in re.finditer(r"^    private (?:let|var) (\S+) = (.+?)(?:  // the scene's '(\w+)')?$", text, re.M):
            name, made, scene_name = match.group(1).strip("`"), match.group(2), match.group(3)
            sized = re.fullmatch(r"SizedView\(width: (\S+), height: (\S+)\)", made)
            if made not in kinds and not sized:
                continue
            view = View(name, scene_name or name, "view" if sized else kinds[made])
            if sized:
                view.size = (float(sized.group(1)), float(sized.group(2)))
            self.views[name] = view
            self.order.append(view)
        body = text.split("override func viewDidLoad() {", 1)[1].split("\n    }\n", 1)[0]
        self.read(body.split("\n"))

    def item(self, text):
        text = text.strip().strip("`")
        if text in ("view", "view!"):
            return "root"
        if text == "view.safeAreaLayoutGuide":
            return "safeArea"
        if text == "view.layoutMarginsGuide":
            return "margins"
        if text in self.views:
            return self.views[text]
        if text.endswith(".layoutMarginsGuide") and text[:-len(".layoutMarginsGuide")].strip("`") in self.views:
            return ("viewMargins", self.views[text[:-len(".layoutMarginsGuide")].strip("`")])
        raise Unreadable(f"an item: {text}")

    def read(self, lines):
        array = None                     # the list being filled: a group's, or the activated one
        depth = 0                        # inside a closure (an animator's block): not layout
        for raw in lines:
            line = raw.strip()
            if not line or line.startswith("//"):
                continue
            if depth or line.endswith("{"):
                depth += line.count("{") - line.count("}")
                continue
            if array is not None:
                if line in ("]", "])"):
                    array = None
                elif line.endswith(","):
                    entry = line[:-1]
                    array.append(self.named[entry.strip("`")] if entry.strip("`") in self.named
                                 else self.constraint(entry))
                else:
                    raise Unreadable(f"in an array: {line}")
                continue
            if line == "NSLayoutConstraint.activate([":
                array = self.active
                continue
            match = re.fullmatch(r"NSLayoutConstraint\.activate\((\S+)\)", line)
            if match:
                self.active += self.groups[match.group(1).strip("`")]
                continue
            match = re.fullmatch(r"(\S+) = \[", line)
            if match:
                array = self.groups.setdefault(match.group(1).strip("`"), [])
                continue
            match = re.fullmatch(r"(\S+) = (.+\.identified\(.+\))", line)
            if match:
                self.named[match.group(1).strip("`")] = self.constraint(match.group(2))
                continue
            self.read_view_line(line)

    def read_view_line(self, line):
        if line == "view.semanticContentAttribute = .forceRightToLeft":
            self.rtl = True
            return
        match = re.fullmatch(r"view\.directionalLayoutMargins = NSDirectionalEdgeInsets\(top: (\S+), "
                             r"leading: (\S+), bottom: (\S+), trailing: (\S+)\)", line)
        if match:
            self.margins = tuple(float(match.group(k)) for k in range(1, 5))
            return
        match = re.fullmatch(r"(\S+)\.add(?:Subview|LayoutGuide)\((\S+)\)", line)
        if match:
            parent = self.item(match.group(1))
            self.item(match.group(2)).parent = None if parent == "root" else parent
            return
        match = re.fullmatch(r"([^\s.]+)\.(.+)", line)
        if not match or match.group(1).strip("`") not in self.views:
            return                       # the root's other settings, numberOfLines, colours, alpha, hidden
        view, rest = self.views[match.group(1).strip("`")], match.group(2)
        if rest == "translatesAutoresizingMaskIntoConstraints = false":
            view.autoresizing = False
        elif m := re.fullmatch(r"(?:titleLabel\?\.)?numberOfLines = (\d+)", rest):
            view.number_of_lines = int(m.group(1))
        elif m := re.fullmatch(r"directionalLayoutMargins = NSDirectionalEdgeInsets\(top: (\S+), leading: (\S+), "
                               r"bottom: (\S+), trailing: (\S+)\)", rest):
            view.layout_margins = tuple(float(m.group(k)) for k in range(1, 5))
        elif m := re.fullmatch(r"text = (\".*\")", rest):
            view.text = swift_string(m.group(1))
        elif m := re.fullmatch(r"setTitle\((\".*\"), for: \.normal\)", rest):
            view.text = swift_string(m.group(1))
        elif m := re.fullmatch(r"(?:titleLabel\?\.)?font = UIFont\.systemFont\(ofSize: (\S+)\)", rest):
            view.font = float(m.group(1))
        elif m := re.fullmatch(r"frame = CGRect\(x: (\S+), y: (\S+), width: (\S+), height: (\S+)\)", rest):
            view.frame = tuple(float(m.group(k)) for k in range(1, 5))
        elif m := re.fullmatch(r"set(ContentHugging|ContentCompressionResistance)Priority\((.+), for: "
                               r"\.(horizontal|vertical)\)", rest):
            pair = view.hugging if m.group(1) == "ContentHugging" else view.compression
            pair[0 if m.group(3) == "horizontal" else 1] = priority(m.group(2))

    def constraint(self, text):
        """(first item, attribute, relation, second item or None, attribute, multiplier, constant, priority)."""
        match = re.fullmatch(r"(.+)\.identified\((\".*?\")(?:, priority: (.+))?\)", text)
        if not match:
            raise Unreadable(f"a constraint: {text}")
        made, level = match.group(1), priority(match.group(3)) if match.group(3) else REQUIRED
        m = re.fullmatch(r"NSLayoutConstraint\(item: (.+?), attribute: \.(\w+), relatedBy: (\.\w+), "
                         r"toItem: (.+?), attribute: \.(\w+), multiplier: (\S+), constant: (\S+)\)", made)
        if m:
            return (self.item(m.group(1)), m.group(2), RELATIONS[m.group(3)], self.item(m.group(4)), m.group(5),
                    float(m.group(6)), float(m.group(7)), level)
        m = re.fullmatch(r"(.+)\.(\w+)Anchor\.constraint\((\w+)Constant: (\S+)\)", made)
        if m:
            return (self.item(m.group(1)), m.group(2), RELATIONS[m.group(3)], None, None, 1.0, float(m.group(4)),
                    level)
        m = re.fullmatch(r"(.+?)\.(\w+)Anchor\.constraint\((\w+): (.+)\.(\w+)Anchor"
                         r"(?:, multiplier: (\S+?))?(?:, constant: (\S+))?\)", made)
        if m:
            return (self.item(m.group(1)), m.group(2), RELATIONS[m.group(3)], self.item(m.group(4)), m.group(5),
                    float(m.group(6) or 1), float(m.group(7) or 0), level)
        raise Unreadable(f"a constraint: {text}")

    # Lowering

    def box(self, item):
        """(left, top, width, height) of an item as kiwi expressions or numbers."""
        w, h = self.canvas
        if item == "root":
            return (0.0, 0.0, w, h)
        if item in ("safeArea", "margins"):
            top, leading, bottom, trailing = self.insets
            if item == "margins":
                top, leading, bottom, trailing = (top + self.margins[0], leading + self.margins[1],
                                                  bottom + self.margins[2], trailing + self.margins[3])
            left, right = (trailing, leading) if self.rtl else (leading, trailing)
            return (left, top, w - left - right, h - top - bottom)
        if isinstance(item, tuple):      # a view's layoutMarginsGuide
            view = item[1]
            left, top, width, height = view.vars
            m_top, m_leading, m_bottom, m_trailing = view.layout_margins
            m_left, m_right = (m_trailing, m_leading) if self.rtl else (m_leading, m_trailing)
            return (left + m_left, top + m_top, width - m_left - m_right, height - m_top - m_bottom)
        return tuple(item.vars)

    def anchor(self, item, attribute, mirrored):
        left, top, width, height = self.box(item)
        if attribute in ("leading", "trailing"):
            attribute = {"leading": "right", "trailing": "left"}[attribute] if self.rtl else \
                {"leading": "left", "trailing": "right"}[attribute]
        if attribute in ("firstBaseline", "lastBaseline"):
            if isinstance(item, View) and item.kind in ("label", "button"):
                lines = max(len(item.lines()), 1)
                half = len(item.lines()) * 1.2 * item.font / 2
                baseline = 0.8 * item.font + (0 if attribute == "firstBaseline" else (lines - 1) * 1.2 * item.font)
                return top + 0.5 * height + (baseline - half)
            attribute = "bottom"
        value = {"left": left, "right": left + width, "centerX": left + 0.5 * width, "width": width,
                 "top": top, "bottom": top + height, "centerY": top + 0.5 * height, "height": height}[attribute]
        if mirrored and attribute in ("left", "right", "centerX"):
            return self.canvas[0] - value
        return value

    def ancestor(self, a, b):
        def chain(item):
            if isinstance(item, tuple):
                item = item[1]
            if not isinstance(item, View):
                return []
            view = item.parent if item.kind == "guide" else item
            found = []
            while view is not None:
                found.append(view)
                view = view.parent
            return found
        others = chain(b)
        return next((v for v in chain(a) if v in others), "root")

    def solve(self):
        """Lays out as UIKit does with multi-line labels: solved, each multi-line label wrapped at the width it
        got (its preferredMaxLayoutWidth), solved again with the wrapped heights, until nothing changes."""
        for view in self.order:
            view.wrap_width = None
        frames = self.solve_once()
        for _ in range(8):
            changed = False
            for view in self.order:
                if view.kind not in ("label", "button") or view.number_of_lines == 1 or not view.text:
                    continue
                wanted = wrap_width(view.text, view.font, view.kind, frames[view.scene_name][2])
                if wanted != view.wrap_width:
                    before = view.intrinsic()
                    view.wrap_width = wanted
                    changed = changed or view.intrinsic() != before
            if not changed:
                break
            frames = self.solve_once()
        return frames

    def solve_once(self):
        solver = kiwi.Solver()
        rows = []
        for view in self.order:
            left, top, width, height = view.vars
            if view.autoresizing and view.kind != "guide":
                x, y, fw, fh = view.frame if view.frame else (0.0, 0.0, 0.0, 0.0)
                parent_left, parent_top = self.box(view.parent or "root")[:2]
                rows += [(left - parent_left - x, "==", REQUIRED), (top - parent_top - y, "==", REQUIRED),
                         (width - fw, "==", REQUIRED), (height - fh, "==", REQUIRED)]
                continue
            intrinsic = view.intrinsic() if view.kind != "guide" else None
            if intrinsic is not None:
                for size, value, hug, resist in ((width, intrinsic[0], view.hugging[0], view.compression[0]),
                                                 (height, intrinsic[1], view.hugging[1], view.compression[1])):
                    rows += [(size - value, "<=", hug), (size - value, ">=", resist)]
        for first, attr, relation, second, second_attr, multiplier, constant, level in self.active:
            mirrored = self.rtl and "leading" in (attr, second_attr) or self.rtl and "trailing" in (attr, second_attr)
            lhs = self.anchor(first, attr, mirrored)
            if second is None:
                rhs = constant
            else:
                rhs = multiplier * self.anchor(second, second_attr, mirrored) + constant
                if multiplier != 1 and attr not in ("width", "height"):
                    origin_item = self.ancestor(first, second)
                    horizontal = attr in ("left", "right", "leading", "trailing", "centerX")
                    origin = self.anchor(origin_item, ("leading" if mirrored else "left") if horizontal else "top",
                                         mirrored)
                    rhs = rhs + (1 - multiplier) * origin
            rows.append((lhs - rhs, relation, level))
        levels = sorted({level for _, _, level in rows if level < REQUIRED})
        # 1000 apart, or less with more than four levels, so that the highest stays under kiwi's required.
        base = 1000.0 if len(levels) <= 1 else min(1000.0, 1e9 ** (1 / (len(levels) - 1)))
        strengths = {level: base ** rank for rank, level in enumerate(levels)}
        for expression, relation, level in rows:
            made = {"==": expression == 0, ">=": expression >= 0, "<=": expression <= 0}[relation]
            solver.addConstraint(made | (kiwi.strength.required if level >= REQUIRED else strengths[level]))
        solver.updateVariables()
        return {view.scene_name: [round(v.value(), 9) + 0.0 for v in view.vars] for view in self.order}


def main():
    results = []
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        try:
            results.append({"frames": Export(text).solve()})
        except (Unreadable, KeyError, kiwi.UnsatisfiableConstraint) as error:
            results.append({"error": f"{type(error).__name__}: {error}"})
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
