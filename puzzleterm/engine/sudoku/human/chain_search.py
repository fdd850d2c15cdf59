"""The breadth-first search behind X-Chains, XY-Chains and AICs (see :mod:`.chains`).

A chain is a path of candidates whose links alternate strong and weak, from a start assumed
false to an end proved true; the shortest chain that removes something is reported, and
among the shortest, the one of the first start (candidates in cell order), found first by
that start's breadth-first search, whose links are tried in a fixed order (see
:class:`_Links`).

Which depth and which start win does not depend on the order links are tried in: a
breadth-first search reaches the same states at each depth whatever the order.  So every
start's search runs on bitsets, one bit a candidate (``digit * cells + cell``, so a digit's
cells are one slice), and a depth costs one ``|`` a state of the frontier.  Only the
winning start is then searched again state by state, in the reported order, for its chain.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..bitcode import bits
from .fish import conjugate_pairs
from .grid import Grid, cells_of, digits_of, memo

Node = tuple[int, int]  # (cell, digit)
Chain = tuple[list[Node], list[tuple[int, int]]]

#: Longest chain searched (links).
MAX_LINKS = 20

#: Entries the memo of the cells seeing a set of peers keeps before it is emptied.
_REACH_LIMIT = 50_000


class _Links:
    """Strong and weak links of one grid, for the chain kinds allowed (``x``: one digit,
    ``xy``: bivalue cells, ``aic``: both and more), worked out per candidate when first asked.

    Candidates are numbered ``cell * n + digit - 1``; the links of each are listed in a fixed
    order (which decides, among chains of one length, the one reported): strong links, the
    other candidate of a bivalue cell then the conjugates in house order; weak ones, the
    cell's other digits (``aic``) then the peers, in cell order, having the digit.
    """

    def __init__(self, g: Grid, kind: str, digit: int = 0) -> None:
        self.g = g
        self.kind = kind
        self.digit = digit
        self.only = -1  # the cells a weak link may reach
        if kind == "xy":
            only = 0
            for c in g.bivalue():
                only |= 1 << c
            self.only = only
        self._strong: dict[int, list[int]] = {}
        self._weak: dict[int, list[int]] = {}

    def strong(self, v: int) -> list[int]:
        got = self._strong.get(v)
        if got is None:
            g, kind = self.g, self.kind
            n = g.n
            c, d0 = divmod(v, n)
            got = []
            m = g.cand[c]
            if kind != "x" and m.bit_count() == 2:
                got.append(c * n + (m & ~(1 << d0)).bit_length() - 1)
            if kind == "aic" or (kind == "x" and d0 == self.digit - 1):
                for _h, a, b in conjugate_pairs(g, g.all_digit_cells()[d0]):
                    if a == c:
                        got.append(b * n + d0)
                    elif b == c:
                        got.append(a * n + d0)
            self._strong[v] = got
        return got

    def weak(self, v: int) -> list[int]:
        got = self._weak.get(v)
        if got is None:
            g = self.g
            n = g.n
            c, d0 = divmod(v, n)
            got = []
            if self.kind == "aic":
                rest = g.cand[c] & ~(1 << d0)
                while rest:
                    low = rest & -rest
                    got.append(c * n + low.bit_length() - 1)
                    rest ^= low
            hit = g.t.peer_bits[c] & g.all_digit_cells()[d0] & self.only
            while hit:
                low = hit & -hit
                got.append((low.bit_length() - 1) * n + d0)
                hit ^= low
            self._weak[v] = got
        return got


@cache
def _layout(ncells: int, n: int) -> tuple[tuple[int, ...], int, int]:
    """For the bit numbering ``digit * ncells + cell``: each cell's bits over all digits, the
    bit of each digit's cell 0 (a cell set times it is copied into every digit), a slice."""
    rep = sum(1 << (d * ncells) for d in range(n))
    return tuple(rep << c for c in range(ncells)), rep, (1 << ncells) - 1


WeakOf = Callable[[int], int]
#: What :func:`bit_links` returns.
Links = tuple[list[int], list[int], list[int], WeakOf, WeakOf]


def bit_links(g: Grid, kind: str, digit: int) -> Links:
    """The starts (cell order), and per bit (``digit * ncells + cell``) the bitsets of its
    strong links, of its weak links (-1 until worked out by the function returned last:
    most are never needed), and a function giving the bitset of the ends that make a chain
    from a start remove something."""
    t = g.t
    n, N = g.n, t.ncells
    cand = g.cand
    pb = t.peer_bits
    dcells = g.all_digit_cells()
    cellbits, rep, full = _layout(N, n)
    size = n * N
    strong = [0] * size
    weak = [-1] * size
    allc = 0
    if kind == "aic":
        for d0, where in enumerate(dcells):
            allc |= where << (d0 * N)
    bival = 0
    linked: list[int] = []  # the candidates having a strong link: the starts
    if kind != "x":
        for c in g.bivalue():
            bival |= 1 << c
            m = cand[c]
            lo = m & -m
            a, b = (lo.bit_length() - 1) * N + c, ((m ^ lo).bit_length() - 1) * N + c
            strong[a] |= 1 << b
            strong[b] |= 1 << a
            linked += (a, b)
    if kind != "xy":
        for d0, where in enumerate(dcells):
            if kind == "x" and d0 != digit - 1:
                continue
            off = d0 * N
            for _h, a, b in conjugate_pairs(g, where):
                if not strong[a + off]:
                    linked.append(a + off)
                if not strong[b + off]:
                    linked.append(b + off)
                strong[a + off] |= 1 << (b + off)
                strong[b + off] |= 1 << (a + off)
    starts = sorted(set(linked), key=lambda v: (v % N, v))

    def weak_aic(v: int) -> int:
        d0, c = divmod(v, N)
        return (cellbits[c] & allc) ^ (1 << v) | (pb[c] & dcells[d0]) << (d0 * N)

    def weak_xy(v: int) -> int:
        d0, c = divmod(v, N)
        return (pb[c] & dcells[d0] & bival) << (d0 * N)

    def weak_x(v: int) -> int:
        d0, c = divmod(v, N)
        return (pb[c] & dcells[d0]) << (d0 * N)

    # per geometry: the cells seeing some cell of a set of c's peers, and each digit mask
    # as the bits of cell 0 in those digits' slices
    reaches: dict[tuple[int, int], int] = memo(t, ("chain_reach",), dict)
    slices: dict[int, int] = memo(t, ("chain_slices",), dict)
    # a start's ends depend on the start, the cells having its digit that see it, and (for
    # an AIC) its cell's candidates: kept per geometry, as most recur from step to step
    known: dict[tuple[int, int, int], int] = memo(t, ("chain_ends", kind == "aic"), dict)
    if len(reaches) > _REACH_LIMIT:
        reaches.clear()
    if len(known) > _REACH_LIMIT:
        known.clear()

    def ends_of(v: int) -> int:
        """The ends e of "v or e is true" that remove something (see _conclusion)."""
        d0, c = divmod(v, N)
        see = pb[c] & dcells[d0]  # cells having the digit and seeing c
        m = cand[c] if kind == "aic" else 0
        e = known.get((v, see, m))
        if e is None:
            off = d0 * N
            key = (c, see)
            reach = reaches.get(key)
            if reach is None:
                reach = 0
                x = see
                while x:
                    low = x & -x
                    reach |= pb[low.bit_length() - 1]
                    x ^= low
                reach = reaches[key] = reach & ~(1 << c)
            e = reach << off
            if kind == "aic":
                if m.bit_count() >= 3:
                    e |= cellbits[c] & allc & ~(1 << v)
                others = m & ~(1 << d0)
                spread = slices.get(others)
                if spread is None:
                    spread = slices[others] = sum(1 << (d - 1) * N for d in digits_of(others))
                e |= see * rep & ~(full << off) | pb[c] * spread
            known[(v, see, m)] = e
        return e

    return starts, strong, weak, ends_of, (weak_aic if kind == "aic" else
                                           weak_xy if kind == "xy" else weak_x)


def _first_depth(g: Grid, kind: str, digit: int, max_links: int) -> tuple[int, int] | None:
    """The depth of the shortest chain and its start (cell numbering), on bitsets."""
    starts, strong, weak, ends_of, weak_of = bit_links(g, kind, digit)
    ends = [0] * len(strong)
    for s in starts:
        ends[s] = ends_of(s)
    N = g.t.ncells
    # per start: (start, on states not reached yet, off states not reached yet, frontier);
    # a start begins off, strong links turn off into on and weak ones on into off
    every = (1 << (g.n * N)) - 1
    bit = bits(g.n * N)
    # an off state leads on only through a strong link: those without one are left out of
    # the frontiers (whether they count as reached changes nothing)
    linked = 0
    for s in starts:
        linked |= bit[s]
    searches = [(s, every, every ^ bit[s], bit[s]) for s in starts]
    # two depths a round: a strong link (where chains end), then a weak one
    for depth in range(0, max_links, 2):
        alive: list[tuple[int, int, int, int]] = []
        for s, free_on, free_off, front in searches:
            img = 0
            while front:  # highest bit first: one operation fewer a bit
                i = front.bit_length() - 1
                img |= strong[i]
                front ^= bit[i]
            new = img & free_on
            if not new:
                continue
            if new & ends[s]:
                d0, c = divmod(s, N)
                return depth, c * g.n + d0
            free_on ^= new
            img = 0
            while new:
                i = new.bit_length() - 1
                w = weak[i]
                if w < 0:
                    w = weak[i] = weak_of(i)
                img |= w
                new ^= bit[i]
            new = img & free_off & linked
            if new:
                alive.append((s, free_on, free_off ^ new, new))
        if not alive:
            break
        searches = alive
    return None


def shortest_chain(g: Grid, kind: str, digit: int = 0,
                   max_links: int = MAX_LINKS) -> Chain | None:
    """The shortest chain of ``kind`` (of at most ``max_links`` links) that removes
    something; among the shortest, the one from the first start (in cell order), found
    first by its breadth-first search."""
    kept = f"chains {kind} {max_links}"
    if kind != "x":
        fresh = new_links(g, kind, g.keep.get(kept))
        if fresh is not None and (not fresh or _none_through(g, kind, fresh, max_links)):
            g.keep[kept] = g.cand[:]
            return None
    first = _first_depth(g, kind, digit, max_links)
    if kind != "x":
        g.keep[kept] = g.cand[:] if first is None else None
    if first is None:
        return None
    depth, s = first
    links = _Links(g, kind, digit)
    strong, weak = links.strong, links.weak
    n = g.n
    cand = g.cand
    pb = g.t.peer_bits
    dcells = g.all_digit_cells()
    cs, sd = divmod(s, n)
    same_digit = pb[cs] & dcells[sd]
    s_bit = 1 << sd
    s_peers = pb[cs]
    parent = {2 * s: -1}
    frontier = [2 * s]
    for _depth in range(depth + 1):
        nxt: list[int] = []
        for state in frontier:
            v, on = state >> 1, state & 1
            for m in weak(v) if on else strong(v):
                key = 2 * m + 1 - on
                if key in parent:
                    continue
                parent[key] = state
                if not on:  # m is on: a chain ends here
                    ce, de = divmod(m, n)
                    if kind == "xy" and de != sd:
                        ends = 0
                    elif de == sd:
                        ends = ce != cs and pb[ce] & same_digit
                    elif ce == cs:
                        ends = cand[cs] & ~s_bit & ~(1 << de)
                    else:
                        ends = s_peers >> ce & 1 and (cand[ce] & s_bit or cand[cs] >> de & 1)
                    if ends:
                        return _chain_of(g, parent, key)
                nxt.append(key)
        frontier = nxt
    raise AssertionError("the chain search lost its chain")  # pragma: no cover


def new_links(g: Grid, kind: str, before: object) -> list[tuple[int, int]] | None:
    """The strong links of an XY-Chain (``kind`` "xy") or AIC (``kind`` "aic") on this
    position that ``before``, the candidates of an earlier position of the same solve where
    the search found nothing, lacked: a cell just come down to two candidates, or (AIC) a
    digit just come down to two places in a house.  Each is a pair of bits (``digit *
    ncells + cell``).  None when ``before`` is no such position (not a list, or a candidate
    here that it lacked).

    Every chain here that removes something passes through one of them: a chain made of
    candidates and strong links that were all there was a chain there (its weak links need
    only the candidates: same cell, or same digit in cells that see each other; an
    XY-Chain's reach only cells of two candidates, whose link between their two candidates
    is strong), and what it removes here it removed there.  So with none, there is no
    chain at all (see :func:`_none_through` for the others)."""
    if not isinstance(before, list):
        return None
    cand = g.cand
    t = g.t
    N = t.ncells
    dcells: tuple[int, ...] | None = None
    out = []
    for c, (now, was) in enumerate(zip(cand, before, strict=True)):
        if now == was:
            continue
        if now | was != was:
            return None  # a candidate that was not there
        if now.bit_count() == 2:  # a new bivalue cell
            lo = now & -now
            out.append(((lo.bit_length() - 1) * N + c, ((now ^ lo).bit_length() - 1) * N + c))
        if kind == "xy":
            continue  # an XY-Chain's strong links are its cells' own
        if dcells is None:
            dcells = g.all_digit_cells()
        lost = was ^ now
        while lost:
            low = lost & -lost
            lost ^= low
            d0 = low.bit_length() - 1
            for h in t.cell_houses[c]:
                inside = dcells[d0] & t.house_bits[h]
                if inside.bit_count() == 2:  # the digit's last two places in a house
                    a = inside & -inside
                    out.append((d0 * N + a.bit_length() - 1,
                                d0 * N + (inside ^ a).bit_length() - 1))
    return out


def _none_through(g: Grid, kind: str, links: list[tuple[int, int]], max_links: int) -> bool:
    """Whether no chain of ``kind`` (of at most ``max_links`` links) that removes something
    passes through one of the strong ``links`` (then, with :func:`new_links`, there is
    none at all).

    A chain through the link from ``a`` (assumed false) to ``b`` (so true) is a path from a
    start ``s`` (false) to ``a`` (false), the link, and a path from ``b`` (true) to an end
    ``e`` (true) that makes "``s`` or ``e``" remove something.  Read backwards, a chain is
    a chain (a true candidate, weak link, a false one, strong link ... : each link's
    inference turned round), so the first part is a path from ``a`` (true) to ``s``
    (true).  Two breadth-first searches, from ``a`` and from ``b`` (true), give every
    such ``s`` and ``e`` with the fewest weak links to them; a chain exists exactly when
    some ``e`` among the ends of some ``s`` is reached with few enough weak links between
    the two (a path through both parts that meets itself only gets shorter cut short, with
    the same ends).  One way round is enough: a chain through the link the other way,
    read backwards, goes this way, and "``s`` or ``e``" removes what "``e`` or ``s``"
    does."""
    starts, strong, weak, ends_of, weak_of = bit_links(g, kind, 0)
    n, N = g.n, g.t.ncells
    bit = bits(n * N)
    linked = 0
    for s in starts:
        linked |= bit[s]
    most = (max_links - 1) // 2  # weak links in a chain: 2 * most + 1 links at most
    every = (1 << (n * N)) - 1

    def reached(src: int) -> list[int]:
        """The true candidates reached from ``src`` (true), by the weak links taken."""
        on_free, off_free = every ^ bit[src], every
        front = bit[src]
        out = [front]
        for _ in range(most):
            img = 0
            while front:
                i = front.bit_length() - 1
                w = weak[i]
                if w < 0:
                    w = weak[i] = weak_of(i)
                img |= w
                front ^= bit[i]
            off = img & off_free & linked
            off_free ^= off
            img = 0
            while off:
                i = off.bit_length() - 1
                img |= strong[i]
                off ^= bit[i]
            front = img & on_free
            if not front:
                break
            on_free ^= front
            out.append(front)
        return out

    levels: dict[int, tuple[list[int], list[int]]] = {}
    for a, b in links:
        for v in (a, b):
            if v not in levels:
                found = reached(v)
                upto = 0
                within = []  # reached with at most k weak links
                for level in found:
                    upto |= level
                    within.append(upto)
                levels[v] = found, within
        back, within = levels[a][0], levels[b][1]
        for i, level in enumerate(back):
            reach = within[min(most - i, len(within) - 1)]
            while level:
                s = level.bit_length() - 1
                if ends_of(s) & reach:
                    return False
                level ^= bit[s]
    return True


def _chain_of(g: Grid, parent: dict[int, int], end: int) -> Chain:
    n = g.n
    path: list[Node] = []
    k = end
    while k >= 0:
        c, d0 = divmod(k >> 1, n)
        path.append((c, d0 + 1))
        k = parent[k]
    path.reverse()
    return path, conclusion(g, path[0], path[-1])


def conclusion(g: Grid, s: Node, e: Node) -> list[tuple[int, int]]:
    """What "s or e is true" removes."""
    cand = g.cand
    pb = g.t.peer_bits
    (cs, ds), (ce, de) = s, e
    if ds == de:
        if cs == ce:
            return []
        hit = pb[cs] & pb[ce]
        return [(c, ds) for c in cells_of(hit) if cand[c] >> (ds - 1) & 1]
    if cs == ce:
        other = cand[cs] & ~(1 << (ds - 1)) & ~(1 << (de - 1))
        return [(cs, d) for d in digits_of(other)]
    out = []
    if pb[cs] >> ce & 1:
        if cand[ce] >> (ds - 1) & 1:
            out.append((ce, ds))
        if cand[cs] >> (de - 1) & 1:
            out.append((cs, de))
    return out
