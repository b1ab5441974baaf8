"""Options of Sichuan blood-battle mahjong (血战到底), and the preset of the source documents.

Every value the sources leave open is a named option (``RULES-sichuan.md`` §8 gives the names and
the recommended defaults); :meth:`SichuanRules.blood_battle` is the source documents plus those
defaults. Options are overridden by name, e.g. ``--option fan_cap=3``.

>>> rules = SichuanRules.blood_battle()
>>> rules.fan_cap, rules.self_draw_bonus, rules.call_transfer
(4, 'none', 'that_kong')
>>> rules.cap_value
16
"""

from __future__ import annotations

from mahjongkit.lite_typing import Literal
from mahjongkit.options import check_options, option
from mahjongkit.valueclass import dataclass


@dataclass(frozen=True, slots=True)
class SichuanRules:
    """The rules of one Sichuan table. See ``RULES-sichuan.md`` §8 for the sources of each.
    Each number option's range is declared beside it (:func:`~mahjongkit.options.option`)."""

    players: int = option(4, choices=(4,), unit="players")
    """Players at the table: blood battle is played by four."""
    base: int = option(1, low=0, high=10_000, unit="points")
    """The base unit: a 0-fan hand pays one base (S-02)."""
    fan_cap: int = option(4, low=0, high=30, unit="fan")
    """Fan above the cap count as the cap (S-03); sources use 3, 4 or 5."""
    self_draw_bonus: Literal["none", "jiadi", "jiafan"] = "none"
    """Self-draw bonus house rule (§6, S-14): none; 自摸加底, +1 base from each payer; 自摸加番, +1
    fan (under the cap)."""
    huan_san_zhang: Literal["off", "random", "dice", "cw", "ccw", "across"] = "off"
    """换三张 (§2): off, or the exchange direction (random, by dice, cw, ccw, across)."""
    void_discard_rule: Literal["strict", "lenient"] = "strict"
    """Discard obligation of the missing suit (§3): strict, its tiles go first, all of them;
    lenient, only the first discard."""
    yipao_duoxiang: bool = True
    """一炮多响 (§4): several players may win on one discard."""
    rob_kong: bool = True
    """搶槓胡 (§4): an added kong may be robbed."""
    call_transfer: Literal["that_kong", "all_kongs", "cancel"] = "that_kong"
    """呼叫转移 on 槓上炮 (§6.1): hand that kong's money to the winner, all the konger's kong money,
    or refund it."""
    call_transfer_split: Literal["first_winner", "each_winner"] = "first_winner"
    """Who receives the transferred kong money when several players win on that discard: the
    first (counter-clockwise), or each winner the full amount from the konger."""
    dian_gang_hua: Literal["as_self_draw", "as_discard"] = "as_self_draw"
    """點槓花 (§6), a win on the replacement of a kong fed by a discard: everyone pays (as a
    self-draw), or the feeder."""
    flower_pig: Literal["cap_to_all_non_pig", "cap_to_ready_only", "fixed_penalty_48_to_pot"] = (
        "cap_to_all_non_pig"
    )
    """查花猪 at the wall end (§6.2): whom the player still holding the missing suit pays."""
    flower_pig_penalty: int = option(48, low=0, high=10_000, unit="bases")
    """Bases paid to the pot by a flower pig under ``fixed_penalty_48_to_pot`` (Novikov: 48)."""
    cha_da_jiao_as: Literal["discard", "self_draw"] = "discard"
    """查大叫 (§6.2): how the maximum value of a ready hand is taken, as if won on a discard or as a
    self-draw (the bonus applies)."""
    exposed_kong_payment: int = option(2, low=0, high=100, unit="bases")
    """Bases the discarder pays for an exposed kong made on its discard (§6.1: 2, or 1)."""
    postponed_kong_pays: bool = True
    """An added kong whose fourth tile was already in the hand still pays (§6.1)."""
    refund_to_players_who_won: bool = True
    """退税 (§6.2) also pays back kong money to payers who have won since."""
    men_qing_zhong_zhang: bool = False
    """门清中张 extras (§7.2): +1 fan concealed hand, +1 fan no 1 or 9."""
    yao_jiu_jiang_dui: bool = True
    """幺九將對 (§7.2): terminals everywhere and 2-5-8 pungs count (they do in the sources)."""
    tian_di_hu: bool = True
    """天胡 / 地胡 are worth the cap (S-15)."""
    hands_per_game: int = option(4, low=1, high=100, unit="hands")
    """Hands in a game at the table: the sources set no game length (Sichuan has no prevailing
    wind); tables agree on a number of hands."""

    def __post_init__(self) -> None:
        check_options(self)

    @property
    def cap_value(self) -> int:
        """The value of a hand at the cap: base × 2^cap."""
        return self.base << self.fan_cap

    def hand_value(self, fan: int) -> int:
        """What one payer pays for a hand of ``fan`` fan: base × 2^min(fan, cap) (S-02, S-03)."""
        return self.base << min(fan, self.fan_cap)

    @classmethod
    def blood_battle(cls) -> SichuanRules:
        """The source documents with the recommended defaults of ``RULES-sichuan.md`` §8."""
        return cls()

    @classmethod
    def mil_sbr(cls) -> SichuanRules:
        """The MIL tournament rules (SBR 2025): cap 3, 自摸加底, 及时雨 and 退税 on 槓上炮."""
        return cls(
            fan_cap=3,
            self_draw_bonus="jiadi",
            call_transfer="cancel",
            postponed_kong_pays=False,
        )
