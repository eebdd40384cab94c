"""UILabel's word wrapping with the scene language's fixed metrics, for the kiwi oracles (kiwi_scenes.py,
kiwi_export.py): written from UIKit's documented .byWordWrapping, not from the Swift implementation."""


def wrap(paragraph, per_line):
    """A paragraph (no "\\n") wrapped at `per_line` characters: as many words on a line as fit, the spaces at
    a break dropped, a word longer than a line cut between characters."""
    lines, line = [], ""
    for word in paragraph.split():
        if line and len(line) + 1 + len(word) <= per_line:
            line += " " + word
            continue
        if line:
            lines.append(line)
        while len(word) > per_line:
            lines.append(word[:per_line])
            word = word[per_line:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


def characters_per_line(width, font):
    """How many characters of 0.5 x font fit in a width: at least one."""
    return max(int(width / (0.5 * font) + 1e-9), 1)


def wrap_width(text, font, kind, width):
    """Where a multi-line label (or button) of this width wraps its text, as UIKit sets its
    preferredMaxLayoutWidth: the width inside a button's 12-point sides; None when the text fits unwrapped."""
    available = max(width - (24 if kind == "button" else 0), 0)
    unwrapped = max(len(p) for p in text.split("\n")) * 0.5 * font
    return None if unwrapped <= available + 1e-9 else available
