"""The typed event kind: one name per event type the declarations have."""

from mahjongkit.table.events import EVENT_TYPES, Kind


def _kinds() -> dict[str, str]:
    return {name: value for name, value in vars(Kind).items() if name.isupper()}


def test_the_kinds_are_exactly_the_declared_event_types() -> None:
    kinds = _kinds()
    assert sorted(kinds.values()) == sorted(EVENT_TYPES)
    assert len(set(kinds.values())) == len(kinds)


def test_each_kind_is_named_after_its_type() -> None:
    for name, value in _kinds().items():
        assert name == value.removeprefix("mjk:").upper()
