"""Hong Kong old-style options: a frozen dataclass and its named presets.

Every value the sources dispute (``RULES-hongkong.md`` §3-§6, §8) is a named field, so a table's
house rules are a list of ``NAME=VALUE`` overrides (``mahjongkit score ... --option
small_four_winds_limit=true``). The defaults are "table A" of ``RULES-hongkong.md`` §8, which
follows the source documents (``REQUIREMENTS.md`` H-01…H-16) wherever they speak.

Fields fall in four groups:

* **scoring** (read by the scorer): the minimum and the limit, the fan of each disputed pattern
  and whether it is a limit hand, what counts toward the minimum;
* **payments** (read by :mod:`mahjongkit.variants.hongkong.payments`): the payment system, the
  base-amount table, the liability rules of §6;
* **table flow** (read by the game engine, not by the scorer): multiple winners, dealer repeats,
  robbing a concealed kong, immediate wins on seven or eight bonus tiles;
* **equipment**: whether the bonus tiles are in play.

Every number option has its range beside it (:func:`~mahjongkit.options.option`): fan values
and the limit are 0 to :data:`MAX_FAN` (the limit at least 1), which keeps every payment
printable whatever the base table.

>>> HongKongRules.old_style().min_fan, HongKongRules.old_style().limit
(3, 13)
>>> HongKongRules(limit=100_000)
Traceback (most recent call last):
...
mahjongkit.errors.OptionValueError: the limit option is a whole number from 1 to 100, not 100000
"""

from __future__ import annotations

from mahjongkit.errors import OptionValueError
from mahjongkit.i18n import Sentence
from mahjongkit.lite_typing import Literal
from mahjongkit.options import check_options, option
from mahjongkit.valueclass import dataclass

MAX_FAN = 100
"""The most fan an option may give a pattern, the minimum or the limit: far above any table's
limit (8 to 16), and a payment at it (2 to the 100th at full spicy) is still a number to print."""


@dataclass(frozen=True)
class HongKongRules:
    """The options of a Hong Kong old-style table (defaults: table A, ``RULES-hongkong.md`` §8)."""

    # --- equipment -------------------------------------------------------------------------
    players: int = option(4, choices=(4,), unit="players")
    """Players at the table; Hong Kong old style is a four-player game (H-01)."""
    flowers: bool = True
    """Play with the eight bonus tiles (144 tiles). False: 136 tiles (不打花), no bonus-tile fan,
    and a win that lists bonus tiles is refused."""

    # --- minimum and limit -----------------------------------------------------------------
    min_fan: int = option(3, low=0, high=MAX_FAN, unit="fan")
    """The minimum (起糊): a complete hand worth fewer fan is not a win (H-11)."""
    limit: int = option(13, low=1, high=MAX_FAN, unit="fan")
    """The limit (滿糊): totals above it are paid at it, and a limit hand is worth it (H-12)."""
    bonus_counts_toward_minimum: bool = False
    """Whether bonus-tile fan (無花, 正花, 一台花) count toward ``min_fan``. Wikipedia says no (the
    default); many casual tables say yes (§3)."""

    # --- disputed pattern values (§4) ------------------------------------------------------
    small_four_winds_fan: int = option(6, low=0, high=MAX_FAN, unit="fan")
    """小四喜: 6 in table A, 10 in at99play, a limit hand in table B."""
    small_four_winds_limit: bool = False
    all_concealed_pungs_fan: int = option(8, low=0, high=MAX_FAN, unit="fan")
    """坎坎糊 (all concealed pungs): 8 in table A, a limit hand in HP."""
    all_concealed_pungs_limit: bool = False
    big_three_dragons_fan: int = option(8, low=0, high=MAX_FAN, unit="fan")
    """大三元: 8 in tables A and B, a limit hand in HP and PyPI hk-mahjong."""
    big_three_dragons_limit: bool = False
    all_honours_fan: int = option(10, low=0, high=MAX_FAN, unit="fan")
    """字一色: 10 in table A (all pungs included), a limit hand in HP."""
    all_honours_limit: bool = False
    all_terminals_fan: int = option(13, low=0, high=MAX_FAN, unit="fan")
    """清么九: 13 in tables A and B, 10 in some implementations, a limit hand in HP."""
    all_terminals_limit: bool = False
    eight_bonus_tiles_fan: int = option(8, low=0, high=MAX_FAN, unit="fan")
    """八仙過海 (all eight bonus tiles): 8 in table A and TB, a limit hand in HP."""
    eight_bonus_tiles_limit: bool = False
    seven_bonus_tiles_fan: int = option(3, low=0, high=MAX_FAN, unit="fan")
    """花糊 (seven bonus tiles): 3 (ZHW, TB, CS, HP)."""
    small_three_dragons_fan: int = option(5, low=0, high=MAX_FAN, unit="fan")
    """小三元: 5, which includes the two dragon pungs in table A."""
    small_three_dragons_includes_dragon_pungs: bool = True
    """False: the two dragon pungs add 1 fan each on top of 小三元 (5 + 2 = 7, some tables)."""
    last_tile_fan: int = option(1, low=0, high=MAX_FAN, unit="fan")
    """海底撈月 (win on the last tile or the discard after it): 1; ZHW lists 2."""
    kong_replacement_fan: int = option(2, low=0, high=MAX_FAN, unit="fan")
    """槓上開花 (self-draw on a kong's replacement tile), self-draw included (H-14)."""
    double_kong_replacement_fan: int = option(9, low=0, high=MAX_FAN, unit="fan")
    """槓上槓 (on a second consecutive replacement), self-draw included (H-14); another public
    implementation gives 8."""
    seven_pairs: bool = False
    """Seven pairs is not an old-style hand; some modern tables allow it (§2)."""
    seven_pairs_fan: int = option(4, low=0, high=MAX_FAN, unit="fan")
    """The value of seven pairs when ``seven_pairs`` is on (it includes the concealed hand)."""
    concealed_hand_on_self_draw: bool = True
    """門前清 also on a self-draw (門前清 + 自摸 = 2, table A). False: only on a discard win, the
    self-draw counting alone (Y)."""
    common_hand_suited_pair: bool = False
    """平糊's pair: False (table A) = any pair that scores nothing (not a dragon, seat or round
    wind); True (table B) = a suited pair."""
    nine_gates_strict: bool = True
    """九子連環: True = the 13 tiles before the winning tile are 1112345678999 of one suit (CS);
    False = the 14 tiles merely contain that shape (PyPI hk-mahjong), see example hk26."""
    earthly_hand: Literal["dealer_discard", "own_first_draw", "either"] = "dealer_discard"
    """地糊 for a non-dealer's first-turn win: on the dealer's first discard (CS, HP), on one's own
    first draw (some tables), or either."""
    human_hand: bool = False
    """人糊 (CS): a non-dealer's first-turn self-draw, not an earthly hand, is a limit hand."""

    # --- payments (§5, §6) -----------------------------------------------------------------
    payment_system: Literal["full", "half"] = "full"
    """full (全銃, H-10/H-15): self-draw, each other seat pays base; discard, the discarder alone
    pays 2×base. half (半銃): discard, the discarder pays 2×base and the other two base each;
    self-draw, each pays 2×base."""
    base_table: Literal["half_spicy", "full_spicy", "odd_doubling"] = "half_spicy"
    """base(fan): half_spicy (半辣上, H-16: 1 2 4 8 16 24 32 48 64 …, doubling every two fan from
    4), full_spicy (辣辣上, doubling every fan), odd_doubling (the other reading of H-16: 8 at 3,
    16 at 5, 32 at 7 …, the even fan halfway at ×1.5)."""
    rob_kong_payment: Literal["discarder", "kong_declarer_pays_all"] = "discarder"
    """Who pays a win by robbing the kong: the kong's declarer as a discarder (default), or, "搶槓當
    自摸" (Y), the declarer pays for all three as on a self-draw."""
    twelve_tiles_liability: bool = True
    """十二張落地包自摸: the winner shows four claimed sets and self-draws; the seat whose discard
    completed the fourth set (the last meld) pays for all three (Y, example hk25)."""
    kong_replacement_liability: bool = False
    """槓上開花包自摸: a self-draw on the replacement of a claimed kong (the last meld) is paid
    entirely by the seat that discarded the kong's tile (a common house rule, §6)."""
    big_hand_liability: bool = False
    """包三元 / 包四喜: the seat that fed the third dragon set (大三元) or the fourth wind set
    (大四喜) — the last such meld — is liable (a common house rule, §6)."""

    # --- table flow (read by the game engine) ----------------------------------------------
    multiple_winners: bool = False
    """False: one winner per discard, the first in turn order after the discarder (截糊, head
    bump). True: every player who can win on it does (一炮多響)."""
    dealer_repeats_on_win: bool = True
    """The dealer keeps the deal (連莊) after winning."""
    dealer_repeats_on_draw: bool = True
    """The dealer keeps the deal after a drawn hand (荒莊); some tables pass it on."""
    thirteen_orphans_rob_concealed_kong: bool = False
    """Only an added kong can be robbed (H-13); some tables let thirteen orphans rob a concealed
    kong too."""
    bonus_tile_win: bool = True
    """Seven bonus tiles (花糊, robbing the eighth) or all eight (八仙過海) win at once, without a
    complete hand; the scorer accepts such a hand when it holds seven or eight bonus tiles."""

    def __post_init__(self) -> None:
        check_options(self)
        if self.min_fan > self.limit:
            raise OptionValueError(
                Sentence("refusal.min_above_limit", minimum=self.min_fan, limit=self.limit)
            )

    @classmethod
    def old_style(cls) -> HongKongRules:
        """Table A of ``RULES-hongkong.md`` §8: 3-fan minimum, 13-fan limit, full liability
        (全銃), the half-spicy table, the source documents' values."""
        return cls()

    @classmethod
    def old_style_table_b(cls) -> HongKongRules:
        """The older casual table B (Y): small four winds, all concealed pungs and all honours
        are limit hands, the common hand needs a suited pair, the robbed kong's declarer pays
        for all, and the concealed hand counts only on a discard win."""
        return cls(
            small_four_winds_limit=True,
            all_concealed_pungs_limit=True,
            all_honours_limit=True,
            common_hand_suited_pair=True,
            rob_kong_payment="kong_declarer_pays_all",
            concealed_hand_on_self_draw=False,
        )

    @classmethod
    def half_liability(cls) -> HongKongRules:
        """The older 半銃 system (ZW, AIMJ): everybody pays, the discarder double; otherwise
        table A."""
        return cls(payment_system="half")

    @classmethod
    def no_flowers(cls) -> HongKongRules:
        """A 136-tile table without bonus tiles (不打花, Y); otherwise table A."""
        return cls(flowers=False)


PRESETS = {
    "old_style": HongKongRules.old_style,
    "table_b": HongKongRules.old_style_table_b,
    "half_liability": HongKongRules.half_liability,
    "no_flowers": HongKongRules.no_flowers,
}
"""The named presets; the first is the default."""
