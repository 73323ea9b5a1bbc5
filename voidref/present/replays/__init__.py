"""The worked examples' replays as the pages show them: each step in HTML, one renderer for the build and the browser.

The engine plays each example and returns its steps as data
(:mod:`voidref.drifters.ship_replay`, :mod:`voidref.pirates.replays`; the
Docking Bay fight is an encounter log,
:mod:`voidref.drifters.encounter.examples`); the modules here write those
steps for the page, one module per example:

- :mod:`voidref.present.replays.docking_bay`: the Docking Bay fight, through
  ``voidref.present.fight``, the one renderer of a fight (the tracker's
  account too);
- :mod:`voidref.present.replays.ember_drift`: One Ship Round;
- :mod:`voidref.present.replays.kv220b`: the KV-220B's turn (Markdown, for
  the ``{computed}`` directive);
- :mod:`voidref.present.replays.rolls`: one roll, which both Void Drifters
  replays show;
- :mod:`voidref.present.replays.blocks`: the paragraphs, lists and tables a
  step is made of, written as plain HTML (or as Markdown for the scripts in
  ``examples/``).

A Void Drifters step's HTML comes from one function (``steps_html``,
``ship_step_html``): the ``{replay}`` directive puts it in the page at build
time, and :mod:`voidref.calc.replays` sends the browser the same function's
HTML when a reader changes an input, so both show the same markup.
"""
