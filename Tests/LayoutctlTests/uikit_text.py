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
