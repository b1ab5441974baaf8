"""The textual application of ``mahjongkit play``.

Keys: ← → choose a tile and Enter discards it (or type it: ``5m``, ``0p`` for a red five); each
call, win or declaration offered has its own letter, shown beside it (``p`` pung, ``c`` chow,
``k`` kong, ``r`` ron, ``t`` tsumo, ``i`` riichi, ``x`` or Escape to pass); Space marks the
three tiles of a Sichuan exchange; ``h`` shows the hints, ``g`` switches glyphs and text,
``q`` quits (the game stays in the records). A key that means nothing now changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.events import Key
from textual.widgets import RichLog, Static

from mahjongkit.errors import MahjongError
from mahjongkit.i18n import t
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import Tile
from mahjongkit.tui import view
from mahjongkit.tui.session import Session

PREFERRED_KEYS = {
    A.TSUMO: "t",
    A.RON: "r",
    A.RIICHI: "i",
    A.PON: "p",
    A.CHI: "c",
    A.KAN: "k",
    A.ANKAN: "a",
    A.KAKAN: "e",
    A.PASS: "x",
    A.ABORT: "o",
    A.FLOWER: "f",
}
"""The letter of each kind of action; a second action of a kind takes a letter of
:data:`SPARE_KEYS`."""
SPARE_KEYS = "uvwyjklnbd"
SUIT_KEYS = "mps"
"""The keys of the three missing-suit declarations (characters, circles, bamboo)."""
RESERVED = {"h", "g", "q"}


def action_keys(legal: list[Action]) -> dict[str, Action]:
    """A key for every action but a discard and an exchange (one riichi key for all riichi
    discards): its kind's letter, or a spare one."""
    keys: dict[str, Action] = {}
    spare = iter(SPARE_KEYS)
    riichi_seen = False
    for action in legal:
        if action.type in (A.DISCARD, A.EXCHANGE):
            continue
        if action.type == A.RIICHI:
            if riichi_seen:
                continue
            riichi_seen = True
        if action.type == A.DECLARE_MISSING and action.suit is not None:
            key = SUIT_KEYS[action.suit]
        else:
            key = PREFERRED_KEYS.get(action.type, "")
        if not key or key in keys:
            key = next(spare, "")
            if not key:
                continue
        keys[key] = action
    return keys



_BOT_NAMES_BY_TYPE = {
    "DefensiveAgent": "defensive",
    "EfficientAgent": "efficient",
    "RandomAgent": "random",
}
"""The name a seat's bot is shown by."""

class PlayApp(App[None]):
    """One person against bots, in a terminal."""

    CSS: ClassVar[str] = """
    #header { height: auto; background: $boost; }
    #table { height: auto; }
    #hand { height: auto; padding: 1 0 0 0; }
    #actions { height: auto; }
    #status { height: auto; color: $warning; }
    #bottom { height: 1fr; }
    #log { width: 2fr; border: round $primary; }
    #hints { width: 1fr; border: round $secondary; height: 100%; }
    """

    def __init__(self, session: Session, lang: str = "en", glyphs: bool = True) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.glyphs = glyphs
        self.cursor = -1
        """The chosen tile's place in :meth:`tiles` (-1: the drawn tile, or the last)."""
        self.marked: list[int] = []
        """Physical ids marked for a Sichuan exchange."""
        self.typed = ""
        self.riichi_mode = False
        self.show_hints = False
        self.message = ""
        self.hand_number = 1
        self.dealer = 0
        self.history: list[str] = []
        """Every line written to the log (kept for tests and for a redraw)."""

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield Static(id="table")
        yield Static(id="hand")
        yield Static(id="actions")
        yield Static(id="status")
        with Horizontal(id="bottom"):
            yield RichLog(id="log", wrap=True, markup=False)
            yield Static(id="hints")

    def on_mount(self) -> None:
        self._take_events()
        self.refresh_view()

    # --- what is shown --------------------------------------------------------------------------

    def tiles(self) -> list[int]:
        """The person's concealed tiles in the order shown: sorted, the drawn tile last."""
        own = self.session.observation().own
        tiles = list(own.hand or ())
        if own.drawn is not None and own.drawn in tiles:
            tiles.remove(own.drawn)
            tiles.append(own.drawn)
        return tiles

    def _take_events(self) -> None:
        log = self.query_one("#log", RichLog)
        for event in self.session.new_events():
            if event["type"] == "start_kyoku":
                self.hand_number = int(event["kyoku"])
                self.dealer = int(event["oya"])
            if event["type"] == "end_game":
                lines = view.final_lines(event, self.session.game.names, self.lang)
            else:
                lines = view.event_lines(event, self.lang, self.glyphs, self.dealer)
            for line in lines:
                self.history.append(line)
                log.write(line)

    def refresh_view(self) -> None:
        """Draw every panel again from a fresh observation."""
        session = self.session
        obs = session.observation()
        seats = session.game.names
        self.query_one("#header", Static).update(
            view.header_line(obs, self.lang, self.glyphs, session.record_id, self.hand_number)
        )
        lines = []
        for seat in range(len(obs.seats)):
            bot = None if seat == session.human else self._bot_name(seat)
            lines.append(view.seat_line(obs, seat, seats[seat], bot, self.lang, self.glyphs))
        self.query_one("#table", Static).update("\n".join(lines))
        self.query_one("#hand", Static).update(self._hand_text())
        self.query_one("#actions", Static).update(self._actions_text())
        status = self.message or (t("play.typed", self.lang, text=self.typed) if self.typed else "")
        self.query_one("#status", Static).update(status)
        hints = self.query_one("#hints", Static)
        if self.show_hints and session.legal():
            body = view.hint_lines(obs, session.rules, self.lang, self.glyphs)
            hints.update("\n".join([t("play.hints", self.lang), *body]))
        else:
            hints.update(t("play.hints_off", self.lang))

    def _bot_name(self, seat: int) -> str:
        bot = self.session.bots.get(seat)
        return _BOT_NAMES_BY_TYPE.get(type(bot).__name__, "efficient")

    def _hand_text(self) -> Text:
        tiles = self.tiles()
        text = Text(t("play.hand", self.lang) + ": ")
        drawn = self.session.observation().own.drawn
        cursor = self._cursor_index(tiles)
        for index, tile_id in enumerate(tiles):
            if tile_id == drawn and index == len(tiles) - 1 and index:
                text.append("  ")
            style = ""
            if index == cursor and self.session.legal():
                style = "reverse bold"
            if tile_id in self.marked:
                style += " underline"
            if tile_id in (16, 52, 88):
                style += " red"
            text.append(view.tile_text(view.tile_of_id(tile_id), self.glyphs), style=style.strip())
            text.append(" ")
        if self.marked:
            text.append("  " + t("play.marked", self.lang, count=len(self.marked)))
        return text

    def _cursor_index(self, tiles: list[int]) -> int:
        if not tiles:
            return -1
        return self.cursor % len(tiles) if self.cursor >= 0 else len(tiles) - 1

    def _actions_text(self) -> str:
        session = self.session
        if session.over:
            return t("play.quit_hint", self.lang) + " · " + t("play.keys", self.lang)
        if session.paused:
            return t("play.continue", self.lang)
        legal = session.legal()
        obs = session.observation()
        if not legal:
            key = "play.watching" if obs.own.won else "play.waiting"
            return t(key, self.lang)
        lines = [self._prompt(legal, obs)]
        for key, action in action_keys(legal).items():
            label = (
                t("play.action.riichi", self.lang)
                if action.type == A.RIICHI
                else view.action_label(action, self.lang, self.glyphs)
            )
            lines.append(f"  [{key}] {label}")
        lines.append(t("play.keys", self.lang))
        return "\n".join(lines)

    def _prompt(self, legal: list[Action], obs: Any) -> str:
        if self.riichi_mode:
            return t("play.riichi_mode", self.lang)
        kinds = {a.type for a in legal}
        if A.EXCHANGE in kinds:
            return t("play.your_exchange", self.lang)
        if A.DECLARE_MISSING in kinds:
            return t("play.your_declare", self.lang)
        if obs.phase == "turn":
            return t("play.your_turn", self.lang)
        tile = obs.last_discard
        shown = view.tile_text(view.tile_of_id(tile), self.glyphs) if tile is not None else "?"
        who = self._last_actor(obs)
        key = "play.your_rob" if obs.phase == "rob" else "play.your_claim"
        return t(key, self.lang, seat=view.seat_name(who, self.lang), tile=shown)

    @staticmethod
    def _last_actor(obs: Any) -> int:
        turn: int = obs.turn
        return turn

    # --- keys -----------------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """Every key of the game; anything else leaves the game as it was."""
        event.stop()
        event.prevent_default()
        self.message = ""
        try:
            self._handle(event.key, event.character)
        except MahjongError as error:
            self.message = t("play.illegal", self.lang, reason=str(error))
        self._take_events()
        self.refresh_view()

    def _handle(self, key: str, character: str | None) -> None:
        session = self.session
        if key == "q":
            session.save()
            self.exit()
            return
        if key == "h":
            self.show_hints = not self.show_hints
            return
        if key == "g":
            self.glyphs = not self.glyphs
            return
        if session.over:
            self._bad(key)
            return
        if session.paused:
            if key == "enter":
                session.resume()
                self._reset()
            else:
                self._bad(key)
            return
        legal = session.legal()
        if not legal:
            self._bad(key)
            return
        tiles = self.tiles()
        if key in ("left", "right") and tiles:
            step = -1 if key == "left" else 1
            self.cursor = (self._cursor_index(tiles) + step) % len(tiles)
            return
        if key == "backspace":
            self.typed = self.typed[:-1]
            return
        kinds = {a.type for a in legal}
        if key == "space" and A.EXCHANGE in kinds and tiles:
            chosen = tiles[self._cursor_index(tiles)]
            if chosen in self.marked:
                self.marked.remove(chosen)
            elif len(self.marked) < 3:
                self.marked.append(chosen)
            return
        if key == "enter":
            if A.EXCHANGE in kinds:
                self._exchange(legal)
            elif tiles and (A.DISCARD in kinds or A.RIICHI in kinds):
                self._discard(legal, tiles[self._cursor_index(tiles)])
            else:
                self._bad(key)
            return
        if key == "escape" and A.PASS in kinds:
            self._play(next(a for a in legal if a.type == A.PASS))
            return
        char = character or ""
        if char.isdigit():
            self.typed = char
            return
        if self.typed and char in "mpsz":
            text = self.typed + char
            self.typed = ""
            self._typed_tile(legal, text)
            return
        self.typed = ""
        keys = action_keys(legal)
        if char in keys and char not in RESERVED:
            action = keys[char]
            if action.type == A.RIICHI:
                self.riichi_mode = not self.riichi_mode
                return
            self._play(action)
            return
        self._bad(key)

    def _bad(self, key: str) -> None:
        self.message = t("play.bad_key", self.lang, key=key)

    def _reset(self) -> None:
        self.cursor = -1
        self.marked = []
        self.typed = ""
        self.riichi_mode = False

    def _play(self, action: Action) -> None:
        self.session.play(action)
        self._reset()

    def _discard(self, legal: list[Action], tile_id: int) -> None:
        wanted = A.RIICHI if self.riichi_mode else A.DISCARD
        same = [a for a in legal if a.type == wanted and a.tile is not None]
        exact = [a for a in same if a.tile == tile_id]
        like = [
            a
            for a in same
            if a.tile is not None and view.tile_of_id(a.tile) == view.tile_of_id(tile_id)
        ]
        found = exact or like
        if not found:
            self.message = t(
                "play.bad_tile",
                self.lang,
                text=view.tile_text(view.tile_of_id(tile_id), self.glyphs),
            )
            return
        self._play(found[0])

    def _typed_tile(self, legal: list[Action], text: str) -> None:
        try:
            tile = Tile.parse(text)
        except MahjongError:
            self.message = t("play.bad_tile", self.lang, text=text)
            return
        held = [i for i in self.tiles() if view.tile_of_id(i) == tile]
        if not held:
            self.message = t("play.bad_tile", self.lang, text=text)
            return
        self._discard(legal, held[-1])

    def _exchange(self, legal: list[Action]) -> None:
        marked = sorted(self.marked)
        for action in legal:
            if action.type == A.EXCHANGE and sorted(action.consumed) == marked:
                self._play(action)
                return
        kinds = sorted(view.tile_of_id(i).kind for i in marked)
        for action in legal:
            given = sorted(view.tile_of_id(i).kind for i in action.consumed)
            if action.type == A.EXCHANGE and given == kinds:
                self._play(action)
                return
        self.message = t("play.bad_tile", self.lang, text=view.tiles_text(marked, self.glyphs))
