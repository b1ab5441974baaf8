"""Riichi rule options: one frozen dataclass, three named presets.

Every row of ``RULES-riichi.md`` is a field here, with the value each preset gives it. The scorer
reads the scoring fields; the table engine (``mahjongkit.game``) reads the table-flow fields
(abortive draws, multiple ron, furiten, kan dora timing, starting points, uma, bust, ...). A field
is never a literal in the code that uses it: the number of players in particular is
:attr:`RiichiRules.players`, so that three-player rules are a preset away.

>>> RiichiRules.ema2012().open_tanyao, RiichiRules.ema2016().open_tanyao
(False, True)
>>> RiichiRules.tenhou().counted_yakuman, RiichiRules.ema2016().counted_yakuman
('yakuman', 'sanbaiman')
"""

from __future__ import annotations

from mahjongkit.lite_typing import Literal
from mahjongkit.options import check_options, option
from mahjongkit.valueclass import dataclass, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    AbortiveDraw = Literal[
        "nine_terminals", "four_winds", "four_riichi", "four_kongs", "triple_ron"
    ]
    """Kinds of abortive draw (途中流局): nine different terminals and honours in a starting hand
    (kyuushu kyuuhai), the same wind discarded by all four players on the first go-around (suufon
    renda), four players in riichi (suucha riichi), four kongs by more than one player (suukaikan),
    three players winning on the same discard (sanchahou)."""

YAKUMAN_IDS = (
    "kokushi",
    "kokushi_13",
    "chuuren",
    "junsei_chuuren",
    "tenhou",
    "chiihou",
    "renhou",
    "suuankou",
    "suuankou_tanki",
    "suukantsu",
    "ryuuiisou",
    "chinroutou",
    "tsuuiisou",
    "daisangen",
    "shousuushii",
    "daisuushii",
)
"""The yakuman of the pattern table: what :attr:`RiichiRules.double_yakuman` and
:attr:`RiichiRules.liability_yakuman` may list (the tests check it against the table)."""


@dataclass(frozen=True, slots=True)
class RiichiRules:
    """The options of a Riichi game. Build one with a preset and override single fields.

    Scoring options come first, then the options of the table flow. Amounts are in points.
    Each number option's range is declared beside it (:func:`~mahjongkit.options.option`);
    a value out of it is an :class:`~mahjongkit.errors.OptionValueError`.
    """

    # --- players and bonus tiles ---------------------------------------------------------------
    players: int = option(4, low=3, high=4, unit="players")
    """Seats at the table (4; 3 for three-player Riichi). Seats are 0..players-1, 0 deals."""
    north_set_aside: bool = option(False, when_set=True)
    """Three players only: on one's turn a North tile may be set aside (kita, nukidora) and is
    replaced from the dead wall; each counts as a dora of its own (see ``docs/three-player.md``)."""
    red_fives: bool = True
    """One red five per suit (aka dora), each worth one han, not a yaku."""
    ura_dora: bool = True
    """A riichi winner also counts the ura dora (under the indicators)."""
    kan_dora: bool = True
    """Each kong turns one more dora indicator (see :attr:`kan_dora_timing`)."""

    # --- yaku ----------------------------------------------------------------------------------
    open_tanyao: bool = False
    """All Simples (kuitan) also counts in an open hand. EMA 2012 (seed R-09): no."""
    renhou: Literal["yakuman", "mangan", "none"] = "yakuman"
    """Blessing of Man (R-38): a yakuman, a 5-han yaku (a mangan on its own), or not a yaku."""
    two_han_minimum_counters: int | None = option(5, low=0, high=100, unit="counters")
    """From this many counters (honba) on, a win needs two han of yaku (dora excluded);
    None: never."""

    # --- limits and yakuman ---------------------------------------------------------------------
    counted_yakuman: Literal["yakuman", "sanbaiman", "multiple"] = "yakuman"
    """What 13 or more han of ordinary yaku and dora pay: one yakuman (never more, R-03),
    sanbaiman, or one yakuman per 13 han."""
    double_yakuman: tuple[str, ...] = option(("daisuushii",), choices=YAKUMAN_IDS)
    """Yakuman ids that pay twice (R-47: Big Four Winds). Candidates: daisuushii,
    kokushi_13, suuankou_tanki, junsei_chuuren."""
    yakuman_stacking: bool = False
    """Several yakuman in one hand add up (R-04 says they do not)."""
    kiriage_mangan: bool = False
    """4 han 30 fu and 3 han 60 fu are rounded up to a mangan."""

    # --- fu ------------------------------------------------------------------------------------
    double_wind_pair_fu: int = option(4, choices=(2, 4), unit="fu")
    """Fu of a pair that is both the seat and the prevalent wind (2 in some rule sets)."""
    open_pinfu_fu: bool = True
    """An open hand that scores no fu at all and wins on a discard gets 2 fu: 30, not 20."""

    # --- payments ------------------------------------------------------------------------------
    honba_value: int = option(300, low=0, high=10_000, unit="points")
    """What one counter adds to a win on a discard (paid by the discarder)."""
    honba_per_payer: int = option(100, low=0, high=10_000, unit="points")
    """What one counter adds to each payment of a self-draw."""
    riichi_deposit: int = option(1000, low=0, high=100_000, unit="points")
    """The stake a player puts on the table when declaring riichi."""
    missing_seat_share: Literal["lost", "split"] = option("lost", when_set=True)
    """Three players: the share of a self-draw the missing fourth seat would have paid is lost
    to the winner (tsumo loss, ツモ損: Tenhou, and the conformance records), or split equally
    between the two payers (北家折半), each payment rounded up to 100."""
    tenpai_payment: int = option(3000, low=0, high=100_000, unit="points", when_set=True)
    """What an exhaustive draw moves from the seats not ready to the ready ones in all (3,000;
    Tenhou's three-player tables 2,000: 1,000 from each seat not ready to a lone ready one)."""
    liability_yakuman: tuple[str, ...] = option(("daisangen", "daisuushii"), choices=YAKUMAN_IDS)
    """Yakuman whose last set, when fed by a claim, makes the feeder liable (pao, R-48)."""
    liability_ron: Literal["split", "discarder"] = "split"
    """On a discard win with a liable player: the liable player and the discarder each pay half
    (R-48), or the discarder alone pays."""
    liability_counters: Literal["liable", "discarder"] = "liable"
    """Who pays the counters of a discard win with a liable player (Tenhou: the liable one)."""
    leftover_deposits: Literal["winner", "first_place", "lost"] = "winner"
    """Riichi deposits still on the table at the end of the game go to the next winner
    (carried over; the last ones to the game's winner), to first place, or are lost."""

    # --- table flow (read by the game engine) ----------------------------------------------------
    swap_calling: bool = True
    """Kuikae: after a chow or pung, discarding the claimed tile (or the other end of the chow)
    is allowed."""
    nagashi_mangan: bool = True
    """R-33: at an exhaustive draw, a concealed hand that discarded only unclaimed terminals and
    honours is paid as a self-drawn mangan."""
    nagashi_mangan_concealed_only: bool = True
    """R-33: only a concealed hand may claim nagashi mangan (EMA); Tenhou allows one's own
    calls, as long as none of one's discards was claimed."""
    nagashi_mangan_collects: bool = True
    """R-33: nagashi mangan also collects the counters (as a self-draw) and the riichi deposits
    on the table (EMA); Tenhou pays the bare mangan, and the deposits stay on the table."""
    # The kinds are written out, not named by AbortiveDraw: rule options read these annotations
    # at run time (typing.get_type_hints), where the alias does not exist.
    abortive_draws: tuple[
        Literal["nine_terminals", "four_winds", "four_riichi", "four_kongs", "triple_ron"], ...
    ] = (
        "nine_terminals",
        "four_winds",
        "four_riichi",
        "four_kongs",
    )
    """Which abortive draws exist (see :data:`AbortiveDraw`)."""
    max_ron_winners: int | None = option(None, low=1, high=3, unit="winners")
    """How many players may win on one discard; None: every other player (2: a triple ron is not
    a triple win, see ``triple_ron`` in :attr:`abortive_draws`; 1: head bump, the first in turn
    order from the discarder wins)."""
    multiple_ron_bonus: Literal["each_winner", "first_winner"] = "each_winner"
    """On a multiple ron, counters and deposits go to each winner (each paid separately) or
    only to the first winner in turn order from the discarder."""
    temporary_furiten_ends: Literal["draw_or_any_call", "draw_or_own_claim", "own_discard"] = (
        "draw_or_any_call"
    )
    """When a passed-up win stops blocking ron: at the player's next draw or at any call by
    anyone (EMA 2012), at the player's draw or own claim (EMA 2016), or at the player's own
    next discard (Tenhou)."""
    passed_tile_furiten: Literal["wait", "offered_win"] = "wait"
    """Which discard let go by makes a seat temporarily furiten (and a riichi hand furiten for
    good): any tile that completes the hand's shape, even one it could not have won on (no yaku,
    too few han) — furiten is a matter of the waits, as Tenhou and libriichi play it; the seed
    is silent and EMA's texts define furiten by the waits too — or only a win that was offered
    and passed up."""
    kan_dora_timing: Literal["immediate", "after_discard_if_open"] = "immediate"
    """When a kong's new dora indicator is turned: at once for every kong, or at once for a
    concealed kong and after the replacement's discard for an exposed or added kong."""
    thirteen_orphans_rob_concealed_kong: bool = True
    """R-19: Thirteen Orphans may rob a concealed kong (only it may)."""
    starting_points: int = option(30000, low=0, high=1_000_000, unit="points")
    """Each player's score at the start."""
    return_points: int = option(30000, low=0, high=1_000_000, unit="points")
    """The score subtracted from each final score (oka = players x (return - start), to first
    place)."""
    uma: tuple[int, ...] = option(
        (15000, 5000, -5000, -15000), low=-1_000_000, high=1_000_000, unit="points"
    )
    """Placement bonus by final rank, first to last (one entry per player)."""
    tied_placements: Literal["split", "seat_order"] = "split"
    """Players who end on the same score share the placements' uma and oka equally (EMA), or
    are ranked by seat order from the first dealer (Tenhou)."""
    game_length: int = option(2, low=1, high=3, unit="winds")
    """How many prevalent winds a game lasts: 2 East and South (hanchan), 1 East only (3: to
    West; an extension may then go on into North, the last wind)."""
    bust: bool = False
    """Tobi: the game ends when a player's score drops below zero."""
    extension: bool = False
    """Sudden-death extension into the next wind when nobody reached the return score: the
    game then ends after the first hand that leaves somebody with it, unless the dealer keeps
    the deal (Tenhou: the dealer's repeat comes first), and after the extension's last hand."""
    agari_yame: bool = False
    """The game ends when the dealer of the last hand (or of a hand of the extension) wins it
    and stands in first place: alone, or first by seat order where :attr:`tied_placements` is
    ``seat_order``; where the game extends (:attr:`extension`), with at least the return score
    too. Deposits still on the table do not count."""
    tenpai_yame: bool = False
    """The game ends, as after the dealer's win (:attr:`agari_yame`, the same first place),
    when the dealer of the last hand is ready at its exhaustive draw. Tenhou since June 2010
    (announced 2010-05-18); its earlier games play on, and replaying a Tenhou record chooses
    by the record's date (:func:`mahjongkit.formats.tenhou.replay.record_rules`)."""

    def __post_init__(self) -> None:
        check_options(self)
        # What one option's range cannot say: how the options fit together.
        from mahjongkit.errors import OptionValueError
        from mahjongkit.i18n import Sentence

        if len(self.uma) != self.players:
            raise OptionValueError(
                Sentence("refusal.uma_entries", count=len(self.uma), players=self.players)
            )
        if self.north_set_aside and self.players != 3:
            raise OptionValueError(Sentence("refusal.kita_players", players=self.players))
        if self.max_ron_winners is not None and not self.max_ron_winners < self.players:
            raise OptionValueError(
                Sentence(
                    "refusal.max_ron_winners",
                    most=self.players - 1,
                    players=self.players,
                    value=self.max_ron_winners,
                )
            )

    @property
    def oka(self) -> int:
        """The first-place bonus made of everyone's difference to the return score."""
        return self.players * (self.return_points - self.starting_points)

    @classmethod
    def ema2012(cls) -> RiichiRules:
        """EMA Riichi Competition Rules 2008-2016, the rules of seed 003 (the default)."""
        return cls()

    @classmethod
    def ema2016(cls) -> RiichiRules:
        """EMA Riichi Competition Rules 2016 (today's European tournaments)."""
        return cls(
            red_fives=False,
            open_tanyao=True,
            renhou="mangan",
            two_han_minimum_counters=None,
            counted_yakuman="sanbaiman",
            double_yakuman=(),
            swap_calling=False,
            nagashi_mangan=False,
            abortive_draws=(),
            temporary_furiten_ends="draw_or_own_claim",
        )

    @classmethod
    def tenhou(cls) -> RiichiRules:
        """Tenhou.net's rules (ranked four-player lobbies with red fives), as played since June
        2010: the last dealer in first place with the return score stops on a win or when ready
        at the exhaustive draw."""
        return cls(
            open_tanyao=True,
            renhou="none",
            two_han_minimum_counters=None,
            double_yakuman=(),
            yakuman_stacking=True,
            swap_calling=False,
            abortive_draws=(
                "nine_terminals",
                "four_winds",
                "four_riichi",
                "four_kongs",
                "triple_ron",
            ),
            max_ron_winners=2,
            multiple_ron_bonus="first_winner",
            temporary_furiten_ends="own_discard",
            nagashi_mangan_concealed_only=False,
            nagashi_mangan_collects=False,
            kan_dora_timing="after_discard_if_open",
            thirteen_orphans_rob_concealed_kong=False,
            starting_points=25000,
            return_points=30000,
            uma=(20000, 10000, -10000, -20000),
            bust=True,
            extension=True,
            agari_yame=True,
            tenpai_yame=True,
            leftover_deposits="first_place",
            tied_placements="seat_order",
        )

    @classmethod
    def tenhou3(cls) -> RiichiRules:
        """Tenhou.net's three-player rules (sanma, ranked lobbies with red fives): East, South
        and West at the table, no 2m-8m (so no red 5m) and no chow, North set aside as a dora
        (kita), tsumo loss, 35,000 points with 40,000 returned, the ready payment of 2,000 in
        all; the four-player ``tenhou`` preset otherwise (``docs/three-player.md``)."""
        return replace(
            cls.tenhou(),
            players=3,
            north_set_aside=True,
            abortive_draws=("nine_terminals", "four_kongs"),
            starting_points=35000,
            return_points=40000,
            uma=(20000, 0, -20000),
            tenpai_payment=2000,
        )


PRESETS = {
    "ema2012": RiichiRules.ema2012,
    "ema2016": RiichiRules.ema2016,
    "tenhou": RiichiRules.tenhou,
    "tenhou3": RiichiRules.tenhou3,
}
"""The named presets; the first is the default."""
