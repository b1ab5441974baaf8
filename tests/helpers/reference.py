"""Slow, obviously-correct reference implementations for property tests."""

from __future__ import annotations

SETS = [("chow", k) for s in (0, 9, 18) for k in range(s, s + 7)] + [("pung", k) for k in range(34)]


def _set_kinds(kind: str, first: int) -> tuple[int, ...]:
    return (first, first + 1, first + 2) if kind == "chow" else (first, first, first)


def brute_force_shanten(counts: list[int], melds: int = 0) -> int:
    """Regular shanten by searching every target of ``4 - melds`` sets and a pair.

    The distance to a target is the number of its tiles the hand lacks; a target may not use
    more than four of a kind. A set or pair that shares no tile with the hand costs its full size
    wherever it is put (34 kinds always leave room), so only sets touching the hand are tried.
    """
    wanted_sets = 4 - melds
    best = [99]

    def search(
        remaining: list[int], demand: list[int], sets_left: int, start: int, cost: int
    ) -> None:
        if cost + 0 >= best[0]:
            return
        if sets_left == 0:
            best[0] = cost
            return
        best[0] = min(best[0], cost + 3 * sets_left)
        for index in range(start, len(SETS)):
            kinds = _set_kinds(*SETS[index])
            if not any(remaining[k] for k in kinds):
                continue
            if any(demand[k] + kinds.count(k) > 4 for k in set(kinds)):
                continue
            taken = []
            added = 0
            for k in kinds:
                demand[k] += 1
                if remaining[k]:
                    remaining[k] -= 1
                    taken.append(k)
                else:
                    added += 1
            search(remaining, demand, sets_left - 1, index, cost + added)
            for k in kinds:
                demand[k] -= 1
            for k in taken:
                remaining[k] += 1

    for pair in [k for k in range(34) if counts[k]] + [None]:
        remaining = list(counts)
        demand = [0] * 34
        cost = 2
        if pair is not None:
            demand[pair] = 2
            used = min(2, remaining[pair])
            remaining[pair] -= used
            cost -= used
        search(remaining, demand, wanted_sets, 0, cost)
    return best[0] - 1


def is_complete_by_search(counts: list[int]) -> bool:
    """Whether 3n+2 tiles split into sets and one pair, by plain recursion."""
    counts = list(counts)
    total = sum(counts)
    if total % 3 != 2:
        return False

    def sets_only(c: list[int]) -> bool:
        first = next((i for i, n in enumerate(c) if n), None)
        if first is None:
            return True
        if c[first] >= 3:
            c[first] -= 3
            ok = sets_only(c)
            c[first] += 3
            if ok:
                return True
        if first < 27 and first % 9 <= 6 and c[first + 1] and c[first + 2]:
            for i in range(3):
                c[first + i] -= 1
            ok = sets_only(c)
            for i in range(3):
                c[first + i] += 1
            return ok
        return False

    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            ok = sets_only(counts)
            counts[pair] += 2
            if ok:
                return True
    return False
