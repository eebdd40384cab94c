#!/usr/bin/env python3
"""Random scenes in the .layout language, laid out by kiwisolver, for the
differential test of `layoutctl solve` (SolveKiwiDifferentialTests.swift).

Each scene is written as text and lowered to linear constraints by this
script's own reading of the spec (SPEC.md 2.1, 2.2 and 3), independently of
the Swift lowering:

- every view and guide has four unknowns, left, top, width and height, in root
  coordinates; right = left + width, centerX = left + width / 2, leading =
  left, trailing = right, and likewise bottom and centerY;
- the root is (0, 0, canvas width, canvas height); `root.safeArea` is the
  canvas inset by `safearea TOP LEADING BOTTOM TRAILING`; `root.margins` is
  the safe area inset by 0 on top and bottom and, on leading and trailing, 16
  (20 when both sides of the canvas are at least 768 points: UIKit's regular width);
- text: a character advances 0.5 x font, a line is 1.2 x font high, and its
  baseline is 0.8 x font below its top; a label's intrinsic size is its
  text's; a button adds 12 on each side and 6 above and below (its baselines
  move down 6); the text is centred vertically in its view, as UIKit draws a
  label's text and a button's title, so firstBaseline and lastBaseline are
  the view's centre plus the offset of the first and the last line's
  baseline from the text's centre (at the intrinsic height: the top plus the
  line's baseline, plus 6 for a button); a plain view's baselines (the
  root's too) are its bottom edge;
- a label or button with `lines N` (N other than 1) is laid out, then its
  text is wrapped at the width it got (less a button's 24), at spaces, a word
  longer than a line cut between characters, a line holding floor(width /
  (0.5 x font)) characters, at most N lines (0: no limit; past N the last
  line is the rest, cut to one character less than a line, with "…"), and
  its intrinsic size is then its widest line by its lines; laid out again,
  until no label's wrapping changes (UIKit's preferredMaxLayoutWidth); a
  scene whose every intermediate layout is not unique is dropped;
- an intrinsic size (text, or `size W x H` on a plain view) adds, per axis,
  `size <= intrinsic @hugging` and `size >= intrinsic @compression`;
- `frame X Y W H` pins the frame in the parent's coordinates, and the view
  then has no intrinsic constraints;
- `a.attr REL m * b.attr + c @p` is `a.attr - (m * b.attr + c)` REL 0; a
  position related to a constant alone is in root coordinates; a position
  with a multiplier other than 1 is in the coordinates of the two items'
  nearest common ancestor view (a view is its own; a guide counts as the view
  that holds it; root's are root's), as UIKit evaluates it: with O that
  ancestor's left (or top) edge, `a.attr - O REL m * (b.attr - O) + c`;
- inactive constraints and inactive groups are not applied.

kiwi sums weighted errors where Auto Layout's priorities are lexicographic,
so the priority levels of a scene are mapped to kiwi strengths far apart, and
a scene is kept only when HiGHS (scipy's) confirms, level by level, that the
lexicographic optimum is unique and equal to kiwi's values: the method of
Tests/LayoutSolverTests/kiwi_differential.py. Scenes where a view would get a
negative width or height are dropped too: the spec does not say what a
negative size does.

Prints one JSON document: a list of cases {"text": scene text, "expected":
{"name": [x, y, width, height], ...}}. Statistics (verdicts, and how many
kept scenes cover each feature) go to stderr. Exits with 1 if a feature that
the test must cover is missing from the kept scenes. The same COUNT and SEED
always give the same output (kiwi's values are rounded to 1e-9, below which
they vary from run to run).

usage: kiwi_scenes.py COUNT SEED
"""
import json
import random
import sys

import kiwisolver as kiwi
import numpy as np

from uikit_text import characters_per_line, wrap, wrap_width

SYSTEM = 8.0
REQUIRED = 1000
PRIORITY_NAMES = {"required": 1000, "high": 750, "low": 250, "fitting": 50}

HORIZONTAL_POSITIONS = ["left", "right", "leading", "trailing", "centerX"]
VERTICAL_POSITIONS = ["top", "bottom", "centerY", "firstBaseline", "lastBaseline"]
ALL_ATTRIBUTES = HORIZONTAL_POSITIONS + VERTICAL_POSITIONS + ["width", "height"]

NAMES = ["card", "title", "subtitle", "badge", "avatar", "panel", "header", "footer", "icon", "spacer", "hint",
         "okButton", "body", "caption", "sidebar", "toolbar", "thumb", "detail", "note", "tag", "banner", "chip"]
# Longer texts for labels with `lines N`, so that some wrap.
PHRASES = ["Your premium source for all things banking!", "aaaa bbbb cccc dddd", "What is the capital of Vermont?",
           "Supercalifragilisticexpialidocious words", "Sign in to continue"]
WORDS = ["Hi", "Sign In", "Bankey", "OK", "Cancel", "Hello world", "a", "bb", "What is 7+7?", "Next", "x",
         "Lorem ipsum", "42", "Go", "Settings", "say \"cheese\"", "C:\\temp"]
DECORATIONS = ["color blue", "color systemTeal", "color #3366ff", "color #ff8800", "alpha 0", "alpha 0.5",
               "alpha 1", "hidden"]

# What the kept scenes must cover, all together.
REQUIRED_FEATURES = (
    ["kind:view", "kind:label", "kind:button", "kind:guide", "multiline-text", "font", "subview", "fixed-frame",
     "fixed-frame-in-constrained-parent", "plain-view-size", "multiplier-prefix", "multiplier-suffix", "divide",
     "system-constant", "named-constraint", "priority-number", "item:root", "item:safeArea", "item:margins",
     "setting:canvas", "setting:safearea", "hugging", "compression", "inactive-constraint", "inactive-group",
     "active-group", "inactive-would-matter", "soft-vs-intrinsic", "intrinsic-overridden", "position-constant",
     "constraint-in-view-block", "relation:==", "relation:>=", "relation:<=", "baseline-of-plain-view",
     "baseline-of-button", "baseline-of-label", "baseline-of-root", "hidden", "anchor-on-fixed-frame",
     "wrapped-text", "truncated-text"]
    + ["attribute:" + a for a in ALL_ATTRIBUTES]
    + ["priority:" + p for p in PRIORITY_NAMES])


def number(value):
    """A number as the language writes it: 12, 0.5, -3."""
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


# ---------------------------------------------------------------------------
# The scene model


class Item:
    """A view, label, button or guide, or one of the root's boxes (kind "root": root, safeArea, margins)."""

    def __init__(self, name, kind, parent=None, box=None):
        self.name = name
        self.kind = kind
        self.parent = parent        # an Item, or None when the parent is the root
        self.children = []
        self.box = box              # for the root's boxes: the constant (left, top, width, height)
        self.text = None
        self.font = None            # None: the default, 17
        self.size = None            # a plain view's intrinsic size (W, H)
        self.hugging = None         # (H, V); None: the default, 250 250
        self.compression = None     # (H, V); None: the default, 750 750
        self.frame = None           # (X, Y, W, H) in the parent's coordinates
        self.lines_limit = 1        # `lines N`
        self.wrap_width = None      # where the text wraps, once laid out (lines N, N != 1)
        self.decorations = []       # properties without effect on layout: colour, alpha, hidden
        self.constraints = []       # constraints written inside this view's block

    def reference(self):
        """How a constraint names the item."""
        return {"safeArea": "root.safeArea", "margins": "root.margins"}.get(self.name, self.name)

    def intrinsic(self):
        """The intrinsic (width, height), or None."""
        if self.frame is not None or self.kind in ("root", "guide"):
            return None
        if self.kind in ("label", "button"):
            font = 17.0 if self.font is None else self.font
            lines = self.text_lines()
            width = max(len(line) for line in lines) * 0.5 * font
            height = len(lines) * 1.2 * font
            return (width + 24, height + 12) if self.kind == "button" else (width, height)
        return self.size

    def text_lines(self):
        """The text's lines: at "\n", and wrapped at `wrap_width` for `lines N`, N != 1."""
        paragraphs = self.text.split("\n")
        if self.lines_limit == 1 or self.wrap_width is None:
            return paragraphs
        font = 17.0 if self.font is None else self.font
        per_line = characters_per_line(self.wrap_width, font)
        lines = []
        for paragraph in paragraphs:
            lines += wrap(paragraph, per_line)
        if 0 < self.lines_limit < len(lines):
            rest = " ".join(lines[self.lines_limit - 1:])
            lines = lines[:self.lines_limit - 1] + [rest[:max(per_line - 1, 0)].rstrip(" ") + "…"]
        return lines

    def baseline_offsets(self):
        """(first, last) baselines from the view's vertical centre, the text being centred in the view;
        None for a plain view (its bottom edge)."""
        if self.kind not in ("label", "button"):
            return None
        font = 17.0 if self.font is None else self.font
        lines = len(self.text_lines())
        half_text = lines * 1.2 * font / 2
        return (0.8 * font - half_text, (lines - 1) * 1.2 * font + 0.8 * font - half_text)

    def has_baselines(self):
        """Guides have none: the layout guides root.safeArea and root.margins, and `guide` items."""
        return self.kind in ("view", "label", "button") or self.name == "root"


class Constraint:
    """`first.attr RELATION multiplier * second.second_attr + constant @priority`; no second: a constant."""

    def __init__(self, first, attr, relation, second=None, second_attr=None, multiplier=1.0, constant=0.0,
                 priority=REQUIRED):
        self.first, self.attr, self.relation = first, attr, relation
        self.second, self.second_attr = second, second_attr
        self.multiplier, self.constant, self.priority = multiplier, constant, priority
        self.name = None
        self.inactive = False       # `inactive NAME: …`
        self.features = set()       # what it covers, if active


# ---------------------------------------------------------------------------
# Writing constraints as text


class Writer:
    """Chooses the surface syntax of a constraint, and notes the syntax in its features."""

    def __init__(self, rng):
        self.rng = rng
        self.features = set()

    def constant(self, value, negated=False):
        """An expression for the constant `value` >= 0, sometimes with `system`; parenthesised when it is a
        sum to be `negated` (after a minus)."""
        rng = self.rng
        if value > 0 and value % SYSTEM == 0 and rng.random() < 0.6:
            self.features.add("system-constant")
            k = int(value // SYSTEM)
            return "system" if k == 1 else rng.choice([f"{k} * system", f"system * {k}"])
        if value > SYSTEM and rng.random() < 0.25:
            self.features.add("system-constant")
            rest = number(value - SYSTEM)
            return rng.choice([f"(system + {rest})", f"({rest} + system)"] + ([] if negated else [f"system + {rest}"]))
        return number(value)

    def priority(self, priority):
        """The ` @…` after a constraint, or '' for the default, required."""
        rng = self.rng
        if priority == REQUIRED and rng.random() < 0.85:
            return ""
        names = [name for name, value in PRIORITY_NAMES.items() if value == priority]
        if names and rng.random() < 0.75:
            self.features.add("priority:" + names[0])
            return " @" + names[0]
        self.features.add("priority-number")
        return " @" + number(priority)

    def right_side(self, c):
        rng = self.rng
        if c.second is None:
            return "-" + self.constant(-c.constant, negated=True) if c.constant < 0 else self.constant(c.constant)
        anchor = f"{c.second.reference()}.{c.second_attr}"
        m = c.multiplier
        if m == 1:
            term = anchor
        elif m in (0.5, 0.25) and rng.random() < 0.4:
            self.features.add("divide")
            term = f"{anchor} / {number(1 / m)}"
        elif rng.random() < 0.5:
            self.features.add("multiplier-prefix")
            term = f"{number(m)} * {anchor}"
        else:
            self.features.add("multiplier-suffix")
            term = f"{anchor} * {number(m)}"
        if c.constant == 0:
            return term
        if c.constant > 0 and rng.random() < 0.1:
            return f"{self.constant(c.constant)} + {term}"
        if c.constant > 0:
            return f"{term} + {self.constant(c.constant)}"
        return f"{term} - {self.constant(-c.constant, negated=True)}"

    def write(self, c):
        self.features = c.features
        prefix = ("inactive " if c.inactive else "") + (c.name + ": " if c.name else "")
        return f"{prefix}{c.first.reference()}.{c.attr} {c.relation} {self.right_side(c)}{self.priority(c.priority)}"


# ---------------------------------------------------------------------------
# Random scenes


class Scene:
    def __init__(self):
        self.settings = []          # `canvas …`, `safearea …` lines
        self.roots = []             # the root, root.safeArea, root.margins
        self.items = []             # views and guides in declaration order (a parent before its subviews)
        self.top_level = []         # constraints written at the top level
        self.groups = []            # [name or None, inactive, [constraints]]
        self.features = set()       # what the scene covers outside its active constraints

    def active_constraints(self):
        found = [c for item in self.items for c in item.constraints if not c.inactive]
        found += [c for c in self.top_level if not c.inactive]
        return found + [c for _, inactive, members in self.groups if not inactive for c in members]

    def inactive_constraints(self):
        found = [c for item in self.items for c in item.constraints if c.inactive]
        found += [c for c in self.top_level if c.inactive]
        return found + [c for _, inactive, members in self.groups if inactive for c in members]


def size_share(item, attr):
    """How much of the size a position attribute adds to the item's left or top: 0, 0.5 or 1."""
    if attr in ("left", "leading", "top"):
        return 0.0
    if attr in ("right", "trailing", "bottom"):
        return 1.0
    if attr in ("centerX", "centerY"):
        return 0.5
    return 1.0 if item.baseline_offsets() is None else 0.0      # a baseline


class Generator:
    """Makes random scenes whose views are meant to be determined; the LP check has the last word."""

    def __init__(self, rng):
        self.rng = rng

    def scene(self):
        rng = self.rng
        s = self.s = Scene()
        self.names = iter(rng.sample(NAMES, len(NAMES)))
        self.constraint_count = 0
        canvas, insets = (375.0, 667.0), (0.0, 0.0, 0.0, 0.0)
        if rng.random() < 0.5:
            canvas = rng.choice([(320.0, 568.0), (414.0, 896.0), (300.0, 500.0), (768.0, 1024.0), (200.5, 300.0)])
            s.settings.append(f"canvas {number(canvas[0])} x {number(canvas[1])}")
            s.features.add("setting:canvas")
        if rng.random() < 0.5:
            insets = rng.choice([(44.0, 0.0, 34.0, 0.0), (20.0, 0.0, 0.0, 0.0), (47.0, 10.0, 21.0, 12.0),
                                 (0.0, 44.0, 21.0, 44.0)])
            s.settings.append("safearea " + " ".join(number(v) for v in insets))
            s.features.add("setting:safearea")
        (w, h), (t, l, b, r) = canvas, insets
        # UIKit's root margins: 0 on top and bottom; 20 on the sides in a regular width (both sides of the
        # canvas at least 768 points), else 16.
        side = 20.0 if w >= 768 and h >= 768 else 16.0
        s.roots = [Item("root", "root", box=(0.0, 0.0, w, h)),
                   Item("safeArea", "root", box=(l, t, w - l - r, h - t - b)),
                   Item("margins", "root", box=(l + side, t, w - l - r - 2 * side, h - t - b))]

        for _ in range(rng.randint(2, 4)):
            item = self.new_item(None)
            if item.kind == "view" and rng.random() < 0.45:
                for _ in range(rng.randint(1, 2)):
                    self.new_item(item)
        # Each item's position and size on each axis, then a few more constraints.
        for item in s.items:
            if item.frame is None:
                self.determine(item, "h")
                self.determine(item, "v")
        for _ in range(rng.randint(0, 3)):
            soft = rng.random() < 0.75
            self.place(self.extra_constraint(rng.choice(s.items), soft, relation=None if soft else "inequality"))
        # Inactive constraints and groups, which must change nothing: they mostly contradict the others.
        if rng.random() < 0.4:
            for _ in range(rng.randint(1, 2)):
                c = self.extra_constraint(rng.choice(s.items), soft=rng.random() < 0.2, conflicting=True)
                c.inactive, c.name = True, self.constraint_name()
                self.place(c)
        if rng.random() < 0.3:
            members = [self.extra_constraint(rng.choice(s.items), soft=rng.random() < 0.2, conflicting=True)
                       for _ in range(rng.randint(1, 3))]
            members = [c for c in members if c.first.frame is None]
            if members:
                s.groups.append([self.group_name(), True, members])
        for c in s.inactive_constraints():
            s.features.add("inactive-group" if not c.inactive else "inactive-constraint")
        return s

    def constraint_name(self):
        self.constraint_count += 1
        return f"c{self.constraint_count}"

    def group_name(self):
        return f"g{len(self.s.groups) + 1}"

    def new_item(self, parent):
        rng, s = self.rng, self.s
        kind = rng.choices(["view", "label", "button", "guide"], [4, 4, 2, 1.5])[0]
        item = Item(next(self.names), kind, parent)
        s.features.add("kind:" + kind)
        if parent is not None:
            parent.children.append(item)
            s.features.add("subview")
        if kind in ("label", "button"):
            lines = rng.choices([1, 2, 3], [6, 3, 1])[0]
            item.text = "\n".join(rng.choice(WORDS) for _ in range(lines))
            if lines > 1:
                s.features.add("multiline-text")
            if rng.random() < 0.25:
                item.lines_limit = rng.choice([0, 0, 2])
                item.text = rng.choice(PHRASES)
            if rng.random() < 0.4:
                item.font = float(rng.choice([10, 12, 14, 20, 24, 34, 15.5]))
                s.features.add("font")
        if kind == "view" and rng.random() < 0.35:
            item.size = (float(rng.choice([0, 20, 44, 60, 100, 37.5])), float(rng.choice([0, 10, 30, 44, 80])))
            s.features.add("plain-view-size")
        if kind == "guide":
            s.items.append(item)
            return item
        if rng.random() < 0.2:
            item.hugging = tuple(rng.choice([1, 100, 249, 251, 300, 500, 760, 1000]) for _ in range(2))
            s.features.add("hugging")
        if rng.random() < 0.2:
            item.compression = tuple(rng.choice([1, 200, 249, 500, 740, 751, 999, 1000]) for _ in range(2))
            s.features.add("compression")
        # A fixed frame, more often on subviews, so that some sit in constrained parents.
        if rng.random() < (0.3 if parent is not None else 0.1):
            item.frame = (float(rng.randint(-10, 60)), float(rng.randint(-10, 80)),
                          float(rng.choice([0, 30, 50, 120])), float(rng.choice([10, 20, 44])))
            s.features.add("fixed-frame")
            if parent is not None and parent.frame is None:
                s.features.add("fixed-frame-in-constrained-parent")
        for _ in range(rng.choices([0, 1, 2], [6, 3, 1])[0]):
            decoration = rng.choice(DECORATIONS)
            if decoration.split()[0] not in [d.split()[0] for d in item.decorations]:
                item.decorations.append(decoration)
                if decoration == "hidden":
                    s.features.add("hidden")
        s.items.append(item)
        return item

    # --- anchors and constraints

    def target(self, item, axis):
        """A random anchor (item, attr) on an axis ("h", "v" or "size") of the root's boxes or an earlier item."""
        rng = self.rng
        if item.parent is not None and rng.random() < 0.4:
            other = item.parent
        else:
            earlier = self.s.items[:self.s.items.index(item)]
            other = rng.choice(self.s.roots * 2 + earlier)
        if axis == "h":
            attrs = HORIZONTAL_POSITIONS
        elif axis == "v":
            attrs = ["top", "bottom", "centerY"] + (VERTICAL_POSITIONS[3:] if other.has_baselines() else [])
        else:
            attrs = ["width", "height"]
        return other, rng.choice(attrs)

    def positions(self, item, axis):
        if axis == "h":
            return HORIZONTAL_POSITIONS
        return VERTICAL_POSITIONS if item.has_baselines() else VERTICAL_POSITIONS[:3]

    def pin(self, item, attr, axis, priority=REQUIRED, relation="=="):
        """`item.attr REL [m *] other.attr ± constant`, or a constant alone (root coordinates)."""
        rng = self.rng
        if rng.random() < 0.12:
            c = Constraint(item, attr, relation, constant=float(rng.randint(0, 300)), priority=priority)
            c.features.add("position-constant")
            return c
        other, other_attr = self.target(item, axis)
        m = rng.choice([0.5, 2.0]) if rng.random() < 0.08 else 1.0
        # Insets and spacings point inwards from a near edge and outwards from a far one, so that sizes
        # mostly come out positive.
        share = size_share(item, attr)
        magnitude = float(rng.choice([0, 0, 8, 16, 20, 24, 12.5, 40]))
        sign = 1 if share == 0 else -1 if share == 1 else rng.choice([1, -1])
        return Constraint(item, attr, relation, other, other_attr, m, sign * magnitude, priority)

    def size(self, item, axis, priority=REQUIRED, relation="=="):
        """`item.width REL …`: a constant, or a multiple of a size of the root's boxes or an earlier item."""
        rng = self.rng
        attr = "width" if axis == "h" else "height"
        if rng.random() < 0.45:
            constant = float(rng.choice([20, 44, 50, 100, 120, 33.5, 200]))
            return Constraint(item, attr, relation, constant=constant, priority=priority)
        other, other_attr = self.target(item, "size")
        m = rng.choice([1.0, 0.5, 0.25, 2.0, 1.5])
        constant = float(rng.choice([0, 0, -16, 8, 10, -32]))
        return Constraint(item, attr, relation, other, other_attr, m, constant, priority)

    def soft_priority(self):
        return self.rng.choice([750, 250, 50, 1, 100, 300, 500, 700, 760, 999, 251, 749])

    def determine(self, item, axis):
        """Constraints meant to determine the item's position and size on an axis."""
        rng = self.rng
        has_intrinsic = item.intrinsic() is not None
        positions = self.positions(item, axis)
        made = []
        plan = rng.choices(["two-positions", "position-and-size", "intrinsic", "competing", "soft"],
                           [3, 3, 3 if has_intrinsic else 0, 3, 1])[0]
        if plan == "two-positions":
            a = rng.choice(positions)
            b = rng.choice([p for p in positions if size_share(item, p) != size_share(item, a)])
            made += [self.pin(item, a, axis), self.pin(item, b, axis)]
        elif plan == "position-and-size":
            made += [self.pin(item, rng.choice(positions), axis), self.size(item, axis)]
        elif plan == "intrinsic":
            made.append(self.pin(item, rng.choice(positions), axis))
        elif plan == "competing":
            # For the position, a required bound and a soft preference; for the size, a soft constraint
            # against the intrinsic size, or a soft size with a required bound.
            a = rng.choice(positions)
            made.append(self.pin(item, a, axis, relation=rng.choice([">=", "<="])))
            made.append(self.pin(item, a, axis, priority=self.soft_priority()))
            made.append(self.size(item, axis, self.soft_priority(), rng.choice(["==", "==", ">=", "<="])))
            if not has_intrinsic:
                made.append(self.size(item, axis, relation=rng.choice([">=", "<="])))
        else:
            # Both from soft constraints only.
            made.append(self.pin(item, rng.choice(positions), axis, priority=self.soft_priority()))
            made.append(self.size(item, axis, priority=self.soft_priority()))
        for c in made:
            if has_intrinsic and c.attr in ("width", "height") and c.priority < REQUIRED:
                c.features.add("soft-vs-intrinsic")
            self.place(c)

    def extra_constraint(self, item, soft, conflicting=False, relation=None):
        """A pin or a size on the item, at a random relation ("inequality": >= or <=) and priority."""
        rng = self.rng
        axis = rng.choice(["h", "v", "size"])
        if relation is None:
            relation = rng.choice(["==", ">=", "<="])
        elif relation == "inequality":
            relation = rng.choice([">=", "<="])
        priority = self.soft_priority() if soft else REQUIRED
        if axis == "size":
            c = self.size(item, rng.choice(["h", "v"]), priority, relation)
        else:
            c = self.pin(item, rng.choice(self.positions(item, axis)), axis, priority, relation)
        if conflicting:
            c.constant += rng.choice([37, -53, 101])
        return c

    def place(self, c):
        """Puts a constraint at the top level, in a view's block or in a group; maybe names it."""
        rng, s = self.rng, self.s
        if c.first.frame is not None:
            return          # a fixed frame takes no part in constraint solving: nothing constrains it
        if c.name is None and rng.random() < 0.2:
            c.name = self.constraint_name()
        if c.inactive:
            s.top_level.append(c)
            return
        # A view's block may hold the constraint when the view holds (or is) the items that it names.
        hosts = [v for v in s.items if v.children and all(x is None or x.kind == "root" or x is v or inside(x, v)
                                                          for x in (c.first, c.second))]
        roll = rng.random()
        if hosts and roll < 0.35:
            rng.choice(hosts).constraints.append(c)
            c.features.add("constraint-in-view-block")
        elif roll < 0.5:
            c.features.add("active-group")
            open_groups = [g for g in s.groups if not g[1]]
            if open_groups and rng.random() < 0.5:
                rng.choice(open_groups)[2].append(c)
            else:
                s.groups.append([self.group_name() if rng.random() < 0.6 else None, False, [c]])
        else:
            s.top_level.append(c)


def common_ancestor(a, b):
    """The nearest view holding both items (a view holds itself; a guide is held by its view), or None: root."""
    def chain(item):
        views = [] if item.kind in ("guide", "root") else [item]
        if item.kind == "root":
            return views
        while item.parent is not None:
            item = item.parent
            views.append(item)
        return views
    others = chain(b)
    return next((view for view in chain(a) if any(view is other for other in others)), None)


def inside(item, view):
    """Whether `item` is a subview of `view`, at any depth."""
    while item.parent is not None:
        if item.parent is view:
            return True
        item = item.parent
    return False


def write_scene(s, rng):
    """The scene as text."""
    writer = Writer(rng)
    out = ["# a random scene for the kiwi differential test"] + s.settings

    def declaration(item):
        words = [item.kind, item.name] + ([json.dumps(item.text)] if item.text is not None else [])
        props = list(item.decorations)       # JSON's escapes \n \" \\ are the language's too
        if item.font is not None:
            props.append("font " + number(item.font))
        if item.lines_limit != 1:
            props.append(f"lines {item.lines_limit}")
        if item.size is not None:
            props.append(f"size {number(item.size[0])} x {number(item.size[1])}")
        if item.hugging is not None:
            props.append("hugging " + " ".join(number(v) for v in item.hugging))
        if item.compression is not None:
            props.append("compression " + " ".join(number(v) for v in item.compression))
        if item.frame is not None:
            props.append("frame " + " ".join(number(v) for v in item.frame))
        rng.shuffle(props)
        return " ".join(words + props)

    def emit(item, indent):
        if not item.children and not item.constraints:
            out.append(indent + declaration(item))
            return
        out.append(indent + declaration(item) + " {")
        for child in item.children:
            emit(child, indent + "    ")
        for c in item.constraints:
            out.append(indent + "    " + writer.write(c))
        out.append(indent + "}")

    for item in s.items:
        if item.parent is None:
            emit(item, "")
    pending = list(s.top_level)
    while pending:
        if len(pending) >= 2 and rng.random() < 0.15:
            out.append(writer.write(pending.pop(0)) + "; " + writer.write(pending.pop(0)))
        else:
            out.append(writer.write(pending.pop(0)))
    for name, inactive, members in s.groups:
        out.append("constraints" + (f" {name}" if name else "") + (" inactive" if inactive else "") + " {")
        out += ["    " + writer.write(c) for c in members]
        out.append("}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Lowering: linear forms over the unknowns, four per item (left, top, width, height)


def combine(*terms):
    """The sum of (factor, (form, constant)) terms; a form maps an unknown's index to its coefficient."""
    form, constant = {}, 0.0
    for factor, (f, c) in terms:
        for k, v in f.items():
            form[k] = form.get(k, 0.0) + factor * v
        constant += factor * c
    return form, constant


class Lowering:
    def __init__(self, scene):
        self.scene = scene
        self.index = {item.name: 4 * i for i, item in enumerate(scene.items)}
        self.count = 4 * len(scene.items)

    def box(self, item):
        """(left, top, width, height) as (form, constant) pairs."""
        if item.kind == "root":
            return [({}, v) for v in item.box]
        i = self.index[item.name]
        return [({i + k: 1.0}, 0.0) for k in range(4)]

    def attribute(self, item, attr):
        left, top, width, height = self.box(item)
        forms = {"left": left, "leading": left, "right": combine((1, left), (1, width)),
                 "trailing": combine((1, left), (1, width)), "centerX": combine((1, left), (0.5, width)),
                 "top": top, "bottom": combine((1, top), (1, height)), "centerY": combine((1, top), (0.5, height)),
                 "width": width, "height": height}
        if attr in forms:
            return forms[attr]
        offsets = item.baseline_offsets()
        if offsets is None:
            return forms["bottom"]                        # a plain view's baselines are its bottom edge
        return combine((1, top), (0.5, height), (1, ({}, offsets[0] if attr == "firstBaseline" else offsets[1])))

    def row(self, c):
        """A constraint as (form, constant, relation, priority), meaning form + constant REL 0."""
        first = self.attribute(c.first, c.attr)
        second = ({}, c.constant)
        if c.second is not None:
            second = combine((c.multiplier, self.attribute(c.second, c.second_attr)), (1, second))
            ancestor = common_ancestor(c.first, c.second)
            if c.multiplier != 1 and c.attr not in ("width", "height") and ancestor is not None:
                left, top, _, _ = self.box(ancestor)
                origin = left if c.attr in HORIZONTAL_POSITIONS else top
                second = combine((1, second), (1 - c.multiplier, origin))
        form, constant = combine((1, first), (-1, second))
        return form, constant, c.relation, float(c.priority)

    def rows(self, constraints):
        """The scene's rows: fixed frames, intrinsic sizes, then the given constraints."""
        rows = []
        for item in self.scene.items:
            i = self.index[item.name]
            if item.frame is not None:
                parent = self.box(item.parent if item.parent is not None else self.scene.roots[0])
                for k in range(4):
                    origin = parent[k] if k < 2 else ({}, 0.0)
                    form, constant = combine((1, ({i + k: 1.0}, -item.frame[k])), (-1, origin))
                    rows.append((form, constant, "==", float(REQUIRED)))
            elif item.intrinsic() is not None:
                hugging, compression = item.hugging or (250, 250), item.compression or (750, 750)
                for axis, value in enumerate(item.intrinsic()):
                    rows.append(({i + 2 + axis: 1.0}, -value, "<=", float(hugging[axis])))
                    rows.append(({i + 2 + axis: 1.0}, -value, ">=", float(compression[axis])))
        return rows + [self.row(c) for c in constraints]


# ---------------------------------------------------------------------------
# kiwi, and the lexicographic check


def kiwi_strengths(rows):
    """kiwi strengths for the priority levels below required: 1000 apart (less with more than four levels),
    the highest still under kiwi's required."""
    levels = sorted({p for _, _, _, p in rows if p < REQUIRED})
    base = 1000.0 if len(levels) <= 1 else min(1000.0, 1e9 ** (1 / (len(levels) - 1)))
    return {p: base ** rank for rank, p in enumerate(levels)}


def kiwi_solve(count, rows):
    """kiwi's values of the unknowns, or None when kiwi finds the required constraints unsatisfiable."""
    xs = [kiwi.Variable(f"x{k}") for k in range(count)]
    strengths = kiwi_strengths(rows)
    solver = kiwi.Solver()
    for form, constant, relation, priority in rows:
        e = kiwi.Expression(tuple(kiwi.Term(xs[k], v) for k, v in sorted(form.items())), constant)
        made = {"==": e == 0, ">=": e >= 0, "<=": e <= 0}[relation]
        try:
            solver.addConstraint(made | (kiwi.strength.required if priority >= REQUIRED else strengths[priority]))
        except kiwi.UnsatisfiableConstraint:
            return None
    solver.updateVariables()
    return [x.value() for x in xs]


class LinearProgram:
    """Rows lower <= a.x <= upper over columns with bounds, minimised for one cost after another with HiGHS.

    Uses the HiGHS object inside scipy, kept between solves (scipy's `linprog` costs about 4 ms a call in
    Python, ten times the solve), or `linprog` when this scipy does not have it.
    """

    def __init__(self, lower, upper):
        self.columns = len(lower)
        self.lower, self.upper = list(lower), list(upper)
        self.rows = []              # (dense row, lower, upper)
        try:
            from scipy.optimize._highspy import _core
            self.core = _core
            self.highs = _core._Highs()
            self.highs.setOptionValue("output_flag", False)
            inf = _core.kHighsInf
            self.highs.addVars(self.columns, np.array([inf * -1 if v is None else v for v in lower], float),
                               np.array([inf if v is None else v for v in upper], float))
        except (ImportError, AttributeError):
            self.highs = None

    def add_row(self, row, lower, upper):
        self.rows.append((row, lower, upper))
        if self.highs is not None:
            inf = self.core.kHighsInf
            nonzero = np.flatnonzero(row)
            self.highs.addRows(1, np.array([-inf if lower is None else lower]),
                               np.array([inf if upper is None else upper]), len(nonzero),
                               np.array([0], np.int32), nonzero.astype(np.int32), row[nonzero].astype(float))

    def minimize(self, cost):
        """(status, value, x): status "optimal", "infeasible" or "unbounded"."""
        if self.highs is not None:
            self.highs.changeColsCost(self.columns, np.arange(self.columns, dtype=np.int32), cost.astype(float))
            self.highs.run()
            status = self.highs.getModelStatus()
            statuses = self.core.HighsModelStatus
            if status == statuses.kOptimal:
                return "optimal", self.highs.getInfo().objective_function_value, \
                    np.array(self.highs.getSolution().col_value)
            return ("infeasible" if status == statuses.kInfeasible else "unbounded"), None, None
        from scipy.optimize import linprog
        a_ub, b_ub, a_eq, b_eq = [], [], [], []
        for row, lower, upper in self.rows:
            if lower is not None and lower == upper:
                a_eq.append(row)
                b_eq.append(lower)
                continue
            if upper is not None:
                a_ub.append(row)
                b_ub.append(upper)
            if lower is not None:
                a_ub.append(-row)
                b_ub.append(-lower)
        # Free columns get a far box: the HiGHS in older scipy (1.10, Debian 12's) aborts the process on
        # some unbounded programs. An optimum as far as the box means unbounded (the costs here are 0,
        # levels' errors, or one column's ±1).
        box = 1e7
        bounds = [(-box if lo is None else lo, box if hi is None else hi) for lo, hi in zip(self.lower, self.upper)]
        r = linprog(cost, A_ub=np.array(a_ub) if a_ub else None, b_ub=b_ub or None,
                    A_eq=np.array(a_eq) if a_eq else None, b_eq=b_eq or None,
                    bounds=bounds, method="highs")
        if r.status == 0:
            return ("unbounded", None, None) if abs(r.fun) >= box / 2 else ("optimal", r.fun, r.x)
        return ("infeasible" if r.status == 2 else "unbounded"), None, None


def lexicographic_check(count, rows, values):
    """'ok' when the lexicographic optimum is unique and equal to kiwi's `values`, else why not."""
    soft = [r for r in rows if r[3] < REQUIRED]
    width = count + 2 * len(soft)
    levels = sorted({r[3] for r in soft}, reverse=True)
    costs = {p: np.zeros(width) for p in levels}
    lp = LinearProgram([None] * count + [0.0] * (width - count), [None] * width)
    j = count
    for form, constant, relation, priority in rows:
        row = np.zeros(width)
        for k, v in form.items():
            row[k] += v
        if priority < REQUIRED:
            # One error column per side: form + constant - e+ + e- REL 0, each side costing 1 at its level.
            row[j], row[j + 1] = -1, 1
            costs[priority][j] = costs[priority][j + 1] = 1
            j += 2
        lp.add_row(row, -constant if relation in ("==", ">=") else None,
                   -constant if relation in ("==", "<=") else None)
    if values is None:
        status, _, _ = lp.minimize(np.zeros(width))
        return "unsatisfiable" if status == "infeasible" else "kiwi-failed"
    # One level at a time, highest first; each optimum bounds the levels below.
    status, _, optimum = lp.minimize(np.zeros(width))
    for p in levels:
        status, best, optimum = lp.minimize(costs[p])
        if status != "optimal":
            return status
        lp.add_row(costs[p], None, best + 1e-9)
    if status != "optimal":
        return status
    # Each unknown's range over the optimal face. Those fixed by required equalities need no LP.
    fixed = fixed_by_equalities(rows)
    for k in range(count):
        if k not in fixed:
            e = np.zeros(width)
            e[k] = 1
            status_lo, lo, _ = lp.minimize(e)
            status_hi, hi, _ = lp.minimize(-e)
            if status_lo != "optimal" or status_hi != "optimal" or -hi - lo > 1e-7:
                return "not-unique"
        if abs(optimum[k] - values[k]) > 1e-6:
            return "weighted-differs"
    return "ok"


def fixed_by_equalities(rows):
    """The unknowns that required equalities fix by themselves, one after another."""
    fixed = set()
    changed = True
    while changed:
        changed = False
        for form, _, relation, priority in rows:
            if relation == "==" and priority >= REQUIRED:
                open_ = [k for k, v in form.items() if v != 0 and k not in fixed]
                if len(open_) == 1:
                    fixed.add(open_[0])
                    changed = True
    return fixed


# ---------------------------------------------------------------------------


def coverage(scene, lowering, values):
    """What a kept scene covers: the scene's own features, its active constraints', and what the solution
    shows (an intrinsic size overridden, inactive constraints that would have changed the layout)."""
    features = set(scene.features)
    for c in scene.active_constraints():
        features |= c.features
        features.add("relation:" + c.relation)
        if c.name:
            features.add("named-constraint")
        for item, attr in ((c.first, c.attr), (c.second, c.second_attr)):
            if item is None:
                continue
            features.add("attribute:" + attr)
            if item.kind == "root":
                features.add("item:" + item.name)
            if item.frame is not None:
                features.add("anchor-on-fixed-frame")
            if attr in ("firstBaseline", "lastBaseline"):
                features.add("baseline-of-" + ("root" if item.kind == "root" else
                                               "plain-view" if item.kind == "view" else item.kind))
    for item in scene.items:
        i = lowering.index[item.name]
        if item.wrap_width is not None and item.text is not None:
            lines = item.text_lines()
            if len(lines) > len(item.text.split("\n")):
                features.add("wrapped-text")
            if lines[-1].endswith("…"):
                features.add("truncated-text")
        intrinsic = item.intrinsic()
        if intrinsic and max(abs(values[i + 2] - intrinsic[0]), abs(values[i + 3] - intrinsic[1])) > 1e-6:
            features.add("intrinsic-overridden")
    inactive = scene.inactive_constraints()
    if inactive:
        other = kiwi_solve(lowering.count, lowering.rows(scene.active_constraints() + inactive))
        if other is None or max(abs(a - b) for a, b in zip(values, other)) > 1e-6:
            features.add("inactive-would-matter")
    return features


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    generator = Generator(rng)
    cases, verdicts, covered = [], {}, {}
    while len(cases) < count:
        scene = generator.scene()
        text = write_scene(scene, rng)
        lowering = Lowering(scene)
        rows = lowering.rows(scene.active_constraints())
        values = kiwi_solve(lowering.count, rows)
        verdict = lexicographic_check(lowering.count, rows, values)
        # Multi-line labels: wrapped at the widths they got, laid out again, until nothing changes.
        for _ in range(8):
            if verdict != "ok":
                break
            changed = False
            for item in scene.items:
                if item.lines_limit == 1 or item.frame is not None or item.kind not in ("label", "button"):
                    continue
                font = 17.0 if item.font is None else item.font
                wanted = wrap_width(item.text, font, item.kind, values[lowering.index[item.name] + 2])
                if wanted != item.wrap_width:
                    before = item.intrinsic()
                    item.wrap_width = wanted
                    changed = changed or item.intrinsic() != before
            if not changed:
                break
            rows = lowering.rows(scene.active_constraints())
            values = kiwi_solve(lowering.count, rows)
            verdict = lexicographic_check(lowering.count, rows, values)
        if verdict == "ok" and any(values[k] < -1e-9 for k in range(lowering.count) if k % 4 >= 2):
            verdict = "negative-size"
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
        if verdict != "ok":
            continue
        for feature in coverage(scene, lowering, values):
            covered[feature] = covered.get(feature, 0) + 1
        # Rounded to 1e-9 (kiwi orders some maps by address, so its last bits vary from run to run); no -0.
        expected = {}
        for item in scene.items:
            i = lowering.index[item.name]
            expected[item.name] = [round(v, 9) + 0.0 for v in values[i:i + 4]]
        cases.append({"text": text, "expected": expected})
    print(f"kiwi_scenes: tried {sum(verdicts.values())} scenes, kept {len(cases)}; "
          f"verdicts {json.dumps(verdicts, sort_keys=True)}", file=sys.stderr)
    print("kiwi_scenes: kept scenes per feature " + json.dumps(dict(sorted(covered.items()))), file=sys.stderr)
    missing = [f for f in REQUIRED_FEATURES if f not in covered]
    if missing:
        print("kiwi_scenes: error: no kept scene covers " + ", ".join(missing), file=sys.stderr)
        sys.exit(1)
    json.dump(cases, sys.stdout)


if __name__ == "__main__":
    main()
