"""A scope's supersedes graph as inline SVG, drawn here so the page needs no script and no
CDN: a node per decision, an arrow from a decision to the one that superseded it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from markupsafe import Markup, escape

from gitledger.web.model import SiteEntry, shown, status_class

NODE_W, NODE_H, GAP_X, GAP_Y, PAD = 200, 46, 46, 16, 12
LABEL = 26


def supersedes_svg(decisions: Sequence[SiteEntry], href: Callable[[SiteEntry], str]) -> Markup:
    """The graph of ``decisions`` (one scope's), each node linking to ``href(node)``."""
    by_ref_id = {(item.ref, item.entry.id): item for item in decisions}
    by_id: dict[str, SiteEntry] = {}
    for item in decisions:
        by_id.setdefault(item.entry.id, item)

    def behind(item: SiteEntry) -> SiteEntry | None:
        """What ``item`` superseded, in this scope: in its own ledger, else anywhere."""
        target = item.entry.supersedes
        if not target:
            return None
        found = by_ref_id.get((item.ref, target)) or by_id.get(target)
        return None if found is None or found.slug == item.slug else found

    column: dict[str, int] = {}

    def depth(item: SiteEntry) -> int:
        """How many decisions of the scope it superseded, one after another (a loop,
        which only a hand-edited ledger can hold, counts from where it closes)."""
        chain: list[SiteEntry] = []
        seen: set[str] = set()
        cursor: SiteEntry | None = item
        while (cursor is not None and cursor.slug not in seen
               and cursor.slug not in column):
            seen.add(cursor.slug)
            chain.append(cursor)
            cursor = behind(cursor)
        base = (column[cursor.slug] + 1
                if cursor is not None and cursor.slug in column else 0)
        for offset, found in enumerate(reversed(chain)):
            column[found.slug] = base + offset
        return column[item.slug]

    place: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    # For (column, a parent's row): every row from there to this one is taken, so a
    # thousand decisions superseding one are placed in linear time, not by probing the
    # rows all the others took (what a teammate who writes them would make cost seconds).
    free_from: dict[tuple[int, int], int] = {}
    next_row = 0
    for item in sorted(decisions, key=lambda i: (depth(i), i.entry.created, i.entry.seq)):
        col, parent = depth(item), behind(item)
        if parent is not None and parent.slug in place:
            start = place[parent.slug][1]  # beside what it superseded
            row = free_from.get((col, start), start)
            while (col, row) in taken:  # a second decision superseding it: below
                row += 1
            free_from[(col, start)] = row + 1
        else:
            row = next_row
        taken.add((col, row))
        place[item.slug] = (col, row)
        next_row = max(next_row, row + 1)
    width = PAD * 2 + (max((c for c, _ in place.values()), default=0) + 1) * (NODE_W + GAP_X)
    height = PAD * 2 + (max((r for _, r in place.values()), default=0) + 1) * (NODE_H + GAP_Y)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="supersedes graph, {len(place)} decisions">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" '
             'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
             '<path d="M 0 0 L 10 5 L 0 10 z" fill="#7a8294"/></marker></defs>']
    for item in decisions:
        earlier = behind(item)
        if earlier is None:
            continue
        (x1, y1), (x2, y2) = _corner(*place[earlier.slug]), _corner(*place[item.slug])
        parts.append(f'<path class="edge" data-from="{escape(shown(earlier.entry.id, 80))}" '
                     f'data-to="{escape(shown(item.entry.id, 80))}" '
                     f'd="M {x1 + NODE_W} {y1 + NODE_H // 2} L {x2} {y2 + NODE_H // 2}"/>')
    for item in decisions:
        x, y = _corner(*place[item.slug])
        status = status_class(item.entry.status or "decided")
        title = shown(item.entry.text, 300)
        label = title if len(title) <= LABEL else title[:LABEL - 1] + "…"
        parts.append(
            f'<a href="{escape(href(item))}" class="node {status}" '
            f'data-id="{escape(shown(item.entry.id, 80))}"><title>{escape(title)}</title>'
            f'<rect x="{x}" y="{y}" width="{NODE_W}" height="{NODE_H}" rx="6"/>'
            f'<text x="{x + 8}" y="{y + 18}">{escape(shown(item.entry.id, 24))} · '
            f'{escape(shown(item.entry.status or "decided", 20))}</text>'
            f'<text x="{x + 8}" y="{y + 36}">{escape(label)}</text></a>')
    parts.append("</svg>")
    # Safe markup: every ledger text above went through escape().
    return Markup("".join(parts))


def _corner(col: int, row: int) -> tuple[int, int]:
    return PAD + col * (NODE_W + GAP_X), PAD + row * (NODE_H + GAP_Y)
