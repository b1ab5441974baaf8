"""Round scripts: a round's tiles followed and checked, by where each came from.

:meth:`RoundScript.from_round` follows every tile of a round and checks that the record is
consistent. It cannot know the tiles nobody drew: :attr:`RoundScript.deal`,
:attr:`RoundScript.live_draws`, :attr:`RoundScript.replacement_draws`,
:attr:`RoundScript.dora_indicators` and :attr:`RoundScript.ura_indicators` are what the record
shows, and :attr:`RoundScript.unseen` the rest. :meth:`RoundScript.round_wall` hands the pieces
to :class:`~mahjongkit.formats.replay.RoundWall`, the one wall every record reader (this one
and mjai's) rebuilds a round from and the replay deals the engine.
"""

from __future__ import annotations

from mahjongkit.errors import NotationError
from mahjongkit.formats.tenhou.meldcode import CallType, TenhouMeld
from mahjongkit.formats.tenhou.records import (
    HAND_SIZE,
    Action,
    Agari,
    Call,
    Discard,
    Draw,
    MjlogRound,
    NewDora,
    Ryuukyoku,
    tile_ids_for,
)
from mahjongkit.valueclass import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.formats.replay import RoundWall

INDICATOR_SLOTS = 5
"""Dora indicator positions (the first, then one per kong); as many ura positions lie under them."""


@dataclass(frozen=True, slots=True)
class RoundScript:
    """A round's tiles as its record reveals them, checked.

    ``deal`` is per absolute seat; ``live_draws`` and ``replacement_draws`` in the order drawn;
    ``dora_indicators`` in order of reveal; ``ura_indicators`` as a winner showed them (empty
    when no riichi win revealed them). ``concealed_at_end`` (sorted) and ``melds_at_end`` are each
    seat's tiles when the round ended, before the winning tile of a ron is added.
    """

    players: int
    dealer: int
    tile_ids: tuple[int, ...]
    deal: tuple[tuple[int, ...], ...]
    live_draws: tuple[int, ...]
    replacement_draws: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    concealed_at_end: tuple[tuple[int, ...], ...]
    melds_at_end: tuple[tuple[TenhouMeld, ...], ...]

    @classmethod
    def from_round(cls, game_round: MjlogRound) -> RoundScript:
        """Follow every tile of ``game_round``; a contradiction raises NotationError.

        Checked: each id appears once among the deal, draws and indicators; every discard and
        every tile of a call comes from the caller's hand; chi, pon and exposed kongs take the
        last discard of the seat they name; hand sizes stay right; the winner's hand, melds and
        dora indicators and the hands shown at a draw agree with the tiles followed.
        """
        return _TileFollower(game_round).run()

    @property
    def unseen(self) -> tuple[int, ...]:
        """The ids the record never shows (undrawn tiles, hidden indicators), ascending."""
        shown = set(self.live_draws) | set(self.replacement_draws)
        shown.update(self.dora_indicators, self.ura_indicators)
        for hand in self.deal:
            shown.update(hand)
        return tuple(t for t in self.tile_ids if t not in shown)

    def round_wall(self) -> RoundWall:
        """The round's pieces as the wall every record reader lays out
        (:meth:`~mahjongkit.formats.replay.RoundWall.engine_wall` gives the engine's wall)."""
        # Imported here: reading a record needs no engine, replaying one does.
        from mahjongkit.formats.replay import RoundWall

        return RoundWall(
            tiles=self.tile_ids,
            dealer=self.dealer,
            deal=self.deal,
            live=self.live_draws,
            replacements=self.replacement_draws,
            indicators=self.dora_indicators,
            uras=self.ura_indicators,
        )


def live_wall_size(players: int) -> int:
    """The live draws of a round without kongs or north tiles set aside (70 with four players,
    55 with three): the set less the deal and the dead wall; each replacement draw takes one."""
    from mahjongkit.formats.replay import DEAD_WALL

    return len(tile_ids_for(players)) - HAND_SIZE * players - DEAD_WALL


class _TileFollower:
    """Replays a round's tiles and checks each step, for :meth:`RoundScript.from_round`."""

    def __init__(self, game_round: MjlogRound) -> None:
        self.round = game_round
        self.seats = game_round.players
        self.tile_ids = tile_ids_for(self.seats)
        self.in_play = frozenset(self.tile_ids)
        self.seen: dict[int, str] = {}
        self.hands = [list(hand) for hand in game_round.hands]
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(self.seats)]
        self.live: list[int] = []
        self.replacements: list[int] = []
        self.dora: list[int] = []
        self.ura: list[int] | None = None
        # The last discard, (seat, tile), while another seat may still call it; and the tiles a
        # kong or a north set aside exposes to robbing, as (seat, tile) pairs.
        self.claimable: tuple[int, int] | None = None
        self.robbable: set[tuple[int, int]] = set()
        self.where = f"round {game_round.name}"

    def fail(self, message: str) -> NotationError:
        return NotationError(f"{self.where}: {message}")

    def reveal(self, tile: int, what: str) -> None:
        if tile not in self.in_play:
            raise self.fail(f"tile id {tile} ({what}) is not in a {self.seats}-player set")
        if tile in self.seen:
            raise self.fail(f"tile id {tile} ({what}) was already seen ({self.seen[tile]})")
        self.seen[tile] = what

    def take(self, seat: int, tile: int) -> None:
        hand = self.hands[seat]
        if tile not in hand:
            raise self.fail(f"tile id {tile} is not in seat {seat}'s hand {sorted(hand)}")
        hand.remove(tile)

    def sets(self, seat: int) -> int:
        return sum(1 for meld in self.melds[seat] if meld.type is not CallType.NUKI)

    def check_size(self, seat: int, extra: int) -> None:
        expected = HAND_SIZE - 3 * self.sets(seat) + extra
        if len(self.hands[seat]) != expected:
            raise self.fail(
                f"seat {seat} holds {len(self.hands[seat])} concealed tiles, expected {expected}"
            )

    def run(self) -> RoundScript:
        for seat, hand in enumerate(self.round.hands):
            for tile in hand:
                self.reveal(tile, f"dealt to seat {seat}")
        self.reveal(self.round.dora_indicator, "first dora indicator")
        self.dora.append(self.round.dora_indicator)
        for number, action in enumerate(self.round.actions):
            self.where = f"round {self.round.name}, action {number} {action.to_tag()}"
            self.step(action)
        self.where = f"round {self.round.name}"
        if len(self.dora) > INDICATOR_SLOTS:
            raise self.fail(f"{len(self.dora)} dora indicators, at most {INDICATOR_SLOTS}")
        live_size = live_wall_size(self.seats)
        if len(self.live) > live_size - len(self.replacements):
            raise self.fail(
                f"{len(self.live)} live draws and {len(self.replacements)} replacement draws "
                f"do not fit a live wall of {live_size}"
            )
        return RoundScript(
            players=self.seats,
            dealer=self.round.dealer,
            tile_ids=self.tile_ids,
            deal=self.round.hands,
            live_draws=tuple(self.live),
            replacement_draws=tuple(self.replacements),
            dora_indicators=tuple(self.dora),
            ura_indicators=tuple(self.ura or ()),
            concealed_at_end=tuple(tuple(sorted(hand)) for hand in self.hands),
            melds_at_end=tuple(tuple(melds) for melds in self.melds),
        )

    def step(self, action: Action) -> None:
        if isinstance(action, Draw):
            self.check_size(action.seat, 0)
            kind = "replacement draw" if action.replacement else "live draw"
            self.reveal(action.tile, f"{kind} of seat {action.seat}")
            (self.replacements if action.replacement else self.live).append(action.tile)
            self.hands[action.seat].append(action.tile)
            self.claimable, self.robbable = None, set()
        elif isinstance(action, Discard):
            self.take(action.seat, action.tile)
            self.check_size(action.seat, 0)
            self.claimable, self.robbable = (action.seat, action.tile), set()
        elif isinstance(action, Call):
            self.call(action)
        elif isinstance(action, NewDora):
            self.reveal(action.indicator, "kong dora indicator")
            self.dora.append(action.indicator)
        elif isinstance(action, Agari):
            self.agari(action)
        elif isinstance(action, Ryuukyoku):
            for seat, shown in action.shown_hands.items():
                if sorted(shown) != sorted(self.hands[seat]):
                    raise self.fail(
                        f"seat {seat} shows {sorted(shown)} but holds {sorted(self.hands[seat])}"
                    )

    def call(self, action: Call) -> None:
        seat, meld = action.seat, action.meld
        if meld.type.claims_discard:
            if self.claimable is None:
                raise self.fail("there is no discard to call")
            source, tile = self.claimable
            if (source, tile) != (action.from_seat, meld.called):
                raise self.fail(
                    f"the meld calls tile {meld.called} from seat {action.from_seat}, "
                    f"but the last discard is tile {tile} from seat {source}"
                )
            for tile in meld.consumed():
                self.take(seat, tile)
            self.melds[seat].append(meld)
            self.claimable = None
            # After chi or pon the caller discards; after an exposed kong it draws first.
            self.check_size(seat, 0 if meld.type.takes_replacement else 1)
            return
        for tile in meld.consumed():
            self.take(seat, tile)
        if meld.type is CallType.KAKAN:
            pons = [m for m in self.melds[seat] if m.type is CallType.PON and m.kind == meld.kind]
            if not pons or pons[0].called != meld.called:
                raise self.fail(f"seat {seat} has no matching pon to add tile {meld.added} to")
            self.melds[seat][self.melds[seat].index(pons[0])] = meld
        else:
            self.melds[seat].append(meld)
        self.check_size(seat, 0)  # the replacement draw comes next
        # A kong's tiles (the added one of a kakan) and a north set aside can still be won on.
        robbed = meld.consumed() if meld.type is CallType.KAKAN else meld.tiles
        self.claimable, self.robbable = None, {(seat, tile) for tile in robbed}

    def agari(self, win: Agari) -> None:
        seat = win.seat
        expected = list(self.hands[seat])
        if win.self_draw:
            if win.win_tile not in expected:
                raise self.fail(f"seat {seat} wins on tile {win.win_tile}, not in its hand")
        else:
            targets = self.robbable | ({self.claimable} if self.claimable else set())
            if (win.from_seat, win.win_tile) not in targets:
                raise self.fail(
                    f"seat {seat} wins on tile {win.win_tile} from seat {win.from_seat}, "
                    "which is not the tile just discarded or added to a kong"
                )
            expected.append(win.win_tile)
        if sorted(win.hand) != sorted(expected):
            raise self.fail(f"the winning hand {sorted(win.hand)} is not {sorted(expected)}")
        own_codes = sorted(m.code for m in self.melds[seat])
        if sorted(m.code for m in win.melds) != own_codes:
            raise self.fail(f"the winner's melds {win.melds} are not {self.melds[seat]}")
        if win.dora_indicators and list(win.dora_indicators) != self.dora:
            raise self.fail(
                f"dora indicators {list(win.dora_indicators)} are not those shown, {self.dora}"
            )
        if win.ura_indicators:
            if len(win.ura_indicators) > INDICATOR_SLOTS:
                raise self.fail(
                    f"{len(win.ura_indicators)} ura indicators, at most {INDICATOR_SLOTS}"
                )
            if self.ura is None:
                self.ura = list(win.ura_indicators)
                for tile in self.ura:
                    self.reveal(tile, "ura indicator")
            elif self.ura != list(win.ura_indicators):
                raise self.fail(f"ura indicators {list(win.ura_indicators)} differ from {self.ura}")
