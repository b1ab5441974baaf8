"""Rule options are bounded (issue 28, item 5): every option of every family has a declared
range; a value out of it, or of the wrong type, is an OptionValueError whose sentence says it in
every language; and within the ranges, at their extremes, no score, explanation or JSON raises.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit import options as O
from mahjongkit.errors import NotationError, OptionValueError
from mahjongkit.i18n import reason_of, say
from mahjongkit.options import (
    OptionSpec,
    check_options,
    option_ranges,
    option_specs,
    options_page,
    override,
)
from mahjongkit.scoring.result import MAX_COUNT
from mahjongkit.variants import find_variant
from mahjongkit.variants.hongkong.fan import FAN_TABLE as HONG_KONG_TABLE
from mahjongkit.variants.hongkong.rules import HongKongRules
from mahjongkit.variants.riichi.rules import YAKUMAN_IDS, RiichiRules
from mahjongkit.variants.riichi.yaku import TABLE as RIICHI_TABLE
from mahjongkit.variants.sichuan.fan import TABLE as SICHUAN_TABLE
from mahjongkit.variants.sichuan.rules import SichuanRules
from tests.helpers.paths import REPO
from tests.helpers.wins import win_from_cli

FAMILIES = {"riichi": RiichiRules, "hongkong": HongKongRules, "sichuan": SichuanRules}
EXAMPLES = {
    "riichi": [row.example for row in RIICHI_TABLE if row.example],
    "hongkong": [row.example for row in HONG_KONG_TABLE if row.example],
    "sichuan": [row.example for row in SICHUAN_TABLE if row.example],
}


def _specs(rules_type: type) -> tuple[OptionSpec, ...]:
    return option_specs(rules_type)


# --- every option has a range ---------------------------------------------------------------


@pytest.mark.parametrize("variant", FAMILIES)
def test_every_option_has_a_documented_range(variant: str) -> None:
    """Booleans are true or false; every number has a low and a high or its choices; every
    text, alone or in a list, has its choices: nothing is left to any value at all."""
    for spec in _specs(FAMILIES[variant]):
        if spec.kind == "bool":
            continue
        if spec.kind == "int":
            assert spec.choices or (spec.low is not None and spec.high is not None), spec.name
            assert spec.unit, f"{spec.name}: a number says what it counts"
        else:
            assert spec.kind == "str" and spec.choices, spec.name


@pytest.mark.parametrize("variant", FAMILIES)
def test_the_annotations_are_read_as_typing_reads_them(variant: str) -> None:
    """check_options reads the annotations without :mod:`typing` (a one-shot command does not
    import it): for every option, what it reads is what ``typing.get_type_hints`` gives."""
    hints = typing.get_type_hints(FAMILIES[variant])
    for spec in _specs(FAMILIES[variant]):
        hint = hints[spec.name]
        args = typing.get_args(hint)
        if spec.optional:
            assert type(None) in args, spec.name
            (hint,) = [a for a in args if a is not type(None)]
        if spec.many:
            assert typing.get_origin(hint) is tuple and typing.get_args(hint)[1] is Ellipsis
            hint = typing.get_args(hint)[0]
        if typing.get_origin(hint) is typing.Literal:
            declared = dataclasses.fields(FAMILIES[variant])
            own = next(f for f in declared if f.name == spec.name).metadata.get(O.RANGE)
            if own is None or not own.choices:
                assert spec.choices == typing.get_args(hint), spec.name
            hint = type(typing.get_args(hint)[0])
        assert hint.__name__ == spec.kind, spec.name


def test_the_yakuman_a_list_may_name_are_the_tables() -> None:
    assert set(YAKUMAN_IDS) == {row.id for row in RIICHI_TABLE if row.yakuman}
    assert len(YAKUMAN_IDS) == len(set(YAKUMAN_IDS))


def test_the_command_lines_count_bound_is_the_librarys() -> None:
    from mahjongkit.api import words

    assert words.MAX_COUNT == MAX_COUNT


def test_the_documented_ranges_are_the_declared_ones() -> None:
    """``docs/options.md`` lists every option of every family with its range, as
    :func:`option_ranges` gives them (so that the page cannot drift from the data)."""
    page = (REPO / "docs" / "options.md").read_text(encoding="utf-8")
    for variant, rules_type in FAMILIES.items():
        assert f"## {variant}\n\n" + options_page(rules_type()) in page, variant
        assert len(option_ranges(rules_type())) == len(_specs(rules_type))
    assert page.count("\n| `") == sum(len(_specs(t)) for t in FAMILIES.values())


# --- out of range: a typed error, said in every language ------------------------------------


def _outside(spec: OptionSpec) -> list[Any]:
    """Values just outside an option's range, and values of other types."""
    values: list[Any] = ["x", None, 1.5, [1]]
    if spec.kind == "int":
        values.remove(None) if spec.optional else None
        if spec.low is not None and spec.high is not None:
            values += [spec.low - 1, spec.high + 1, 10**5000, -(10**5000)]
        else:
            values += [max(spec.choices) + 1, min(spec.choices) - 1, True]
    elif spec.kind == "bool":
        values += [0, 1, "true"]
    else:
        values += ["no_such_choice", 3]
    return [(v,) if spec.many and not isinstance(v, list) else v for v in values]


@pytest.mark.parametrize("variant", FAMILIES)
def test_a_value_out_of_range_or_of_the_wrong_type_is_a_typed_error(variant: str) -> None:
    rules_type = FAMILIES[variant]
    default = rules_type()
    for spec in _specs(rules_type):
        for value in _outside(spec):
            with pytest.raises(OptionValueError) as refused:
                dataclasses.replace(default, **{spec.name: value})
            assert isinstance(refused.value, NotationError)  # what the surfaces already catch
            reason = reason_of(refused.value)
            assert getattr(reason, "key", "").startswith("refusal.option_"), reason
            english = str(refused.value)
            assert spec.name in english and len(english) < 400, english
            for lang in ("fr", "es"):
                said = say(reason, lang)
                assert said != english and spec.name in said, (lang, said)


@pytest.mark.parametrize(
    ("variant", "assignment", "says"),
    [
        ("riichi", "honba_value=10001", "the honba_value option is a whole number from 0 to 10000"),
        ("riichi", "uma=1,2,3,2000000", "each entry of the uma option is a whole number from"),
        ("riichi", "game_length=4", "the game_length option is a whole number from 1 to 3"),
        ("riichi", "players=2", "the players option is a whole number from 3 to 4, not 2"),
        ("riichi", "double_yakuman=kokushi,nope", "each entry of the double_yakuman option"),
        ("riichi", "two_han_minimum_counters=-1", "from 0 to 100, not -1"),
        ("hongkong", "limit=100000", "the limit option is a whole number from 1 to 100"),
        ("hongkong", "seven_pairs_fan=101", "the seven_pairs_fan option is a whole number"),
        ("sichuan", "base=10001", "the base option is a whole number from 0 to 10000"),
        ("sichuan", "exposed_kong_payment=-1", "from 0 to 100, not -1"),
    ],
)
def test_an_override_out_of_range_names_the_option_and_its_range(
    variant: str, assignment: str, says: str
) -> None:
    with pytest.raises(OptionValueError, match=says):
        override(find_variant(variant).rules(), [assignment])


def test_the_extremes_of_each_range_are_accepted() -> None:
    for rules_type in FAMILIES.values():
        default = rules_type()
        for spec in _specs(rules_type):
            if spec.kind != "int" or spec.many or spec.low is None:
                continue
            for value in (spec.low, spec.high):
                try:
                    changed = dataclasses.replace(default, **{spec.name: value})
                except OptionValueError as error:
                    # Only a rule between two options may refuse it (min_fan above the limit,
                    # more ron winners than seats, an uma entry per player).
                    joined = ("min_fan", "max_ron_winners", "uma has")
                    assert any(name in str(error) for name in joined), error
                    continue
                assert getattr(changed, spec.name) == value
                check_options(changed)


# --- in range: nothing raises ---------------------------------------------------------------


def _value_of(spec: OptionSpec, players: int) -> st.SearchStrategy[Any]:
    """A value of one option within its range, its extremes more often than not."""
    if spec.kind == "bool":
        one: st.SearchStrategy[Any] = st.booleans()
    elif spec.choices and not spec.many:
        one = st.sampled_from(spec.choices)
    elif spec.choices:
        return st.lists(st.sampled_from(spec.choices), unique=True).map(tuple)
    else:
        assert spec.low is not None and spec.high is not None
        one = st.one_of(st.sampled_from((spec.low, spec.high)), st.integers(spec.low, spec.high))
    if spec.many:
        return st.lists(one, min_size=players, max_size=players).map(tuple)
    return st.one_of(st.none(), one) if spec.optional else one


@st.composite
def _rules(draw: st.DrawFn, variant: str) -> Any:
    rules_type = FAMILIES[variant]
    specs = _specs(rules_type)
    players = 4
    values: dict[str, Any] = {}
    for spec in specs:
        if spec.name == "players":
            players = values["players"] = draw(_value_of(spec, 4))
    for spec in specs:
        if spec.name != "players":
            values[spec.name] = draw(_value_of(spec, players))
    if variant == "riichi" and values["max_ron_winners"] is not None:
        values["max_ron_winners"] = min(values["max_ron_winners"], players - 1)
    if variant == "riichi":
        # A three-player rule.
        values["north_set_aside"] = values["north_set_aside"] and players == 3
    if variant == "hongkong":
        values["min_fan"] = min(values["min_fan"], values["limit"])
    return rules_type(**values)


def _answers_whole(variant: str, rules: Any, arguments: str, **win_fields: Any) -> None:
    """Score a pattern's example hand under ``rules``: the score, its explanation in every
    language of the family, its JSON and the JSON's text, none of which may raise."""
    built = win_from_cli(arguments, variant)
    win = dataclasses.replace(built.win, **win_fields)
    if variant == "riichi" and rules.players == 3:
        return  # a four-seat example; three-player hands are the next test's
    family = find_variant(variant)
    result = family.score(win, rules)
    for lang in family.languages:
        assert result.explain(lang)
    data = result.to_json()
    assert json.loads(json.dumps(data)) == data
    assert type(result.points) is int


@pytest.mark.parametrize("variant", FAMILIES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_score_explanation_or_json_raises_within_the_ranges(variant: str, data: Any) -> None:
    rules = data.draw(_rules(variant))
    arguments = data.draw(st.sampled_from(EXAMPLES[variant]))
    extra: dict[str, Any] = {}
    if variant == "riichi":
        extra = {
            "honba": data.draw(st.sampled_from((0, 1, MAX_COUNT))),
            "deposits": data.draw(st.sampled_from((0, 1, MAX_COUNT))),
        }
    _answers_whole(variant, rules, arguments, **extra)


def test_the_largest_values_of_every_family_explain() -> None:
    """The extremes together: Hong Kong at the 100-fan limit on each base table, every pattern
    worth the most; Riichi with the most counters, deposits and points; Sichuan at the cap."""
    most_fan = {
        spec.name: spec.high
        for spec in _specs(HongKongRules)
        if spec.name.endswith("_fan") or spec.name == "limit"
    }
    most_fan["min_fan"] = 0
    for table in ("half_spicy", "full_spicy", "odd_doubling"):
        rules = HongKongRules(**most_fan, base_table=table)  # type: ignore[arg-type]
        for arguments in EXAMPLES["hongkong"]:
            _answers_whole("hongkong", rules, arguments)
    riichi = RiichiRules(
        honba_value=10_000,
        honba_per_payer=10_000,
        riichi_deposit=100_000,
        double_yakuman=YAKUMAN_IDS,
        yakuman_stacking=True,
        counted_yakuman="multiple",
    )
    for arguments in EXAMPLES["riichi"]:
        _answers_whole("riichi", riichi, arguments, honba=MAX_COUNT, deposits=MAX_COUNT)
    three = dataclasses.replace(riichi, players=3, uma=(1_000_000, 0, -1_000_000))
    _answers_whole(
        "riichi",
        three,
        "123m456p789s22444z --win 3m --seat W --riichi --nukidora 1",
        honba=MAX_COUNT,
        deposits=MAX_COUNT,
    )
    sichuan = SichuanRules(base=10_000, fan_cap=30, self_draw_bonus="jiafan")
    for arguments in EXAMPLES["sichuan"]:
        _answers_whole("sichuan", sichuan, arguments)


@pytest.mark.parametrize("field", ["honba", "deposits"])
def test_a_win_with_counters_out_of_range_is_an_impossible_hand(field: str) -> None:
    """``Win.honba`` and ``Win.deposits`` are counts from 0 to MAX_COUNT: past it (a huge
    number once made the explanation raise) the win is refused by name, and explains."""
    built = win_from_cli("123m456p789s22444z --win 3m --seat W --riichi")
    for value in (MAX_COUNT + 1, -1, 10**5000, "3", 2.0):
        result = find_variant("riichi").score(dataclasses.replace(built.win, **{field: value}))
        assert result.error is not None and result.error.code == "invalid_hand", value
        assert "expected a whole number from 0 to 100000" in result.error.message
        for lang in ("en", "fr", "es", "ja"):
            assert result.explain(lang)
        assert json.dumps(result.to_json())
