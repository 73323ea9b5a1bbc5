"""The pieces a replay step is made of, written as HTML for the pages or as Markdown for the scripts.

A step is a few blocks: a paragraph, a bulleted list, a table. :func:`html`
writes them as plain HTML (every text escaped), the one rendering of a step
the pages use, at build time and in the browser; :func:`markdown` writes the
same blocks as the text the scripts in ``examples/`` print.

>>> step = (Paragraph((Strong("Senna: Craft"), " (2 Ability vs no dice)")), Bullets(("Net: 1 Success",)),
...         Table(("After", "Wounds"), (("Senna's", Strong("5/12")),)))
>>> print(markdown(step), end="")
**Senna: Craft** (2 Ability vs no dice)
<BLANKLINE>
- Net: 1 Success
<BLANKLINE>
| After | Wounds |
| --- | --- |
| Senna's | **5/12** |
>>> print(html(step).replace("><", ">\\n<"))
<p>
<strong>Senna: Craft</strong> (2 Ability vs no dice)</p>
<ul>
<li>Net: 1 Success</li>
</ul>
<div class="voidref-table-scroll">
<table class="vr-step-table">
<thead>
<tr>
<th scope="col">After</th>
<th scope="col">Wounds</th>
</tr>
</thead>
<tbody>
<tr>
<td>Senna’s</td>
<td>
<strong>5/12</strong>
</td>
</tr>
</tbody>
</table>
</div>
"""

from __future__ import annotations

import html as _html
import re
from dataclasses import dataclass

__all__ = ["Strong", "Paragraph", "Bullets", "Table", "Block", "html", "markdown"]


@dataclass(frozen=True)
class Strong:
    """Text shown in bold (a figure that changed since the step before, who rolled what)."""

    text: str


Inline = str | Strong


@dataclass(frozen=True)
class Paragraph:
    """A paragraph: its pieces of text, some of them bold."""

    parts: tuple[Inline, ...]


@dataclass(frozen=True)
class Bullets:
    """A bulleted list, one line of text per item."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """A table: the column headings, then the rows (a cell may be bold)."""

    header: tuple[str, ...]
    rows: tuple[tuple[Inline, ...], ...]


Block = Paragraph | Bullets | Table


def _md(part: Inline) -> str:
    return f"**{part.text}**" if isinstance(part, Strong) else part


def _md_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return "".join(map(_md, block.parts))
    if isinstance(block, Bullets):
        return "\n".join(f"- {item}" for item in block.items)
    lines = [block.header, ("---",) * len(block.header)] + [tuple(map(_md, row)) for row in block.rows]
    return "\n".join(f"| {' | '.join(cells)} |" for cells in lines)


def markdown(blocks: tuple[Block, ...]) -> str:
    """The blocks as Markdown, one blank line between them."""
    return "\n\n".join(_md_block(b) for b in blocks) + "\n"


_OPENING_QUOTE = re.compile(r"(?<![\w.,;:!?)])'")


def _text(text: str) -> str:
    """Text escaped for HTML, with typographic apostrophes and quotes (as the pages' own text has)."""
    return _html.escape(_OPENING_QUOTE.sub("\u2018", text).replace("'", "\u2019"), quote=False)


def _inline(part: Inline) -> str:
    return f"<strong>{_text(part.text)}</strong>" if isinstance(part, Strong) else _text(part)


def _html_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return f"<p>{''.join(map(_inline, block.parts))}</p>"
    if isinstance(block, Bullets):
        return f"<ul>{''.join(f'<li>{_text(item)}</li>' for item in block.items)}</ul>"
    head = "".join(f'<th scope="col">{_text(cell)}</th>' for cell in block.header)
    body = "".join(f"<tr>{''.join(f'<td>{_inline(cell)}</td>' for cell in row)}</tr>" for row in block.rows)
    return (f'<div class="voidref-table-scroll"><table class="vr-step-table"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def html(blocks: tuple[Block, ...]) -> str:
    """The blocks as HTML: ``<p>``, ``<ul>``, and each table in a box that scrolls sideways when too wide."""
    return "\n".join(_html_block(b) for b in blocks)
