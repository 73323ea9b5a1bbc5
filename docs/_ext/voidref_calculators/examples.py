"""The example pages: Run buttons on their ``{doctest}`` blocks, and replays a player can change.

* On the pages of ``voidref_runnable_pages`` (the worked examples), every
  ``{doctest}`` block gets the class ``vr-runnable``; ``calc/examples.js``
  adds a Run button (and Edit, Reset) to each, which runs the block in the
  calculators' Python as a doctest, after the page's earlier blocks (the
  page's blocks share one namespace, as under Sybil and ``-b doctest``).
  Without JavaScript the block reads as before.
* ``{replay} name`` with ``:step: n``: step *n* of a replay of
  :mod:`voidref.calc.replays` for the published example, as the HTML the
  replay's one step renderer writes (the same function gives the browser a
  changed step), in a ``<div id="replay-name-n">`` that ``examples.js``
  refills when the inputs change.
* ``{replay-inputs} name``: the small form of the replay's inputs (hidden
  until ``examples.js`` shows it: without JavaScript it could not do
  anything). The inputs that differ from the example live in the URL
  (``?name.field=value``).

Pages with either load ``calc/examples.js`` (a module that starts Python
through ``calc/shared/python.js``, as ``calc.js`` does), ``calc/examples.css``
and ``calc/fight.css`` (a step's look, shared with the tracker).
"""

from __future__ import annotations

import html

import voidref_sources
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from voidref.calc import replays

from .directive import _field_html

#: the worked-example pages whose doctest blocks get a Run button
RUNNABLE_PAGES = ("drifters/docking-bay", "drifters/ember-drift", "pirates/examples", "upper_hand/examples",
                  "cantor/examples", "twodice/examples")


def _note_page(env) -> None:
    env.__dict__.setdefault("voidref_example_docs", set()).add(env.docname)


class ReplayStepDirective(SphinxDirective):
    """``{replay} name`` with ``:step: n``: one step of a replay, refilled in the browser for changed inputs."""

    required_arguments = 1
    option_spec = {"step": directives.nonnegative_int}

    def run(self):
        name = self.arguments[0].strip()
        try:
            replay = replays.get(name)
        except ValueError as exc:
            raise self.error(str(exc)) from exc
        steps = replay.html()
        step = self.options.get("step", 0)
        if step >= len(steps):
            raise self.error(f"{{replay}} {name} has steps 0 to {len(steps) - 1} (got {step})")
        _note_page(self.env)
        voidref_sources.note_engine_page(self.env)
        box = nodes.container(classes=["vr-replay-step"], ids=[f"replay-{name}-{step}"])
        box += nodes.raw("", steps[step], format="html")
        return [box]


def replay_form_html(name: str) -> str:
    """The form of a replay's inputs, hidden until examples.js sets it up."""
    esc = html.escape
    replay = replays.get(name)
    uid = f"replay-{name}"
    fields = "".join(_field_html(f, uid) for f in replay.fields)
    # Folded by default (five inputs are a screenful on a phone, between the story's
    # opening and its first step); the state line stays in view under the fold.
    return (
        f'<section class="vr-replay-form" id="{uid}-form" data-replay="{esc(name)}" aria-labelledby="{uid}-title"'
        f" hidden><details>"
        f'<summary class="vc-title" id="{uid}-title">Change the example</summary>'
        f'<p class="vc-intro">Change an input and every step of {esc(replay.title)} below is played again by '
        f"the engine, in this page; the link keeps your inputs. The story in words stays the published one.</p>"
        f'<form class="vc-form" autocomplete="off" novalidate>{fields}'
        f'<div class="vc-actions"><button type="button" class="vr-replay-reset">Back to the published example'
        f"</button></div></form></details>"
        f'<p class="vc-status" aria-live="polite"></p>'
        f'<p class="vc-general-error" role="alert" hidden></p>'
        f'<p class="vr-replay-state" role="status">The steps below are the published example.</p>'
        f"</section>"
    )


class ReplayInputsDirective(SphinxDirective):
    """``{replay-inputs} name``: the form that changes a replay's inputs (shown only with JavaScript)."""

    required_arguments = 1

    def run(self):
        name = self.arguments[0].strip()
        try:
            markup = replay_form_html(name)
        except ValueError as exc:
            raise self.error(str(exc)) from exc
        _note_page(self.env)
        voidref_sources.note_engine_page(self.env)
        return [nodes.raw("", markup, format="html")]


def _mark_runnable(app, doctree, docname) -> None:
    if app.builder.format != "html" or docname not in app.config.voidref_runnable_pages:
        return
    for block in doctree.findall(nodes.literal_block):
        if block.get("testnodetype") == "doctest":
            block["classes"].append("vr-runnable")


def _assets(app, pagename, templatename, context, doctree):
    if pagename in app.config.voidref_runnable_pages or pagename in getattr(app.env, "voidref_example_docs", set()):
        app.add_css_file("calc/examples.css")
        app.add_css_file("calc/fight.css")  # a replay step, drawn as the tracker's account draws one
        # A module script is deferred already; HTML allows no defer attribute on it.
        app.add_js_file("calc/examples.js", type="module")


def _purge(app, env, docname):
    getattr(env, "voidref_example_docs", set()).discard(docname)


def _merge(app, env, docnames, other):
    env.__dict__.setdefault("voidref_example_docs", set()).update(getattr(other, "voidref_example_docs", set()))


def setup_examples(app) -> None:
    app.setup_extension("voidref_sources")
    app.add_config_value("voidref_runnable_pages", RUNNABLE_PAGES, "html", types=[tuple, list])
    app.add_directive("replay", ReplayStepDirective)
    app.add_directive("replay-inputs", ReplayInputsDirective)
    app.connect("doctree-resolved", _mark_runnable)
    app.connect("html-page-context", _assets)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
