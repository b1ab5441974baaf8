"""The textual application of ``mahjongkit play``.

Keys: ← → choose a tile, or type it (``5m``; ``0m`` a red five where the rules have them), and
Enter discards the chosen tile; each call, win or declaration offered is listed with its own
letter (``p`` pung, ``c`` chow, ``k`` kong, ``r`` ron, ``t`` tsumo, ``i`` riichi, then the tile
and Enter; ``m`` ``p`` ``s`` the Sichuan missing suit; ``x`` or Escape to pass); Space marks the
three tiles of a Sichuan exchange; at the end of a hand its result stays on screen until Enter
(↑ ↓ scroll it); ``h`` shows the hints, ``g`` switches glyphs and text, ``q`` quits (the game
stays in the records). A key that means nothing now changes nothing and says so.

Everything shown is asked of the library: the legal actions of the engine, the hints of
:mod:`mahjongkit.bots.hints`, a refusal's reason from the engine, the round summary of
:mod:`mahjongkit.game.rounds`; the words are :mod:`.view`'s. Text is never read as markup.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.events import Key, Resize
from textual.widgets import Static

from mahjongkit.bots.hints import position_hints
from mahjongkit.errors import MahjongError
from mahjongkit.game.rounds import leftover_payments
from mahjongkit.i18n import reason_of, say, t, t_or
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Kind
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
SCROLL_KEYS = {"up", "down", "pageup", "pagedown", "home", "end"}
"""Keys that scroll a hand's result while it is shown."""
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
LOG_LINES = 300
"""How many of the latest lines the log panel holds (the records keep the whole game)."""


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
    "LearnedAgent": "learned",
}
"""The name a seat's bot is shown by."""


class PlayApp(App[None]):
    """One person against bots, in a terminal."""

    CSS: ClassVar[str] = """
    #header { height: auto; background: $boost; }
    #table { height: auto; }
    #hand { height: auto; padding: 1 0 0 0; }
    #hand.result { padding: 0; }
    #actions { height: auto; }
    #status { height: auto; color: $warning; }
    #bottom { height: 1fr; }
    #log { width: 2fr; border: round $primary; }
    #hints { width: 24; border: round $secondary; height: 100%; }
    #hints.shown { width: 3fr; max-width: 80; }
    #result { height: 1fr; border: round $success; display: none; }
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
        self.dealer: int | None = None
        self.history: list[str] = []
        """Every line written to the log (kept for tests and for a redraw)."""
        self._result_of: int | None = None
        """The log length the result panel was last drawn for (it is drawn once a result)."""

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header", markup=False)
        yield Static(id="table", markup=False)
        yield Static(id="hand", markup=False)
        yield Static(id="actions", markup=False)
        yield Static(id="status", markup=False)
        with VerticalScroll(id="result"):
            yield Static(id="result_text", markup=False)
        with Horizontal(id="bottom"):
            with VerticalScroll(id="log"):
                yield Static(id="log_text", markup=False)
            yield Static(id="hints", markup=False)

    def on_mount(self) -> None:
        self._take_events()
        self.refresh_view()

    def on_resize(self, event: Resize) -> None:
        # The hints are cut to the panel's size: drawn again once the layout is done.
        self.call_after_refresh(self.refresh_view)

    # --- what is shown --------------------------------------------------------------------------

    @property
    def names(self) -> view.TileNames:
        """Tiles named by the game's rules (red fives only where they exist)."""
        return view.TileNames(self.session.game.flow.tile, self.glyphs)

    def tiles(self) -> list[int]:
        """The person's concealed tiles in the order shown: sorted, the drawn tile last."""
        own = self.session.observation().own
        tiles = list(own.hand or ())
        if own.drawn is not None and own.drawn in tiles:
            tiles.remove(own.drawn)
            tiles.append(own.drawn)
        return tiles

    def _take_events(self) -> None:
        variant = self.session.game.variant
        for event in self.session.new_events():
            again = False
            if event["type"] == Kind.START_KYOKU:
                self.hand_number = int(event["kyoku"])
                again = self.dealer == int(event["oya"])
                self.dealer = int(event["oya"])
            if event["type"] == Kind.END_GAME:
                lines = view.final_lines(event, self.session.game.names, self.lang)
            else:
                lines = view.event_lines(
                    event, self.lang, self.glyphs, self.dealer or 0, again=again, variant=variant
                )
            self.history.extend(lines)

    def _showing_result(self) -> bool:
        return self.session.paused or self.session.over

    def refresh_view(self) -> None:
        """Draw every panel again from a fresh observation (the table as the hand ended while
        its result is shown)."""
        session = self.session
        showing = self._showing_result()
        obs = (session.finished_table() if showing else None) or session.observation()
        seats = session.game.names
        names = self.names
        summary = session.last_round() if showing else None
        number = int(summary.start["kyoku"]) if summary is not None else self.hand_number
        self.query_one("#header", Static).update(
            view.header_line(obs, self.lang, names, session.record_id, number)
        )
        lines = []
        for seat in range(len(obs.seats)):
            bot = None if seat == session.human else self._bot_name(seat)
            lines.append(
                view.seat_line(obs, seat, seats[seat], bot, self.lang, names, compact=showing)
            )
        self.query_one("#table", Static).update("\n".join(lines))
        self.query_one("#hand", Static).update(self._hand_text(obs, showing))
        self.query_one("#actions", Static).update(self._actions_text())
        status = self.message or (t("play.typed", self.lang, text=self.typed) if self.typed else "")
        shown_status = self.query_one("#status", Static)
        shown_status.update(status)
        shown_status.display = bool(status)
        self.query_one("#hand", Static).set_class(showing, "result")
        result = self.query_one("#result", VerticalScroll)
        result.display = showing
        self.query_one("#bottom", Horizontal).display = not showing
        if showing:
            self._draw_result()
        self._draw_log()
        self._draw_hints()

    def _draw_log(self) -> None:
        # The latest lines, wrapped by the panel to its width; the newest in sight.
        self.query_one("#log_text", Static).update("\n".join(self.history[-LOG_LINES:]))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def _draw_result(self) -> None:
        session = self.session
        key = session.ended_at if not session.over else -1
        if key == self._result_of:
            return
        self._result_of = key
        summary = session.last_round()
        variant = session.game.variant
        lines: list[str] = []
        if session.over:
            # The final table first: the last hand's result follows it.
            log = session.game.visible_log(session.human)
            lines.extend(
                view.final_lines(
                    log[-1], session.game.names, self.lang, leftover_payments(log), variant
                )
            )
            lines.append("")
        if summary is not None:
            wind = view.seat_name(summary.start["bakaze"], self.lang)
            if session.hand_over or session.over:
                number = summary.start["kyoku"]
                lines.append(t("play.hand_over", self.lang, number=number, wind=wind))
            lines.extend(view.result_lines(summary, variant, self.lang, self.glyphs, compact=True))
        self.query_one("#result_text", Static).update("\n".join(lines))
        self.query_one("#result", VerticalScroll).scroll_home(animate=False)

    def _draw_hints(self) -> None:
        panel = self.query_one("#hints", Static)
        panel.set_class(self.show_hints, "shown")
        session = self.session
        if not self.show_hints or not session.legal():
            panel.update(t("play.hints_off", self.lang))
            return
        hints = position_hints(session.game, session.human, riichi=self.riichi_mode)
        size = panel.content_size
        width = size.width if size.width > 8 else 36
        height = size.height if size.height > 1 else 8
        held = session.observation().hand
        rows = view.hint_rows(hints, self.lang, self.names, width, height, held)
        panel.update("\n".join(rows))

    def _bot_name(self, seat: int) -> str:
        bot = self.session.bots.get(seat)
        return _BOT_NAMES_BY_TYPE.get(type(bot).__name__, "efficient")

    def _hand_text(self, obs: Any, showing: bool) -> Text:
        names = self.names
        if showing:
            tiles = list(obs.hand)
            drawn = None
        else:
            tiles = self.tiles()
            drawn = obs.own.drawn
        text = Text(t("play.hand", self.lang) + ": ")
        cursor = self._cursor_index(tiles)
        choosing = not showing and bool(self.session.legal())
        for index, tile_id in enumerate(tiles):
            if tile_id == drawn and index == len(tiles) - 1 and index:
                text.append("  ")
            style = ""
            if choosing and index == cursor:
                style = "reverse bold"
            if tile_id in self.marked:
                style += " underline"
            if names.red(tile_id):
                style += " red"
            text.append(names.id(tile_id), style=style.strip())
            text.append(" ")
        if self.marked:
            text.append("  " + t("play.marked", self.lang, count=len(self.marked)))
        return text

    def _cursor_index(self, tiles: list[int]) -> int:
        if not tiles:
            return -1
        return self.cursor % len(tiles) if self.cursor >= 0 else len(tiles) - 1

    def _actions_text(self) -> Text:
        session = self.session
        lang = self.lang
        if session.over:
            return Text(t("play.quit_hint", lang))
        if session.paused:
            return Text(t("play.continue", lang))
        legal = session.legal()
        obs = session.observation()
        if not legal:
            key = "play.watching" if obs.own.won else "play.waiting"
            return Text(t(key, lang) + "\n" + t("play.keys", lang))
        text = Text(self._prompt(legal, obs) + "\n")
        entries = []
        for key, action in action_keys(legal).items():
            shown = t("play.pass_key", lang) if action.type == A.PASS else key
            entries.append((f"[{shown}]", view.action_label(action, lang, self.names)))
        wide = sum(view.cells(f"{key} {label}") + 3 for key, label in entries)
        # One row for all when they fit; else a row each, so that no entry is split.
        between = "   " if wide <= max(self.size.width, 40) else "\n"
        for index, (key, label) in enumerate(entries):
            if index:
                text.append(between)
            text.append(key, style="bold")
            text.append(" " + label)
        if entries:
            text.append("\n")
        text.append(t("play.keys", lang))
        return text

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
        shown = self.names.id(tile) if tile is not None else "?"
        key = "play.your_rob" if obs.phase == "rob" else "play.your_claim"
        return t(key, self.lang, seat=view.seat_name(obs.turn, self.lang), tile=shown)

    # --- keys -----------------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """Every key of the game; anything else leaves the game as it was."""
        event.stop()
        event.prevent_default()
        self.message = ""
        try:
            self._handle(event.key, event.character)
        except MahjongError as error:
            self.message = t("play.illegal", self.lang, reason=say(reason_of(error), self.lang))
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
            self.call_after_refresh(self.refresh_view)  # the panels change widths
            return
        if key == "g":
            self.glyphs = not self.glyphs
            self._result_of = None  # drawn again in the other tiles
            return
        if self._showing_result():
            self._on_result(key, character)
            return
        legal = session.legal()
        if not legal:
            self.message = t("play.waiting", self.lang)
            return
        kinds = {a.type for a in legal}
        choosing = bool(kinds & {A.DISCARD, A.RIICHI, A.EXCHANGE})
        tiles = self.tiles()
        if key in ("left", "right") and tiles and choosing:
            step = -1 if key == "left" else 1
            self.cursor = (self._cursor_index(tiles) + step) % len(tiles)
            self.typed = ""
            return
        if key == "backspace" and self.typed:
            self.typed = self.typed[:-1]
            return
        if key == "space" and A.EXCHANGE in kinds and tiles:
            chosen = tiles[self._cursor_index(tiles)]
            if chosen in self.marked:
                self.marked.remove(chosen)
            elif len(self.marked) < 3:
                self.marked.append(chosen)
            return
        if key == "enter":
            self._enter(legal, kinds, tiles)
            return
        if key == "escape":
            if A.PASS in kinds:
                self._play(next(a for a in legal if a.type == A.PASS))
            elif self.riichi_mode or self.typed:
                self.riichi_mode = False
                self.typed = ""
            else:
                self._bad(key, character)
            return
        char = character or ""
        if char.isdigit() and len(char) == 1:
            if choosing:
                self.typed = char
            else:
                self.message = t("play.no_tile_now", self.lang)
            return
        if self.typed and char in ("m", "p", "s", "z"):
            text = self.typed + char
            self.typed = ""
            self._choose_typed(text, kinds)
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
        self._bad(key, character)

    def _on_result(self, key: str, character: str | None) -> None:
        """Keys while a hand's result (or the final table) is shown."""
        if key == "enter" or key == "space":
            if self.session.over:
                self.exit()
                return
            self.session.resume()
            self._reset()
            return
        panel = self.query_one("#result", VerticalScroll)
        moves = {
            "up": panel.scroll_up,
            "down": panel.scroll_down,
            "pageup": panel.scroll_page_up,
            "pagedown": panel.scroll_page_down,
            "home": panel.scroll_home,
            "end": panel.scroll_end,
        }
        if key in moves:
            moves[key](animate=False)
            return
        self.message = t(
            "play.quit_hint" if self.session.over else "play.continue_first", self.lang
        )

    def _enter(self, legal: list[Action], kinds: set[str], tiles: list[int]) -> None:
        if A.EXCHANGE in kinds:
            self._exchange(legal)
        elif tiles and (A.DISCARD in kinds or (self.riichi_mode and A.RIICHI in kinds)):
            self._discard(legal, tiles[self._cursor_index(tiles)])
        else:
            shown = ", ".join(
                t("play.pass_key", self.lang) if a.type == A.PASS else k
                for k, a in action_keys(legal).items()
            )
            self.message = t("play.enter_keys", self.lang, keys=shown)

    def _key_name(self, key: str, character: str | None) -> str:
        if character and len(character) == 1 and character.isprintable() and key != "space":
            return character
        return t_or(f"play.key.{key}", self.lang, ARROWS.get(key, key))

    def _bad(self, key: str, character: str | None) -> None:
        self.message = t("play.bad_key", self.lang, key=self._key_name(key, character))

    def _reset(self) -> None:
        self.cursor = -1
        self.marked = []
        self.typed = ""
        self.riichi_mode = False

    def _play(self, action: Action) -> None:
        self.session.play(action)
        self._reset()

    def _discard(self, legal: list[Action], tile_id: int) -> None:
        """Discard (or declare riichi with) the chosen tile; the engine refuses, with its
        reason, a tile the rules do not let go now."""
        wanted = A.RIICHI if self.riichi_mode else A.DISCARD
        tile_of = self.session.game.flow.tile
        same = [a for a in legal if a.type == wanted and a.tile is not None]
        exact = [a for a in same if a.tile == tile_id]
        like = [a for a in same if a.tile is not None and tile_of(a.tile) == tile_of(tile_id)]
        found = exact or like
        action = found[0] if found else Action(wanted, self.session.human, tile_id)
        self._play(action)

    def _choose_typed(self, text: str, kinds: set[str]) -> None:
        """A typed tile becomes the chosen one (the drawn tile first when it is that tile);
        Enter then discards it."""
        try:
            tile = Tile.parse(text)
        except MahjongError:
            self.message = t("play.not_a_tile", self.lang, text=text)
            return
        tiles = self.tiles()
        tile_of = self.session.game.flow.tile
        held = [i for i, x in enumerate(tiles) if tile_of(x) == tile]
        if not held and not tile.red:
            # A five named plainly is any five of the kind, the red one too.
            held = [i for i, x in enumerate(tiles) if tile_of(x).kind == tile.kind]
        if not held:
            self.message = t("play.not_held", self.lang, text=text)
            return
        self.cursor = held[-1]
        name = self.names.id(tiles[held[-1]])
        if A.EXCHANGE in kinds:
            key = "play.chosen_exchange"
        elif self.riichi_mode:
            key = "play.chosen_riichi"
        else:
            key = "play.chosen"
        self.message = t(key, self.lang, tile=name)

    def _exchange(self, legal: list[Action]) -> None:
        marked = sorted(self.marked)
        for action in legal:
            if action.type == A.EXCHANGE and sorted(action.consumed) == marked:
                self._play(action)
                return
        tile_of = self.session.game.flow.tile
        kinds = sorted(tile_of(i).kind for i in marked)
        for action in legal:
            given = sorted(tile_of(i).kind for i in action.consumed)
            if action.type == A.EXCHANGE and given == kinds:
                self._play(action)
                return
        # The engine says why these tiles cannot be given.
        self._play(Action(A.EXCHANGE, self.session.human, None, tuple(marked)))
