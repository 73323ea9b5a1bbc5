"""The worked examples' replays as the pages show them: each step in Markdown.

The engine plays each example and returns its steps as data
(:mod:`voidref.drifters.replays`, :mod:`voidref.drifters.ship_replay`,
:mod:`voidref.pirates.replays`); the modules here write those steps for the
page, one module per example:

- :mod:`voidref.present.replays.docking_bay`: the Docking Bay fight;
- :mod:`voidref.present.replays.ember_drift`: One Ship Round;
- :mod:`voidref.present.replays.kv220b`: the KV-220B's turn;
- :mod:`voidref.present.replays.rolls`: the lines of one roll, which both
  Void Drifters replays print.

The build renders these into the pages (the ``{replay}`` and ``{computed}``
directives) and :mod:`voidref.calc.replays` turns the same Markdown into HTML
when a reader changes an input, so both show the same text.
"""
