"""The calculators: a registry by slug, and :func:`run`, the one entry point.

The web page, the build-time pre-rendering and the tests all go through
:func:`run`: it parses raw form text, calls the calculator's compute function
and returns plain JSON-able data (HTML and plain text of the result, or an
error per field).
"""

from __future__ import annotations

import gc
import importlib
import random
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from voidref.calc.fields import RULINGS, BoolField, Field, FieldError, IntField
from voidref.calc.results import Result, to_html, to_text
from voidref.errors import RulesError, check_rng, describe

__all__ = ["Calculator", "calculator", "roller", "register", "register_lazy", "get", "calculators", "rollers",
           "defaults", "run", "evaluate", "collector_paused"]

_REGISTRY: dict[str, Calculator] = {}
_ORDER: list[str] = []
_LAZY: dict[str, str] = {}
"""Slug to the module that registers it when imported (so a page imports only what it uses)."""


@dataclass(frozen=True)
class Calculator:
    """One calculator: its slug (for pages and URLs), title, fields and compute function."""

    slug: str
    title: str
    system: str
    fields: tuple[Field, ...]
    compute: Callable[..., Result]
    """Called with one keyword argument per field, typed; returns a :class:`~voidref.calc.results.Result`."""
    intro: str = ""
    """One sentence under the title, saying what it answers."""
    rolls: bool = False
    """Whether this is a roller, not a calculator (its compute function then also takes ``rng``, a
    ``random.Random``, and rolls the dice; listed by :func:`rollers`, not :func:`calculators`)."""
    nudges: tuple[tuple[str, str, int], ...] = ()
    """A roller's buttons to roll again with one more of something, each ``(label, field, step)`` (such as
    ``("One more Boon Die", "boon_dice", 1)``): the form adds *step* to the field and rolls."""
    rolled_by: str = ""
    """The slug of the roller that rolls what this calculator gives the odds of (``""`` if none), with the same
    field names, so the form's Roll button hands it the inputs they share."""
    rulings: Any = None
    """The system's reading the ruling switches start from (its ``STANDARD``), or ``None``.

    Each field in the :data:`~voidref.calc.fields.RULINGS` group is named after a
    field of this frozen ``Rulings`` value and defaults to its value there.
    :func:`run` does not pass those fields one by one: it passes ``rulings``,
    this value with the switches applied, so the compute function takes the
    engine's own ``Rulings``.
    """

    def __post_init__(self) -> None:
        switches = [f for f in self.fields if f.group == RULINGS]
        if switches and self.rulings is None:
            raise RulesError(f"'rulings' must be given for the ruling switches of {self.slug!r} (got None)",
                             argument="rulings")
        names = {f.name: f for f in self.fields}
        if self.rolled_by and self.rolls:
            raise RulesError(argument="rolled_by", expected="empty for a roller", received=self.rolled_by)
        for label, name, step in self.nudges:
            if name not in names or not isinstance(names[name], IntField) or not isinstance(step, int):
                raise RulesError(argument="nudges", expected=f"a label, a whole-number field of {self.slug} and a "
                                 "step", received=(label, name, step))
        for f in self.fields:
            for other, values in f.needs:
                if other not in names or not all(names[other].parse(v) is not None for v in values):
                    raise RulesError(argument="needs", expected=f"another field of {self.slug} and values it takes",
                                     received=(other, values))
        for f in switches:
            if not hasattr(self.rulings, f.name) or getattr(self.rulings, f.name) != f.parse(f.default):
                raise RulesError(f"'fields' must name a ruling of {type(self.rulings).__name__} with its value "
                                 f"as the default (got {f.name!r} = {f.default!r} in {self.slug!r})", argument="fields")

    def switches(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The compute function's keywords for typed field *values*: the ruling switches folded into ``rulings``."""
        kwargs = {f.name: values[f.name] for f in self.fields if f.group != RULINGS}
        changed = {f.name: values[f.name] for f in self.fields if f.group == RULINGS}
        if changed:
            kwargs["rulings"] = replace(self.rulings, **changed)
        return kwargs

    def field(self, name: str) -> Field:
        """The field called *name*."""
        for f in self.fields:
            if f.name == name:
                return f
        raise RulesError(f"'field' must be one of {', '.join(f.name for f in self.fields)} (got {name!r})",
                         argument="field")


def register(calc: Calculator) -> Calculator:
    """Add *calc* to the registry (slugs are unique)."""
    if calc.slug in _REGISTRY and _REGISTRY[calc.slug] is not calc:
        raise RulesError(f"'slug' must be unique (got {calc.slug!r} twice)", argument="slug")
    _REGISTRY[calc.slug] = calc
    if calc.slug not in _ORDER:
        _ORDER.append(calc.slug)
    return calc


_Decorator = Callable[[Callable[..., Result]], Callable[..., Result]]


def calculator(slug: str, title: str, system: str, intro: str, fields: tuple[Field, ...],
               rulings: Any = None, *, rolls: bool = False, nudges: tuple[tuple[str, str, int], ...] = (),
               rolled_by: str = "") -> _Decorator:
    """Register the decorated compute function as *slug*, with its *fields* declared right above it.

    The function takes one keyword per field (typed by the field), plus
    ``rulings`` when *rulings* (the system's ``STANDARD``) is given, and returns
    a :class:`~voidref.calc.results.Result`; it is returned unchanged, so it can
    be called directly. A roller (*rolls*) also takes ``rng``.
    """
    def decorate(compute: Callable[..., Result]) -> Callable[..., Result]:
        register(Calculator(slug=slug, title=title, system=system, intro=intro, compute=compute, fields=fields,
                            rulings=rulings, rolls=rolls, nudges=nudges, rolled_by=rolled_by))
        return compute
    return decorate


def roller(slug: str, title: str, system: str, intro: str, fields: tuple[Field, ...], rulings: Any = None, *,
           nudges: tuple[tuple[str, str, int], ...] = ()) -> _Decorator:
    """Register the decorated roll function as the roller *slug*: :func:`calculator` for dice rolled at the table.

    The function takes the fields' keywords and ``rng``, a ``random.Random``
    (at the table :func:`run` passes ``random.SystemRandom()``, the operating
    system's source; tests pass a seeded one), rolls through the engine's own
    roll function and returns a :class:`~voidref.calc.results.Result` with the
    dice shown (:class:`~voidref.calc.results.RolledDie`).
    """
    return calculator(slug, title, system, intro, fields, rulings, rolls=True, nudges=nudges)


def register_lazy(module: str, slugs: tuple[str, ...]) -> None:
    """Declare that importing *module* registers *slugs*; it is imported on first use."""
    for slug in slugs:
        _LAZY[slug] = module
        if slug not in _ORDER:
            _ORDER.append(slug)


def _load(slug: str) -> None:
    module = _LAZY.get(slug)
    if module is None or slug in _REGISTRY:
        return
    importlib.import_module(module)
    missing = [s for s, m in _LAZY.items() if m == module and s not in _REGISTRY]
    if missing:
        raise RulesError(f"'module' {module} must register {', '.join(missing)} (it did not)", argument="module")


def get(slug: str) -> Calculator:
    """The calculator registered as *slug*."""
    if isinstance(slug, str):
        _load(slug)
    try:
        return _REGISTRY[slug]
    except (KeyError, TypeError):
        choices = ", ".join(sorted(set(_REGISTRY) | set(_LAZY)))
        raise RulesError(f"'slug' must be one of {choices} (got {slug!r})", argument="slug") from None


def calculators() -> tuple[Calculator, ...]:
    """Every calculator (not the rollers), in the order they were declared (imports the lazy ones)."""
    for slug in list(_LAZY):
        _load(slug)
    return tuple(_REGISTRY[s] for s in _ORDER if not _REGISTRY[s].rolls)


def rollers() -> tuple[Calculator, ...]:
    """Every roller (a :class:`Calculator` that rolls dice), in the order declared."""
    for slug in list(_LAZY):
        _load(slug)
    return tuple(_REGISTRY[s] for s in _ORDER if _REGISTRY[s].rolls)


def defaults(slug: str) -> dict[str, str]:
    """The default inputs of *slug* as the raw text a form would send."""
    return {f.name: f.format(f.default) for f in get(slug).fields}


def run(slug: str, raw_inputs: Mapping[str, Any] | None = None, *, rng: random.Random | None = None
        ) -> dict[str, Any]:
    """Parse *raw_inputs* (missing ones take their default), compute, render.

    Returns a dict with ``ok``; ``inputs`` (the values as form text);
    ``errors`` (field name to message) and ``error`` (a message not tied to
    one field); and, when ``ok``, ``html`` and ``text`` of the result.

    >>> out = run("check-odds", {"skill": "99"})
    >>> out["ok"], out["errors"]["skill"]
    (False, "'Skill' must be a whole number from 0 to 5 (got '99')")
    """
    return evaluate(slug, raw_inputs, rng=rng)[0]


def evaluate(slug: str, raw_inputs: Mapping[str, Any] | None = None, *,
             name_of: Callable[[Field], str] | None = None,
             given: Collection[str] = (), rng: random.Random | None = None) -> tuple[dict[str, Any], Result | None]:
    """:func:`run`, also returning the :class:`~voidref.calc.results.Result` (``None`` on bad input).

    Error messages name a field by its label, as the form shows it, or by
    what *name_of* gives for it (the command line gives its flag). A field
    named in *given* (what a command line set, as against a form, which
    sends every field) that the other inputs leave unused (its
    :attr:`~voidref.calc.fields.Field.needs`) is refused, never ignored.
    A roller rolls with *rng* (``random.SystemRandom()`` when ``None``).
    """
    calc = get(slug)
    raw = _inputs(calc, raw_inputs)
    named = name_of or (lambda f: f.label)
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    shown: dict[str, str] = {}
    for f in calc.fields:
        text = raw.get(f.name, f.format(f.default))
        shown[f.name] = text if isinstance(text, str) else f.format(text) if _formats(f, text) else describe(text)
        try:
            values[f.name] = f.parse(text)
        except FieldError as exc:
            errors[f.name] = str(exc.renamed(f.name, label=named(f)))
    out: dict[str, Any] = {"slug": slug, "ok": False, "inputs": shown, "errors": errors, "error": None,
                           "html": "", "text": ""}
    for f in calc.fields:
        unmet = [(other, allowed) for other, allowed in f.needs if calc.field(other).format(values.get(other))
                 not in allowed] if f.name in given and not errors else []
        if unmet:
            other, allowed = unmet[0]
            o = calc.field(other)
            errors[f.name] = (f"{named(f)!r} is used only when {named(o)!r} is {' or '.join(allowed) or 'empty'} "
                              f"(got {o.format(values[other]) or 'empty'}): leave it out")
    if errors:
        return out, None
    kwargs = calc.switches(values)
    if calc.rolls:
        kwargs["rng"] = random.SystemRandom() if rng is None else check_rng("rng", rng)
    try:
        result = calc.compute(**kwargs)
    except RulesError as exc:
        fields = {f.name: f for f in calc.fields}
        if exc.argument in fields:
            out["errors"] = {exc.argument: str(exc.renamed(exc.argument, label=named(fields[exc.argument])))}
        else:
            out["error"] = str(exc)
        return out, None
    changed = [f for f in calc.fields if f.group == RULINGS and values[f.name] != f.parse(f.default)]
    if changed:
        result = replace(result, notes=(*result.notes, *(_changed_ruling(f, values[f.name]) for f in changed)))
    out.update(ok=True, html=to_html(result), text=to_text(result),
               inputs={f.name: f.format(values[f.name]) for f in calc.fields})
    return out, result


def _formats(f: Field, value: Any) -> bool:
    """Whether *value*, typed, is one *f* writes back as form text (a value it would parse)."""
    try:
        f.parse(value)
    except RulesError:
        return False
    return True


def _inputs(calc: Calculator, raw_inputs: Any) -> dict[str, Any]:
    """*raw_inputs* as a dict of known field names, or a :class:`RulesError` naming what is wrong with it.

    >>> _inputs(get("check-odds"), {"skil": "3"})
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'skil' is not a field of check-odds (its fields: characteristic, skill, ...)
    """
    if raw_inputs is None:
        return {}
    if not isinstance(raw_inputs, Mapping):
        raise RulesError(argument="inputs", expected=f"a mapping of {calc.slug}'s field names to values",
                         received=raw_inputs)
    names = [f.name for f in calc.fields]
    for key in raw_inputs:
        if key not in names:
            name = key if isinstance(key, str) else describe(key)
            raise RulesError(f"{describe(name)} is not a field of {calc.slug} (its fields: {', '.join(names)})",
                             argument=name, expected=f"a field of {calc.slug}", received=key)
    return dict(raw_inputs)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the duration of one question (the calculators' worker entry uses it).

    A question builds many small tuples and lists that outlive the
    collector's young generation (the Upper Hand walk's tables), so its
    passes visit them again and again to free nothing: in Pyodide they
    were up to an eighth of the Upper Hand engagement's time at its
    slowest form. Reference counting still frees
    everything as usual; the few cycles a question leaves are collected
    once the collector is back on. Left off if it was off already.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _changed_ruling(f: Field, value: Any) -> str:
    """A note under a result worked out with a ruling other than ours."""
    shown = ("yes" if value else "no") if isinstance(f, BoolField) else f.format(value)
    ours = ("yes" if f.default else "no") if isinstance(f, BoolField) else f.format(f.default)
    return f"Ruling switched: {f.label}: {shown} (our ruling: {ours})."
