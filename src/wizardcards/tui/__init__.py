"""The terminal front ends (Textual and Rich): ``wizard play``, ``wizard score`` and ``wizard replay``.

    play.py            the game against bots: start screen, table, hint, score sheet, results
    controller.py      the game being played: the state, the bots, saving after every decision (no UI)
    replay.py          the record viewer, forwards and back
    scorepad.py        the score pad for a game with real cards (the screens)
    scorepad_model.py  the score pad's pure model: validation, corrections, totals, export (no UI)
    render.py          Rich renderables of a ``View`` shared by the screens
    chart.py           the running-totals chart (plain Rich text, no plotting library)
    store.py           where games and pads are saved (``$WIZARDCARDS_DATA_DIR`` or the user's data directory)

Everything a screen shows comes from a ``View`` (or, for the pad, the core's scoring functions), never from the
screen's own reading of the rules. Textual is imported only here, so the rest of the package does not need it.
"""
