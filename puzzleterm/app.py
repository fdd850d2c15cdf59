"""The Textual app: home screen, play screens, dialogs; saves through :mod:`puzzleterm.store`.

``run_app()`` is what the ``puzzleterm`` command runs with no subcommand.
"""

from __future__ import annotations

import asyncio
import errno
import os
import secrets
import signal
import termios
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel

from .daily_play import (
    TEMPLATE_ENV,
    DailyDone,
    Today,
    cached_puzzle,
    daily_result,
    day_of,
    deal_entry,
    entry_for,
    local_today,
    record_daily,
    remember,
    result_share,
    settle,
    slot_of,
    take_dealt,
)
from .engine import Kind, Level, Puzzle, PuzzleError, find_kind
from .engine.daily import DailyEntry, daily_set
from .engine.gameid import parse_game_id
from .play import (
    PRACTICE_KIND,
    PRACTICE_PARAMS,
    PRACTICE_PREFIX,
    Clock,
    Dealer,
    DealRequest,
    Dealt,
    Hold,
    NewGameChoice,
    Play,
    Ports,
    Result,
    SavedGame,
    SaveError,
    format_time,
    practice_choices,
)
from .screens import has_screen, screen_for
from .screens.dialogs import CompletionScreen, ConfirmScreen, NewGameScreen, PracticeScreen
from .screens.game import GameScreen
from .screens.help import HelpScreen
from .screens.home import HomeScreen
from .screens.messages import (
    ChooseNewGame,
    ChoosePractice,
    DailyDealt,
    GameFinished,
    GoHome,
    OpenDaily,
    PlayDealt,
    ResumeGame,
)
from .screens.solved import SolvedDailyScreen
from .store import FREE_PREFIX, MAIN_SLOT, DailyResult, Store, StoreError, free_slot, open_store

#: Signals that save every game in progress and end the app (see :meth:`PuzzleApp.hang_up`).
HANG_UP_SIGNALS = (signal.SIGHUP, signal.SIGTERM)
#: seconds between checks that the terminal is still there
TERMINAL_CHECK = 2.0
#: free games in progress listed at home besides the latest (Continue): one per kind and size
#: may be kept, but the menu stays within a 24-row terminal
MORE_GAMES = 3


def terminal_gone(fd: int = 0) -> bool:
    """True when ``fd`` was a terminal whose other end has closed (its attributes can no
    longer be read); False while it answers, or when it is not a terminal at all."""
    try:
        termios.tcgetattr(fd)
    except termios.error as exc:
        return bool(exc.args[0] == errno.EIO)
    return False
#: Seconds the app has to exit after a hang-up before the process ends itself (less than
#: the three ``serve`` gives a game before it kills it).
HANG_UP_GRACE = 2.0


class PuzzleApp(App[int]):
    """puzzleterm's terminal UI.

    Everything that would make a run non-deterministic can be injected: ``clock`` (elapsed
    time), ``seeds`` (names of new puzzles), ``today`` (the date of the daily set) and
    ``home`` (where the store lives).

    Screens ask for what the app does with messages (:mod:`.screens.messages`); games get
    what they need from outside (the clock, the store to save in, where puzzles come from)
    as :class:`~puzzleterm.play.Ports`, and the home and daily screens read the store and
    the date through the app as their :class:`~.screens.messages.Lobby`.
    """

    CSS_PATH = "app.tcss"
    TITLE = "puzzleterm"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False
    #: Seconds after the first screen is drawn before today's set is dealt ahead (and again
    #: while a screen is still dealing its own puzzle): the first screen, and the daily being
    #: opened, have the processor to themselves.
    AHEAD_DELAY: ClassVar[float] = 0.5

    def __init__(self, *, game_id: str | None = None, home: Path | None = None,
                 clock: Clock | None = None, seeds: Callable[[], str] | None = None,
                 store: Store | None = None, ansi_color: bool = False,
                 today: Today | None = None, daily: DailyEntry | None = None,
                 deal_ahead: bool = False) -> None:
        super().__init__(ansi_color=ansi_color)
        self.today: Today = today if today is not None else local_today
        self.start_daily = daily
        self.deal_ahead = deal_ahead
        self.start_game_id = game_id
        self.home_dir = home
        self.clock: Clock = clock if clock is not None else time.monotonic
        self.seeds = seeds if seeds is not None else (lambda: secrets.token_hex(4))
        self._store = store
        self.last_choice: dict[str, tuple[str, Level | None]] = {}
        self.last_practice: str | None = None
        self._save_error_shown = False
        #: the slots this app has claimed: it is their one writer (see store.claims)
        self._claimed: set[str] = set()
        #: what to say on the screen of a game just taken from another app
        self._taken: str | None = None
        #: a daily finished while the shared database was away, and its dialog
        self._pending_rank: tuple[DailyDone, CompletionScreen] | None = None
        self.ports = Ports(clock=self.clock, autosave=self.save_game,
                           dealer=Dealer(seeds=self.seeds, daily=self._daily_puzzle))

    # -- start -----------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_store(home=self.home_dir)  # $PUZZLETERM_STORE may name a database
        return self._store

    def on_mount(self) -> None:
        if not self.is_headless:  # a real terminal: a hang-up saves, then the app ends
            loop = asyncio.get_running_loop()
            for sig in HANG_UP_SIGNALS:
                loop.add_signal_handler(sig, self.hang_up)
            self.set_interval(TERMINAL_CHECK, self.check_terminal)
        if self.start_daily is None or not has_screen(self.start_daily.kind):
            # a daily opened at start is drawn first: home is made when it is left
            self.push_screen(HomeScreen(self))
        for notice in self.store.notices:
            self.notify(notice, severity="warning", timeout=10)
        # a shared store tells of a lost database while playing, and sends what waited
        self.store.listener = lambda text: self.notify(text, severity="warning", timeout=10)
        self.set_interval(5.0, self.sync_store)
        if os.environ.get("PUZZLETERM_GUEST"):  # set by `puzzleterm serve`
            self.notify("You are playing as a guest: progress is not kept. Connect with an SSH "
                        "key to keep it.", timeout=10)
        if self.start_game_id is not None:
            self.open_game_id(self.start_game_id)
        elif self.start_daily is not None:
            self.open_daily(self.start_daily)
        if self.deal_ahead:
            self.call_after_refresh(self._deal_ahead_later)

    def _deal_ahead_later(self) -> None:
        self.set_timer(self.AHEAD_DELAY, self._deal_ahead_when_idle)

    def _deal_ahead_when_idle(self) -> None:
        if any(s.game is None and s.is_attached for s in self._play_screens()):
            self._deal_ahead_later()  # a screen is dealing: dealing ahead would slow it
            return
        self.deal_today_ahead()

    def deal_today_ahead(self) -> threading.Thread | None:
        """Deal today's set in a thread and keep it in the store's cache, so each daily
        opens at once (the cache is read and written here, on the UI thread: the thread
        posts each puzzle as it is dealt).  The thread is a daemon: the app's exit never
        waits for a deal nobody asked for (a worker's would, seconds for a pentomino)."""
        missing = [e for e in daily_set(self.today())
                   if has_screen(e.kind) and cached_puzzle(e, self.store) is None]
        template = os.environ.get(TEMPLATE_ENV)  # `serve` dealt the set once for everyone
        missing = take_dealt(missing, Path(template) if template else None, self.store)
        if not missing:
            return None

        def work() -> None:
            try:
                for entry in missing:
                    if not self.post_message(DailyDealt(entry, deal_entry(entry))):
                        return  # the app is closing
            except Exception:  # never a traceback here: what is left is dealt when it is
                return  # opened, where a failure is told (a closed app: a RuntimeError)

        thread = threading.Thread(target=work, name="deal-ahead", daemon=True)
        thread.start()
        return thread

    def on_daily_dealt(self, message: DailyDealt) -> None:
        self.remember_deal(message.entry, message.puzzle)

    def open_game_id(self, game_id: str) -> None:
        """Open a game ID, asking first when it would replace a game in progress."""
        try:
            parsed = parse_game_id(game_id)
        except PuzzleError as exc:
            self.notify(f"Could not open the game ID: {exc}", severity="error", timeout=10)
            return
        self.unless_at_stake(parsed.kind, parsed.params,
                             lambda: self.start_game(DealRequest(game_id=game_id)),
                             "Open this game ID?", "replaced", "Open it", "Keep mine")

    def on_unmount(self) -> None:
        if self._store is not None:
            self._store.close()

    # -- levels and dealing ----------------------------------------------------------------
    def levels(self, kind_name: str, params: str) -> list[Level | None]:
        """Levels the chooser offers for one size: those the generator reaches on that
        board (4x4 Sudoku is all singles), then "any" (unrated)."""
        with suppress(PuzzleError):
            kind = find_kind(kind_name)
            return [*kind.levels(kind.parse_params(params)), None]
        return [None]

    def _daily_puzzle(self, entry: DailyEntry) -> Puzzle[Any]:
        """A daily's puzzle: from the store's cache when it holds it, else dealt (in the
        deal's worker thread)."""
        return deal_entry(entry, self.store)

    def on_choose_new_game(self, message: ChooseNewGame) -> None:
        self.choose_new_game(message.kind, message.params, message.screen)

    def choose_new_game(self, kind_name: str, params: str | None = None,
                        replace_screen: object = None) -> None:
        """The new-game chooser of a kind; the game is dealt on ``replace_screen`` when it
        is a game screen still there, else on a new one."""
        kind = find_kind(kind_name)
        last = self.last_choice.get(kind.name)
        sizes = kind.param_choices()
        levels = {p: self.levels(kind.name, p) for p in sizes}
        notes = {p: level_note(kind, p) for p in sizes}
        size = params or (last[0] if last else kind.format_params(kind.default_params()))
        level = last[1] if last else Level.EASY if self.levels(kind.name, size)[0] else None

        def chosen(choice: NewGameChoice | None) -> None:
            if choice is not None:
                self.last_choice[choice.kind] = (choice.params, choice.level)
                self.deal_choice(choice, replace_screen)

        self.push_screen(NewGameScreen(kind.name, kind.title, sizes, levels, size, level,
                                       label=kind.params_label, notes=notes), chosen)

    def on_choose_practice(self, _message: ChoosePractice) -> None:
        self.choose_practice()

    def choose_practice(self) -> None:
        """The practice chooser: a puzzle whose hardest step is the technique picked (a free
        game: never recorded as a daily's result)."""
        kind = find_kind(PRACTICE_KIND)
        choices = practice_choices(kind.name, PRACTICE_PARAMS)

        def chosen(choice: NewGameChoice | None) -> None:
            if choice is not None:
                self.last_practice = choice.technique
                self.deal_choice(choice)

        self.push_screen(PracticeScreen(kind.name, kind.title, PRACTICE_PARAMS, choices,
                                        self.last_practice), chosen)

    def deal_choice(self, choice: NewGameChoice, replace_screen: object = None) -> None:
        """Deal a new game chosen (on ``replace_screen`` when it is a game screen still
        there), once the player agrees to lose the game in progress, if there is one."""
        def deal() -> None:
            if isinstance(replace_screen, GameScreen) and replace_screen.is_attached:
                replace_screen.new_deal(choice)
            else:
                self.start_game(DealRequest(choice=choice))

        self.unless_at_stake(choice.kind, choice.params, deal,
                             "Start a new game?", "lost", "New game", "Keep it")

    def unless_at_stake(self, kind: str, params: str, then: Callable[[], None],
                        question: str, fate: str, yes: str, no: str) -> None:
        """``then()`` at once when no game in progress of ``kind`` and ``params`` would be
        lost, else once the player confirms (``question`` + what becomes of that game)."""
        at_stake = self.progress_at_stake(kind, params)
        if at_stake is None:
            then()
            return
        self.push_screen(
            ConfirmScreen(f"{question} The game in progress ({at_stake}) will be {fate}.",
                          yes=yes, no=no),
            lambda ok: then() if ok else None)

    def progress_at_stake(self, kind: str, params: str) -> str | None:
        """What a new free game of ``kind`` at ``params`` would throw away: the unfinished
        free game with moves of that kind and size, if any (each keeps its own slot)."""
        slot = free_slot(kind, params)
        for screen in self._play_screens():
            game = screen.game
            if game is None:
                continue
            s = game.session
            if slot_of(s.context, s.kind.name) == MAIN_SLOT and \
                    free_slot(s.kind.name, s.puzzle.params) == slot:
                if s.finished or not s.moves:
                    return None
                return saved_line(s.kind.title, s.puzzle.params,
                                  s.level.label if s.level else None, game.elapsed)
        try:
            saved = self.store.load_current(slot)
        except SaveError:
            return None  # nothing that reads back is at stake
        if saved is None or saved.solved or not saved.moves:
            return None
        return self.saved_summary(saved)

    def start_game(self, request: DealRequest) -> None:
        """Deal a game of a choice, or open a game ID, on the kind's screen."""
        if request.game_id is not None:
            try:
                name = parse_game_id(request.game_id).kind
            except PuzzleError as exc:
                self.notify(f"Could not open the game ID: {exc}", severity="error", timeout=10)
                return
        else:
            assert request.choice is not None
            name = request.choice.kind
        if not has_screen(name):
            self.notify(f"{find_kind(name).title} cannot be played here yet.",
                        severity="error", timeout=8)
            return
        self._leave_play_screens()
        self.push_screen(screen_for(name)(self.ports, request=request))

    def on_play_dealt(self, message: PlayDealt) -> None:
        self.play_dealt(message.dealt)

    def play_dealt(self, dealt: Dealt) -> None:
        """Play a puzzle already dealt and checked, asking first when it would replace the
        game in progress."""
        def play() -> None:
            self._leave_play_screens()
            self.push_screen(screen_for(dealt.puzzle.kind)(self.ports,
                                                           Play.dealt(dealt, self.ports)))

        self.unless_at_stake(dealt.puzzle.kind, dealt.puzzle.params, play,
                             "Play your puzzle?", "replaced", "Play it", "Keep mine")

    def on_go_home(self, _message: GoHome) -> None:
        self.leave_to_home()

    def leave_to_home(self) -> None:
        """Close the screen on top: back to the screen under it, or to a new home screen when
        there is none but the app's blank one (a daily opened at start has no home under it
        until it is left)."""
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:
            self.switch_screen(HomeScreen(self))

    def _leave_play_screens(self) -> None:
        while len(self.screen_stack) > 1 and isinstance(self.screen, GameScreen):
            self.pop_screen()

    # -- saves -----------------------------------------------------------------------------
    def saved_game(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        """The game in progress in ``slot`` (the latest free game by default), or None; an
        unreadable save is set aside with a notice."""
        try:
            return self.store.load_current(slot)
        except SaveError as exc:
            self._set_aside(f"Your saved game could not be read ({exc}). It was set aside.", exc,
                            slot)
            return None

    def games_in_progress(self, limit: int = MORE_GAMES) -> list[tuple[str, str]]:
        """The free games in progress besides the latest (which Continue opens), by kind and
        size, at most ``limit``: ``(slot, line)``, the line with the game's clock."""
        try:
            latest = self.store.read_slot()
            slots = [s for s in self.store.slots(FREE_PREFIX) if s != latest]
        except StoreError:
            return []
        games: list[tuple[str, str]] = []
        for slot in slots:
            saved = self.saved_game(slot)
            line = self.saved_summary(saved) if saved is not None else None
            if line is not None:
                games.append((slot, line))
            if len(games) == limit:
                break
        return games

    def _set_aside(self, message: str, exc: Exception, slot: str = MAIN_SLOT) -> None:
        self.notify(message, severity="error", timeout=10)
        try:
            self.store.set_aside_current(str(exc), slot)
        except StoreError as err:
            self.notify(str(err), severity="error")

    def claim_game(self, slot: str) -> None:
        """Make this app the one writer of the game in ``slot`` (before reading it); when it
        was open in another puzzleterm, that one no longer saves it, and the game's screen
        says so (see :mod:`puzzleterm.store.claims`)."""
        try:
            before = self.store.claim(slot)
        except StoreError:
            return  # a busy store: claimed at the next save
        self._claimed.add(slot)
        if before is not None and before.live():
            self._taken = (f"This game was open in {before.describe()}. It goes on here; the "
                           "other one no longer saves it.")

    def _tell_taken(self, screen: GameScreen) -> None:
        """Say on a game's screen, once it is drawn, that it was taken from another app."""
        taken, self._taken = self._taken, None
        if taken is not None:
            self.call_after_refresh(screen.say, taken, "warning")

    def tell(self, message: str, severity: SeverityLevel = "warning") -> None:
        """A notice about the game on screen goes in its side panel (toasts would cover the
        board); any other, in a toast."""
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.is_mounted:
            # after the move that saved is drawn (drawing it clears the panel's line)
            self.call_after_refresh(screen.say, message, severity)
        else:
            self.notify(message, severity=severity, timeout=12)

    def saved_summary(self, saved: SavedGame | None = None) -> str | None:
        """One line naming the saved game in progress (None when there is none)."""
        saved = saved or self.saved_game()
        if saved is None:
            return None
        try:
            title = find_kind(saved.kind).title
        except PuzzleError:
            title = saved.kind
        return saved_line(title, saved.params, saved.level, saved.elapsed)

    def on_resume_game(self, message: ResumeGame) -> None:
        self.resume_game(message.slot or MAIN_SLOT)

    def resume_game(self, slot: str = MAIN_SLOT) -> None:
        """Open the game in progress in ``slot`` (the latest free game by default)."""
        with suppress(StoreError):
            slot = self.store.read_slot(slot)
        if slot != MAIN_SLOT:  # (MAIN_SLOT still: there is no free game)
            self.claim_game(slot)
        saved = self.saved_game(slot)
        if saved is None:
            self.notify("There is no game to continue.")
            return
        try:
            if not has_screen(find_kind(saved.kind).name):
                raise SaveError(f"{saved.kind} games cannot be played here")
            game = Play.restore(saved, self.ports)
        except (SaveError, PuzzleError) as exc:
            self._set_aside(f"Your saved game could not be restored: {exc}. It was set aside.",
                            exc, slot)
            if isinstance(self.screen, HomeScreen):
                self.screen.rebuild_menu()
            return
        self._leave_play_screens()
        screen = screen_for(game.kind.name)(self.ports, game)
        self.push_screen(screen)
        self._tell_taken(screen)

    def check_terminal(self) -> None:
        """Hang up when the terminal is gone though no SIGHUP came (a terminal that was never
        the process's controlling one): reading it would only ever fail, and the input
        thread would spin on it."""
        if terminal_gone():
            self.hang_up()

    def hang_up(self) -> None:
        """The terminal has gone (SIGHUP: the player left, or ``serve`` ended the session for
        idleness or because it stops) or the process is told to end (SIGTERM): save every
        game in progress now (its clock and cursor included), then exit.

        Exiting also saves (a game screen saves as it closes), but tearing the screens down on
        a terminal that is gone may not get that far: the save comes first.  Should the exit
        still not finish, the process ends itself after :data:`HANG_UP_GRACE` seconds."""
        for screen in self._play_screens():
            if screen.game is not None:
                screen.game.hold(Hold.HIDDEN)  # the clock stops at the hang-up
                screen.game.save()
        if not self.is_headless:
            fallback = threading.Timer(HANG_UP_GRACE, os._exit, (0,))
            fallback.daemon = True
            fallback.start()
        self.exit(0)

    def save_game(self, saved: SavedGame) -> None:
        """Keep a game in progress in its slot (the games' autosave): a free game's is that
        of its kind and size.  A game this app did not open from a save (a new deal) is
        claimed at its first save."""
        slot = slot_of(saved.context, find_kind(saved.kind).name)
        if slot == MAIN_SLOT:
            slot = free_slot(saved.kind, saved.params)
        if slot not in self._claimed:
            self.claim_game(slot)
        try:
            self.store.save_current(saved, slot)
            self._save_error_shown = False
        except StoreError as exc:
            if not self._save_error_shown:
                self._save_error_shown = True
                self.tell(f"The game could not be saved: {exc}", severity="error")

    def on_game_finished(self, message: GameFinished) -> None:
        """Record a finished game and show what it earned; the dialog's answer goes back to
        the game's screen."""
        summary = message.summary
        if not message.result.recorded:  # practice: nothing is kept
            entry = self._entry_of(message.result)
            first = daily_result(self.store, entry) if entry is not None else None
            share = result_share(self.store, first, self.today()) if first else None
            self.push_screen(CompletionScreen(replace(summary, share=share, practice=True)),
                             message.screen.after_completion)
            return
        done = self.finish(message.saved)
        if done is not None:
            summary = replace(summary, share=done.share, streak=done.streak_text)
        dialog = CompletionScreen(summary)
        if done is not None and done.board is not None and done.board.pending:
            self._pending_rank = (done, dialog)  # shown once the shared database is back
        self.push_screen(dialog, message.screen.after_completion)

    def sync_store(self) -> None:
        """Send what waits in a shared store's outbox; then a rank that was pending."""
        self.store.sync()
        if self._pending_rank is None:
            return
        done, dialog = self._pending_rank
        try:
            settled = settle(done, self.store)
        except StoreError:
            return
        if settled is None or settled.streak_text is None:
            return
        self._pending_rank = None
        dialog.show_streak(settled.streak_text)
        self.notify(f"Your rank is in: {settled.streak_text.splitlines()[-1]}", timeout=10)

    def _entry_of(self, result: Result) -> DailyEntry | None:
        """The daily a practice replay replays (None: not a daily's)."""
        day = day_of((result.context or "").removeprefix(PRACTICE_PREFIX))
        return entry_for(day, result.kind) if day is not None else None

    def finish(self, saved: SavedGame) -> DailyDone | None:
        """Record a finished game; for a daily, its result too (once it replays to a solved
        state), and what the completion dialog shows of it."""
        slot = slot_of(saved.context, find_kind(saved.kind).name)
        try:
            if slot == MAIN_SLOT:
                self.store.finish_current(saved, slot)
                return None
            done = record_daily(saved, slot, self.store, self.today())
        except StoreError as exc:
            self.notify(f"The finished game could not be recorded: {exc}", severity="error")
            return None
        if done.problem is not None:
            self.notify(f"This daily was not recorded: {done.problem}", severity="warning",
                        timeout=10)
        return done

    # -- dailies ---------------------------------------------------------------------------
    def on_open_daily(self, message: OpenDaily) -> None:
        self.open_daily(message.entry)

    def open_daily(self, entry: DailyEntry) -> None:
        """Open a daily puzzle: its saved game when it was started, else a fresh deal."""
        if not has_screen(entry.kind):
            self.notify(f"{find_kind(entry.kind).title} cannot be played here yet.",
                        severity="error", timeout=8)
            return
        saved: SavedGame | None = None
        self.claim_game(entry.slot)
        try:
            saved = self.store.load_current(entry.slot)
        except SaveError as exc:
            self.notify(f"The saved daily could not be read ({exc}). It was set aside.",
                        severity="error", timeout=10)
            with suppress(StoreError):
                self.store.set_aside_current(str(exc), entry.slot)
        game: Play | None = None
        if saved is None:
            result = daily_result(self.store, entry)
            if result is not None:  # solved: shown solved; playing again is a choice
                self.show_solved(entry, result)
                return
        if saved is not None:
            try:
                game = Play.restore(saved, self.ports)
            except (SaveError, PuzzleError) as exc:
                self.notify(f"The saved daily could not be restored ({exc}). It was set aside.",
                            severity="error", timeout=10)
                with suppress(StoreError):
                    self.store.set_aside_current(str(exc), entry.slot)
        self._leave_play_screens()
        if game is not None:
            screen = screen_for(entry.kind)(self.ports, game)
            self.push_screen(screen)
            self._tell_taken(screen)
        else:
            self.push_screen(screen_for(entry.kind)(self.ports, request=DealRequest(daily=entry)))

    def show_solved(self, entry: DailyEntry, result: DailyResult) -> None:
        """A solved daily: its grid, time and share line; ``practice`` replays it."""
        kind = find_kind(entry.kind)
        title = f"Daily {entry.day.isoformat()} · {kind.title} {entry.params} {entry.level.label}"
        assists = "no hints" if result.clean and not result.assisted else "assisted"
        facts = (f"Time      {format_time(result.elapsed)}\n"
                 f"Level     {entry.level.label}\n"
                 f"Hints     {result.hints}\nRevealed  {result.reveals}\n\n"
                 f"Solved {assists}; that time is the one kept.")

        def answer(choice: str | None) -> None:
            if choice == "practice":
                self._leave_play_screens()
                self.push_screen(screen_for(entry.kind)(
                    self.ports, request=DealRequest(daily=entry, practice=True)))

        self.push_screen(SolvedDailyScreen(entry, title, facts,
                                           result_share(self.store, result, self.today()),
                                           cached_puzzle(entry, self.store)), answer)

    def open_daily_kind(self, day: Any, kind: str) -> None:
        entry = entry_for(day, kind)
        if entry is not None:
            self.open_daily(entry)

    def remember_deal(self, entry: DailyEntry, puzzle: Puzzle[Any]) -> None:
        """Cache a dealt daily (on the UI thread, which owns the store's writes)."""
        with suppress(StoreError):
            if self.store.cached_deal(entry.seed_id, find_kind(entry.kind).generator_version) \
                    is None:
                remember(entry, puzzle, self.store)

    def game_in_progress(self) -> bool:
        for screen in self._play_screens():
            if screen.game is not None:
                return not screen.game.finished
        return self.store.current_text() is not None

    # -- app-wide actions ------------------------------------------------------------------
    def action_help(self) -> None:
        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        if isinstance(screen, GameScreen):
            self.push_screen(HelpScreen(screen.help_keys(), screen.HELP_NOTE))
        else:  # the home screen's keys unless the screen has its own
            self.push_screen(HelpScreen(getattr(screen, "HELP_KEYS", None)))

    async def action_quit(self) -> None:
        if isinstance(self.screen, ConfirmScreen):
            return
        if not self.game_in_progress():
            self.exit(0)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                for screen in self._play_screens():
                    if screen.game is not None:
                        screen.game.hold(Hold.HIDDEN)
                        screen.game.save()
                self.exit(0)

        self.push_screen(ConfirmScreen("Quit puzzleterm? Your game is saved and can be "
                                       "continued next time.", yes="Quit", no="Stay"), answer)

    def _play_screens(self) -> list[GameScreen]:
        return [s for s in self.screen_stack if isinstance(s, GameScreen)]

    def on_app_blur(self, _event: events.AppBlur) -> None:
        """The terminal lost focus: every game pauses (board hidden, moves refused)."""
        for screen in self._play_screens():
            screen.hold(Hold.AWAY)

    def on_app_focus(self, _event: events.AppFocus) -> None:
        for screen in self._play_screens():
            screen.hold(Hold.AWAY, False)


def level_note(kind: Kind[Any, Any], params: str) -> str:
    try:
        note: str = kind.level_note(kind.parse_params(params))
    except PuzzleError:
        return ""
    return note


def saved_line(title: str, params: str, level: str | None, elapsed: float) -> str:
    """``Sudoku 9x9 easy · 03:12``: short enough for the home menu at 80 columns."""
    lv = f" {level}" if level else ""
    return f"{title} {params}{lv} · {format_time(elapsed)}"


def run_app(game_id: str | None = None, daily: DailyEntry | None = None) -> int:
    """Run the UI (optionally straight into the puzzle a game ID names, or a daily); the
    exit status.  Today's daily set is dealt ahead in the background, once the first screen
    is drawn (and any puzzle it opens is dealt).

    The command line checks the ID first; a puzzle that still cannot be dealt is reported in
    the app, which stays on the home screen.  An unexpected crash exits non-zero.
    """
    app = PuzzleApp(game_id=game_id, daily=daily, deal_ahead=True)
    app.run()
    return app.return_code or 0
