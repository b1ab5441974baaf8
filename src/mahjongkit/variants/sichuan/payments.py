"""Sichuan money: win payments, wind and rain (kong money), and the end-of-wall settlement.

Every function here is pure: it takes the facts of one event and returns the
:class:`~mahjongkit.scoring.PaymentLine` objects it causes (payer, payee, amount, reason id and
names). The table engine calls them as the game goes and adds the lines up with :func:`net`.

Seats are 0..3 = East, South, West, North. ``in_game`` is always the set of seats that have not
won yet, *including* the seat that acts: in a blood battle a player who has won leaves the hand
and neither pays nor collects for later events (``RULES-sichuan.md`` §5).

>>> from mahjongkit.melds import MeldKind
>>> rules = SichuanRules.blood_battle()
>>> lines = kong_payments(MeldKind.CONCEALED_KONG, 0, {0, 1, 2, 3}, rules)
>>> net(lines)
{0: 6, 1: -2, 2: -2, 3: -2}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand
from mahjongkit.i18n import t
from mahjongkit.lite_typing import NamedTuple
from mahjongkit.melds import SEAT_LETTERS, Meld, MeldKind
from mahjongkit.scoring import Names, PaymentLine, name_in
from mahjongkit.shapes import shanten, sichuan
from mahjongkit.tiles import COPIES, NUM_KINDS, Tile, format_kind
from mahjongkit.variants.sichuan.fan import NO_SITUATION, FanResult, HowWon, best_fan
from mahjongkit.variants.sichuan.rules import SichuanRules

POT = -1
"""The payee of a penalty that leaves the table (Novikov's flower-pig penalty)."""

REASONS: dict[str, Names] = {
    "win_discard": {
        "zh": "點炮",
        "en": "win on a discard: the discarder pays",
        "fr": "victoire sur défausse : celui qui a défaussé paie",
        "es": "victoria con descarte: paga quien descartó",
    },
    "win_self_draw": {
        "zh": "自摸",
        "en": "self-draw: every player still in the game pays",
        "fr": "pioche gagnante : chaque joueur encore en jeu paie",
        "es": "robo propio: paga cada jugador aún en juego",
    },
    "self_draw_base": {
        "zh": "自摸加底",
        "en": "self-draw bonus: +1 base",
        "fr": "bonus de pioche : +1 base",
        "es": "bonificación por robo: +1 base",
    },
    "fed_kong_flower": {
        "zh": "點槓花（當點炮）",
        "en": "win on the replacement of a kong fed by a discard: the feeder pays",
        "fr": (
            "victoire sur le remplacement d’un kong nourri par une défausse : celui qui a "
            "défaussé paie"
        ),
        "es": "victoria con la reposición de un kong de descarte: paga quien lo dio",
    },
    "robbed_kong_win": {
        "zh": "搶槓胡",
        "en": "robbing a kong: the player who added the tile pays",
        "fr": "kong volé : le joueur qui ajoutait la tuile paie",
        "es": "kong robado: paga quien añadía la ficha",
    },
    "concealed_kong": {
        "zh": "下雨（暗槓）",
        "en": "rain: concealed kong",
        "fr": "pluie : kong caché",
        "es": "lluvia: kong oculto",
    },
    "exposed_kong": {
        "zh": "刮風（直槓）",
        "en": "wind: kong on a discard, the discarder pays",
        "fr": "vent : kong sur défausse, celui qui a défaussé paie",
        "es": "viento: kong con descarte, paga quien descartó",
    },
    "added_kong": {
        "zh": "刮風（補槓）",
        "en": "wind: tile added to a pung",
        "fr": "vent : tuile ajoutée à un pung",
        "es": "viento: ficha añadida a un pung",
    },
    "robbed_kong_refund": {
        "zh": "搶槓：槓錢退還",
        "en": "robbed kong: its kong money is returned",
        "fr": "kong volé : l’argent du kong est rendu",
        "es": "kong robado: se devuelve el dinero del kong",
    },
    "call_transfer": {
        "zh": "呼叫轉移",
        "en": "call transfer: the kong money goes to the winner of the discard after the kong",
        "fr": "transfert : l’argent du kong va au gagnant de la défausse qui suit le kong",
        "es": "transferencia: el dinero del kong pasa a quien gana con el descarte tras el kong",
    },
    "kong_discard_refund": {
        "zh": "槓上炮退稅",
        "en": "kong money returned: the discard after the kong was won on",
        "fr": "argent du kong rendu : la défausse après le kong a été gagnée",
        "es": "dinero del kong devuelto: se ganó con el descarte tras el kong",
    },
    "flower_pig": {
        "zh": "查花豬",
        "en": "flower pig: still holds a tile of the missing suit",
        "fr": "cochon fleuri : tient encore une tuile de la couleur manquante",
        "es": "cerdo florido: aún tiene una ficha del palo que falta",
    },
    "ready_check": {
        "zh": "查大叫",
        "en": "ready-hand check: not ready pays the ready hand's maximum",
        "fr": "contrôle des mains prêtes : qui n’est pas prêt paie le maximum de la main prête",
        "es": "revisión de manos listas: quien no está listo paga el máximo de la mano lista",
    },
    "tax_refund": {
        "zh": "退稅",
        "en": "refund of kong money: not ready at the wall end",
        "fr": "remboursement de l’argent des kongs : pas prêt à la fin du mur",
        "es": "devolución del dinero de kong: sin mano lista al final de la muralla",
    },
}
"""Names of every payment reason, by stable id."""

_POT_NAMES: Names = {"zh": "罰金池", "en": "the pot", "fr": "le pot", "es": "el bote"}


def pay(payer: int, payee: int, amount: int, reason: str) -> PaymentLine:
    """One line with the names of ``reason``."""
    return PaymentLine(payer, payee, amount, reason, REASONS[reason])


def _check_seat(seat: int, what: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise InvalidHandError(f"{what} {seat!r} is not a seat 0..3 (E, S, W, N)")


def _check_in_game(seat: int, in_game: Collection[int], what: str) -> None:
    _check_seat(seat, what)
    if seat not in in_game:
        raise InvalidHandError(
            f"{what} {SEAT_LETTERS[seat]} has already won and left the hand "
            f"(in game: {', '.join(SEAT_LETTERS[s] for s in sorted(in_game)) or 'nobody'})"
        )


def _counter_clockwise_from(seat: int, seats: Iterable[int]) -> list[int]:
    """``seats`` in turn order starting after ``seat`` (E → S → W → N)."""
    return sorted(seats, key=lambda other: (other - seat) % 4)


# --- wins ---------------------------------------------------------------------------------------


def win_payments(
    winner: int,
    value: int,
    in_game: Collection[int],
    rules: SichuanRules,
    payer: int | None = None,
    reason: str | None = None,
) -> list[PaymentLine]:
    """The payments of one win worth ``value`` (base × 2^fan, already capped).

    ``payer`` is the one seat that pays alone (the discarder; the player whose added kong was
    robbed; the feeder of a kong under ``dian_gang_hua=as_discard``); None for a self-draw, which
    every other seat of ``in_game`` pays, plus one base each under ``self_draw_bonus=jiadi``.
    """
    _check_in_game(winner, in_game, "the winner")
    if payer is not None:
        _check_in_game(payer, in_game, "the paying seat")
        if payer == winner:
            raise InvalidHandError("the winner cannot pay itself")
        return [pay(payer, winner, value, reason or "win_discard")]
    lines = []
    for seat in _counter_clockwise_from(winner, in_game):
        if seat == winner:
            continue
        lines.append(pay(seat, winner, value, reason or "win_self_draw"))
        if rules.self_draw_bonus == "jiadi":
            lines.append(pay(seat, winner, rules.base, "self_draw_base"))
    return lines


# --- wind and rain (§6.1) -------------------------------------------------------------------------

_KONG_REASONS = {
    MeldKind.CONCEALED_KONG: "concealed_kong",
    MeldKind.KONG: "exposed_kong",
    MeldKind.ADDED_KONG: "added_kong",
}


def kong_payments(
    kind: MeldKind,
    konger: int,
    in_game: Collection[int],
    rules: SichuanRules,
    discarder: int | None = None,
    drawn_now: bool = True,
) -> list[PaymentLine]:
    """Wind and rain: the money a kong earns at once, outside the cap (§6.1).

    - ``CONCEALED_KONG`` (下雨): every other seat still in the game pays 2 bases;
    - ``KONG``, exposed on ``discarder``'s discard (刮風): the discarder pays
      ``exposed_kong_payment`` bases;
    - ``ADDED_KONG`` (補槓): every other seat in the game pays 1 base, if the fourth tile was
      ``drawn_now`` (drawn this turn) or ``postponed_kong_pays`` is on; otherwise nothing.

    An added kong can still be robbed: call this once nobody robbed it, or undo it with
    :func:`robbed_kong_refund`.
    """
    if not isinstance(kind, MeldKind) or not kind.is_kong:
        raise InvalidHandError(
            f"{kind!r} is not a kong: expected kong, added-kong or concealed-kong"
        )
    _check_in_game(konger, in_game, "the konger")
    reason = _KONG_REASONS[kind]
    if kind is MeldKind.KONG:
        if discarder is None:
            raise InvalidHandError("an exposed kong needs the seat whose discard was claimed")
        _check_in_game(discarder, in_game, "the discarder")
        if discarder == konger:
            raise InvalidHandError("an exposed kong is made on another player's discard")
        return [pay(discarder, konger, rules.exposed_kong_payment * rules.base, reason)]
    if discarder is not None:
        raise InvalidHandError(f"a {kind.value} takes no discard (discarder {discarder!r} given)")
    if kind is MeldKind.ADDED_KONG and not (drawn_now or rules.postponed_kong_pays):
        return []
    amount = (2 if kind is MeldKind.CONCEALED_KONG else 1) * rules.base
    return [
        pay(seat, konger, amount, reason)
        for seat in _counter_clockwise_from(konger, in_game)
        if seat != konger
    ]


def reverse(lines: Iterable[PaymentLine], reason: str) -> list[PaymentLine]:
    """The lines that undo ``lines`` (each payee gives the amount back), with ``reason``."""
    return [pay(line.payee, line.payer, line.amount, reason) for line in lines if line.amount]


def robbed_kong_refund(kong_lines: Sequence[PaymentLine]) -> list[PaymentLine]:
    """A robbed added kong earns nothing: undo the kong money already paid for it (§4, §6.1)."""
    return reverse(kong_lines, "robbed_kong_refund")


def kong_discard_payments(
    konger: int,
    winners: Collection[int],
    this_kong: Sequence[PaymentLine],
    rules: SichuanRules,
    all_kongs: Sequence[PaymentLine] | None = None,
) -> list[PaymentLine]:
    """What happens to a konger's money when the discard after its kong is won on (槓上炮, §6.1).

    ``this_kong`` are the lines that kong earned; ``all_kongs`` all the kong money the konger
    still holds this hand (defaults to ``this_kong``). By ``call_transfer``:

    - ``that_kong`` / ``all_kongs`` (呼叫轉移): the konger hands the income to the winner (the
      first counter-clockwise from the konger, or each winner under
      ``call_transfer_split=each_winner``);
    - ``cancel`` (Novikov, MIL 2025): the kong money goes back to those who paid it.

    The win itself is paid separately (:func:`win_payments`); the kong still counts as a root.
    """
    _check_seat(konger, "the konger")
    if not winners:
        raise InvalidHandError("a win on the discard after a kong needs at least one winner")
    for winner in winners:
        _check_seat(winner, "the winner")
        if winner == konger:
            raise InvalidHandError("the konger cannot win on its own discard")
    for line in (*this_kong, *(all_kongs or ())):
        if line.payee != konger:
            raise InvalidHandError(
                f"a kong line pays {SEAT_LETTERS[line.payee]}, not the konger "
                f"{SEAT_LETTERS[konger]}"
            )
    if rules.call_transfer == "cancel":
        return reverse(this_kong, "kong_discard_refund")
    income = this_kong if rules.call_transfer == "that_kong" else (all_kongs or this_kong)
    amount = sum(line.amount for line in income)
    if not amount:
        return []
    ordered = _counter_clockwise_from(konger, winners)
    receivers = ordered if rules.call_transfer_split == "each_winner" else ordered[:1]
    return [pay(konger, winner, amount, "call_transfer") for winner in receivers]


# --- end of the wall (§6.2) ----------------------------------------------------------------------


class WallEndPlayer(NamedTuple):
    """One seat when the wall runs out.

    ``concealed`` is the 34-entry count list of the concealed tiles (13 − 3 × melds tiles);
    ``melds`` the sets laid down; ``missing_suit`` the declared suit (0 m, 1 p, 2 s; None: the
    hand is a flower pig only if it holds all three suits); ``won`` whether the seat has won;
    ``kong_income`` the wind-and-rain lines this seat collected and still holds (after any
    transfer or refund), each with this seat as payee.
    """

    seat: int
    concealed: Sequence[int]
    melds: Sequence[Meld] = ()
    missing_suit: int | None = None
    won: bool = False
    kong_income: Sequence[PaymentLine] = ()


class ReadyHand(NamedTuple):
    """The most a ready hand could win (§6.2): on which tile, with which patterns, for how much."""

    wait: int
    fan: FanResult
    value: int
    """What each not-ready player pays: base × 2^min(fan, cap), plus the self-draw base when the
    check counts as a self-draw under ``self_draw_bonus=jiadi``."""


def _suits_held(counts: Sequence[int], melds: Sequence[Meld]) -> set[int]:
    suits = {kind // 9 for kind in range(NUM_KINDS) if counts[kind]}
    suits.update(kind // 9 for meld in melds for kind in meld.kinds)
    return suits


def is_flower_pig(
    concealed: Sequence[int], melds: Sequence[Meld], missing_suit: int | None
) -> bool:
    """Whether a hand still holds a tile of its missing suit (花豬; all three suits if None)."""
    suits = _suits_held(concealed, melds)
    if missing_suit is None:
        return {0, 1, 2} <= suits
    return missing_suit in suits


def best_ready_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    missing_suit: int | None,
    rules: SichuanRules,
) -> ReadyHand | None:
    """The wait worth most to a ready hand, without situational fan (§6.2); None if not ready.

    A kind whose four copies the player already holds (concealed or in a meld) is no wait. The
    hand is valued as won on a discard, or as a self-draw under ``cha_da_jiao_as=self_draw``.
    """
    if is_flower_pig(concealed, melds, missing_suit):
        return None
    shape = sichuan(missing_suit)
    if sum(concealed) + 3 * len(melds) == 13 and shanten(concealed, len(melds), shape) != 0:
        # One more tile lowers the shanten by one at most: a hand not ready has no wait, found
        # with one shanten instead of one per kind (most seats at the wall's end).
        return None
    held = list(concealed)
    for meld in melds:
        for kind in meld.kinds:
            held[kind] += 1
    base_hand = Hand(
        tuple(Tile(k) for k in range(NUM_KINDS) for _ in range(concealed[k])), tuple(melds)
    )
    as_self_draw = rules.cha_da_jiao_as == "self_draw"
    how = HowWon(self_draw=True, paid_as_self_draw=True) if as_self_draw else NO_SITUATION
    bonus = rules.base if as_self_draw and rules.self_draw_bonus == "jiadi" else 0
    best: ReadyHand | None = None
    suits = _suits_held(concealed, melds)
    trial = list(concealed)
    for wait in range(27):
        if held[wait] >= COPIES or wait // 9 == missing_suit:
            continue
        if missing_suit is None and len(suits | {wait // 9}) == 3:
            continue
        # The table-based shape test is cheap: score only the tiles that complete the hand.
        trial[wait] += 1
        complete = shanten(trial, len(melds), shape) == -1
        trial[wait] -= 1
        if not complete:
            continue
        hand = base_hand.with_tile(Tile(wait))
        # Situational rows are kept only for the self-draw bonus fan, which is an option here.
        result = best_fan(hand, wait, rules, how, situational=as_self_draw)
        if result is None:
            continue
        value = rules.hand_value(result.fan) + bonus
        if best is None or value > best.value:
            best = ReadyHand(wait, result, value)
    return best


def end_of_wall_settlement(
    players: Sequence[WallEndPlayer | tuple[object, ...]], rules: SichuanRules
) -> list[PaymentLine]:
    """The settlement when the wall runs out (流局, §6.2), in its order.

    1. 查花豬: each player still in the game who holds a tile of its missing suit pays, by
       ``flower_pig``, the cap value to every other non-pig player still in the game, or only to
       the ready ones, or ``flower_pig_penalty`` bases to the :data:`POT`. A pig pays nothing in
       the ready check.
    2. 查大叫: each not-ready player pays each ready player the most that player's hand could
       win (:func:`best_ready_hand`).
    3. 退稅: each player not ready (pigs included) returns its kong money to whoever paid it (to
       payers who have won since only if ``refund_to_players_who_won``).

    Players who have won take no part, except to be refunded.
    """
    seats: list[WallEndPlayer] = []
    for entry in players:
        player = entry if isinstance(entry, WallEndPlayer) else WallEndPlayer(*entry)  # type: ignore[arg-type]
        _check_player(player)
        seats.append(player)
    if len({p.seat for p in seats}) != len(seats):
        raise InvalidHandError("a seat appears twice in the wall-end settlement")
    won = {p.seat for p in seats if p.won}
    playing = [p for p in seats if not p.won]
    pigs = [p for p in playing if is_flower_pig(p.concealed, p.melds, p.missing_suit)]
    pig_seats = {p.seat for p in pigs}
    ready: dict[int, ReadyHand] = {}
    for player in playing:
        if player.seat in pig_seats:
            continue
        found = best_ready_hand(player.concealed, player.melds, player.missing_suit, rules)
        if found is not None:
            ready[player.seat] = found
    lines: list[PaymentLine] = []
    for pig in pigs:
        if rules.flower_pig == "fixed_penalty_48_to_pot":
            lines.append(pay(pig.seat, POT, rules.flower_pig_penalty * rules.base, "flower_pig"))
            continue
        for other in _counter_clockwise_from(pig.seat, (p.seat for p in playing)):
            if other in pig_seats:
                continue
            if rules.flower_pig == "cap_to_ready_only" and other not in ready:
                continue
            lines.append(pay(pig.seat, other, rules.cap_value, "flower_pig"))
    not_ready = [p for p in playing if p.seat not in ready]
    for payer in not_ready:
        if payer.seat in pig_seats:
            continue
        for seat in _counter_clockwise_from(payer.seat, ready):
            lines.append(pay(payer.seat, seat, ready[seat].value, "ready_check"))
    for player in not_ready:
        refunded = [
            line
            for line in player.kong_income
            if rules.refund_to_players_who_won or line.payer not in won
        ]
        lines.extend(reverse(refunded, "tax_refund"))
    return lines


def _check_player(player: WallEndPlayer) -> None:
    _check_seat(player.seat, "seat")
    letter = SEAT_LETTERS[player.seat]
    if len(player.concealed) != NUM_KINDS or any(
        not isinstance(n, int) or not 0 <= n <= COPIES for n in player.concealed
    ):
        raise InvalidHandError(f"seat {letter}: concealed must be 34 counts of 0..4")
    if player.missing_suit is not None and player.missing_suit not in (0, 1, 2):
        raise InvalidHandError(f"seat {letter}: missing suit {player.missing_suit!r} is not 0..2")
    for kind in range(27, NUM_KINDS):
        if player.concealed[kind]:
            raise InvalidHandError(
                f"seat {letter} holds {format_kind(kind)}: Sichuan has no honours"
            )
    size = sum(player.concealed) + 3 * len(player.melds)
    if not player.won and size != 13:
        raise InvalidHandError(
            f"seat {letter} holds {size} tiles at the wall end (melds counting three): expected 13"
        )
    for line in player.kong_income:
        if line.payee != player.seat:
            raise InvalidHandError(
                f"seat {letter}: a kong income line pays {SEAT_LETTERS[line.payee]}, not {letter}"
            )


# --- summing up and explaining -------------------------------------------------------------------


def net(lines: Iterable[PaymentLine]) -> dict[int, int]:
    """The signed change of every seat 0..3 (money paid to the pot leaves the table)."""
    totals = dict.fromkeys(range(4), 0)
    for line in lines:
        totals[line.payer] -= line.amount
        if line.payee != POT:
            totals[line.payee] += line.amount
    return totals


def seat_name(seat: int, lang: str) -> str:
    """A seat's name in ``lang``, or the pot's."""
    return name_in(_POT_NAMES, lang) if seat == POT else t(f"seat.{SEAT_LETTERS[seat]}", lang)


def explain_lines(lines: Iterable[PaymentLine], lang: str = "en") -> str:
    """Each line as ``payer → payee: amount (reason)``, then each seat's net change."""
    lines = list(lines)
    out = [
        t(
            "score.line",
            lang,
            payer=seat_name(line.payer, lang),
            payee=seat_name(line.payee, lang),
            amount=line.amount,
            reason=name_in(line.names, lang) if line.names else line.reason,
        )
        for line in lines
    ]
    for seat, delta in net(lines).items():
        key = "score.payment_in" if delta >= 0 else "score.payment_out"
        out.append(t(key, lang, seat=seat_name(seat, lang), amount=abs(delta)))
    return "\n".join(out)
