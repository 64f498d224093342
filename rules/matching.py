"""Maximum-weight matching in general graphs: Edmonds' blossom algorithm, exact on integers.

Pure and self-contained (used by the Swiss pairing engine, ``rules.swiss.pairing``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["max_weight_matching"]


def max_weight_matching(
    vertices: int, edges: Sequence[tuple[int, int, int]], *, max_cardinality: bool = False
) -> list[int]:
    """Edmonds' primal-dual blossom algorithm, O(n³), exact on integer weights.

    ``edges`` are ``(u, v, weight)`` over vertices ``0..vertices-1``. Returns ``mate`` with
    ``mate[v]`` the partner of ``v`` or -1. With ``max_cardinality`` the matching has maximum
    size and, among those, maximum weight.
    """
    if not edges:
        return [-1] * vertices
    return _Blossom(vertices, edges, max_cardinality).run()


class _Blossom:
    """State of the primal-dual algorithm (Galil's formulation, duals doubled to stay integer).

    Edge ``k`` has endpoints ``2k`` and ``2k + 1``; ``endpoint[p]`` is the vertex at ``p`` and
    ``p ^ 1`` the other end. Blossoms are numbered ``n..2n-1``. Labels: 0 free, 1 S (outer),
    2 T (inner); 5 marks blossoms during :meth:`scan`.
    """

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool):
        self.n = n
        self.edges = list(edges)
        self.max_cardinality = max_cardinality
        self.endpoint = [v for u, w, _ in edges for v in (u, w)]
        self.neighbours: list[list[int]] = [[] for _ in range(n)]
        for k, (u, w, _) in enumerate(edges):
            self.neighbours[u].append(2 * k + 1)
            self.neighbours[w].append(2 * k)
        top = max(0, max(weight for _, _, weight in edges))
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.label_end = [-1] * (2 * n)
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.best_edge = [-1] * (2 * n)
        self.best_edges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        u, w, weight = self.edges[k]
        return self.dual[u] + self.dual[w] - 2 * weight

    def leaves(self, b: int) -> Iterator[int]:
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                yield t
            else:
                stack.extend(self.children[t])

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.in_blossom[w]
            self.label[w] = self.label[b] = t
            self.label_end[w] = self.label_end[b] = p
            self.best_edge[w] = self.best_edge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            mate_end = self.mate[self.base[b]]
            w, t, p = self.endpoint[mate_end], 1, mate_end ^ 1

    def scan(self, v: int, w: int) -> int:
        """The base of the blossom closed by edge v–w, or -1 for an augmenting path."""
        path: list[int] = []
        base = -1
        while v != -1 or w != -1:
            b = self.in_blossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.label_end[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.label_end[b]]
                v = self.endpoint[self.label_end[self.in_blossom[v]]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb, bv, bw = self.in_blossom[base], self.in_blossom[v], self.in_blossom[w]
        b = self.unused.pop()
        self.base[b], self.parent[b], self.parent[bb] = base, -1, b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.label_end[bv])
            bv = self.in_blossom[self.endpoint[self.label_end[bv]]]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.label_end[bw] ^ 1)
            bw = self.in_blossom[self.endpoint[self.label_end[bw]]]
        self.children[b], self.endps[b] = path, endps
        self.label[b], self.label_end[b], self.dual[b] = 1, self.label_end[bb], 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == 2:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        self.collect_best_edges(b, path)

    def collect_best_edges(self, b: int, path: list[int]) -> None:
        best_to = [-1] * (2 * self.n)
        for child in path:
            known = self.best_edges[child]
            if known is None:
                candidates = [p // 2 for leaf in self.leaves(child) for p in self.neighbours[leaf]]
            else:
                candidates = known
            for k in candidates:
                i, j, _ = self.edges[k]
                if self.in_blossom[j] == b:
                    i, j = j, i
                bj = self.in_blossom[j]
                if (
                    bj != b
                    and self.label[bj] == 1
                    and (best_to[bj] == -1 or self.slack(k) < self.slack(best_to[bj]))
                ):
                    best_to[bj] = k
            self.best_edges[child] = None
            self.best_edge[child] = -1
        chosen = [k for k in best_to if k != -1]
        self.best_edges[b] = chosen
        self.best_edge[b] = min(chosen, key=self.slack, default=-1)

    def expand(self, b: int, end_stage: bool) -> None:
        for s in self.children[b]:
            self.parent[s] = -1
            if s < self.n:
                self.in_blossom[s] = s
            elif end_stage and self.dual[s] == 0:
                self.expand(s, end_stage)
            else:
                for leaf in self.leaves(s):
                    self.in_blossom[leaf] = s
        if not end_stage and self.label[b] == 2:
            self.relabel_expanded(b)
        self.label[b] = self.label_end[b] = -1
        self.children[b], self.endps[b] = [], []
        self.base[b] = -1
        self.best_edges[b] = None
        self.best_edge[b] = -1
        self.unused.append(b)

    def relabel_expanded(self, b: int) -> None:
        """Relabel the children of an expanded T-blossom along the even path to its entry."""
        children, endps = self.children[b], self.endps[b]
        entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]]
        j = children.index(entry)
        if j & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        p = self.label_end[b]
        while j != 0:
            self.label[self.endpoint[p ^ 1]] = 0
            self.label[self.endpoint[endps[j - trick] ^ trick ^ 1]] = 0
            self.assign_label(self.endpoint[p ^ 1], 2, p)
            self.allowed[endps[j - trick] // 2] = True
            j += step
            p = endps[j - trick] ^ trick
            self.allowed[p // 2] = True
            j += step
        bv = children[j]
        self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
        self.label_end[self.endpoint[p ^ 1]] = self.label_end[bv] = p
        self.best_edge[bv] = -1
        j += step
        while children[j] != entry:
            bv = children[j]
            j += step
            if self.label[bv] == 1:
                continue
            labelled = next((v for v in self.leaves(bv) if self.label[v] != 0), -1)
            if labelled >= 0:
                self.label[labelled] = 0
                self.label[self.endpoint[self.mate[self.base[bv]]]] = 0
                self.assign_label(labelled, 2, self.label_end[labelled])

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched edges inside blossom ``b`` so that vertex ``v`` becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, endps = self.children[b], self.endps[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = endps[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == -1:
                    break
                t = self.endpoint[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.endpoint[self.label_end[bt]]
                j = self.endpoint[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    def scan_queue(self) -> bool:
        """Grow the alternating forest along tight edges; True once the matching augmented."""
        while self.queue:
            v = self.queue.pop()
            for p in self.neighbours[v]:
                k, w = p // 2, self.endpoint[p]
                bw = self.in_blossom[w]
                if self.in_blossom[v] == bw:
                    continue
                kslack = 0
                if not self.allowed[k]:
                    kslack = self.slack(k)
                    self.allowed[k] = kslack <= 0
                if self.allowed[k]:
                    if self.label[bw] == 0:
                        self.assign_label(w, 2, p ^ 1)
                    elif self.label[bw] == 1:
                        base = self.scan(v, w)
                        if base < 0:
                            self.augment(k)
                            return True
                        self.add_blossom(base, k)
                    elif self.label[w] == 0:
                        self.label[w], self.label_end[w] = 2, p ^ 1
                elif self.label[bw] == 1:
                    b = self.in_blossom[v]
                    if self.best_edge[b] == -1 or kslack < self.slack(self.best_edge[b]):
                        self.best_edge[b] = k
                elif self.label[w] == 0 and (
                    self.best_edge[w] == -1 or kslack < self.slack(self.best_edge[w])
                ):
                    self.best_edge[w] = k
        return False

    def find_delta(self) -> tuple[int, int, int]:
        """(kind, delta, edge or blossom) of the next dual update."""
        n = self.n
        kind, delta, target = -1, 0, -1
        if not self.max_cardinality:
            kind, delta = 1, min(self.dual[:n])
        for v in range(n):
            if self.label[self.in_blossom[v]] == 0 and self.best_edge[v] != -1:
                d = self.slack(self.best_edge[v])
                if kind == -1 or d < delta:
                    kind, delta, target = 2, d, self.best_edge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == 1 and self.best_edge[b] != -1:
                d = self.slack(self.best_edge[b]) // 2
                if kind == -1 or d < delta:
                    kind, delta, target = 3, d, self.best_edge[b]
        for b in range(n, 2 * n):
            top_t = self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == 2
            if top_t and (kind == -1 or self.dual[b] < delta):
                kind, delta, target = 4, self.dual[b], b
        if kind == -1:
            kind, delta = 1, max(0, min(self.dual[:n]))
        return kind, delta, target

    def update_duals(self, delta: int) -> None:
        n = self.n
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            if label == 1:
                self.dual[v] -= delta
            elif label == 2:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == 1:
                    self.dual[b] += delta
                elif self.label[b] == 2:
                    self.dual[b] -= delta

    def stage(self) -> bool:
        """One stage: grow, shrink, expand and update duals until an augmentation (True)."""
        n = self.n
        self.label = [0] * (2 * n)
        self.best_edge = [-1] * (2 * n)
        self.best_edges[n:] = [None] * n
        self.allowed = [False] * len(self.edges)
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and self.label[self.in_blossom[v]] == 0:
                self.assign_label(v, 1, -1)
        while not self.scan_queue():
            kind, delta, target = self.find_delta()
            self.update_duals(delta)
            if kind == 1:
                return False
            if kind in (2, 3):
                self.allowed[target] = True
                i, j, _ = self.edges[target]
                if self.label[self.in_blossom[i]] == 0:
                    i = j
                self.queue.append(i)
            else:
                self.expand(target, False)
        for b in range(n, 2 * n):
            if (
                self.parent[b] == -1
                and self.base[b] >= 0
                and self.label[b] == 1
                and self.dual[b] == 0
            ):
                self.expand(b, True)
        return True

    def run(self) -> list[int]:
        for _ in range(self.n):
            if not self.stage():
                break
        return [-1 if p == -1 else self.endpoint[p] for p in self.mate]
