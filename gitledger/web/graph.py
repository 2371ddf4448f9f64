"""A scope's supersedes graph as inline SVG, drawn here so the page needs no script and no
CDN: a node per decision, an arrow from a decision to the one that superseded it.

Each chain runs left to right (a decision's column is how many it superseded, in this
scope, before it); chains are stacked top to bottom, newest chain first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from markupsafe import Markup, escape

from gitledger.web.model import SiteEntry, shown

NODE_W, NODE_H, GAP_X, GAP_Y, PAD = 200, 46, 46, 16, 12
LABEL = 26


def supersedes_svg(decisions: Sequence[SiteEntry], href: Callable[[SiteEntry], str]) -> Markup:
    """The graph of ``decisions`` (one scope's), each node linking to ``href(node)``."""
    ids = {item.entry.id: item for item in decisions}
    column: dict[str, int] = {}

    def depth(item: SiteEntry) -> int:
        """How many decisions of the scope it superseded, one after another (a loop,
        which only a hand-edited ledger can hold, counts from where it closes)."""
        chain: list[SiteEntry] = []
        seen: set[str] = set()
        cursor: SiteEntry | None = item
        while (cursor is not None and cursor.entry.id not in seen
               and cursor.entry.id not in column):
            seen.add(cursor.entry.id)
            chain.append(cursor)
            cursor = ids.get(cursor.entry.supersedes or "")
        base = (column[cursor.entry.id] + 1
                if cursor is not None and cursor.entry.id in column else 0)
        for offset, found in enumerate(reversed(chain)):
            column[found.entry.id] = base + offset
        return column[item.entry.id]

    def root(item: SiteEntry) -> str:
        seen = {item.entry.id}
        while (behind := ids.get(item.entry.supersedes or "")) and behind.entry.id not in seen:
            item = behind
            seen.add(item.entry.id)
        return item.entry.id

    chains: dict[str, list[SiteEntry]] = {}
    for item in decisions:
        chains.setdefault(root(item), []).append(item)
    place: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    row = 0
    for first in sorted(chains, key=lambda key: ids[key].entry.created, reverse=True):
        last = row
        for item in sorted(chains[first], key=lambda i: (depth(i), i.entry.created, i.entry.seq)):
            col, at = depth(item), row
            while (col, at) in taken:  # two decisions superseding one: one above the other
                at += 1
            taken.add((col, at))
            place[item.entry.id] = (col, at)
            last = max(last, at)
        row = last + 1
    width = PAD * 2 + (max((c for c, _ in place.values()), default=0) + 1) * (NODE_W + GAP_X)
    height = PAD * 2 + (max((r for _, r in place.values()), default=0) + 1) * (NODE_H + GAP_Y)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="supersedes graph, {len(place)} decisions">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" '
             'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
             '<path d="M 0 0 L 10 5 L 0 10 z" fill="#7a8294"/></marker></defs>']
    for item in decisions:
        behind = ids.get(item.entry.supersedes or "")
        if behind is None:
            continue
        (x1, y1), (x2, y2) = _corner(*place[behind.entry.id]), _corner(*place[item.entry.id])
        parts.append(f'<path class="edge" data-from="{escape(behind.entry.id)}" '
                     f'data-to="{escape(item.entry.id)}" d="M {x1 + NODE_W} {y1 + NODE_H // 2} '
                     f'L {x2} {y2 + NODE_H // 2}"/>')
    for item in decisions:
        x, y = _corner(*place[item.entry.id])
        status = item.entry.status or "decided"
        title = shown(item.entry.text, 300)
        label = title if len(title) <= LABEL else title[:LABEL - 1] + "…"
        parts.append(
            f'<a href="{escape(href(item))}" class="node {escape(status)}" '
            f'data-id="{escape(item.entry.id)}"><title>{escape(title)}</title>'
            f'<rect x="{x}" y="{y}" width="{NODE_W}" height="{NODE_H}" rx="6"/>'
            f'<text x="{x + 8}" y="{y + 18}">{escape(item.entry.id)} · {escape(status)}</text>'
            f'<text x="{x + 8}" y="{y + 36}">{escape(label)}</text></a>')
    parts.append("</svg>")
    # Safe markup: every ledger text above went through escape().
    return Markup("".join(parts))


def _corner(col: int, row: int) -> tuple[int, int]:
    return PAD + col * (NODE_W + GAP_X), PAD + row * (NODE_H + GAP_Y)
