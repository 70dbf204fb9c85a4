"""The engine's words in each language: English in the code, Italian from a gettext catalogue.

A message a player reads is written in English where it is said, and marked for the catalogue:

- ``_("Allowed.")`` where it is said at once (a view);
- ``N_("Card destroyed")`` where it is kept to be said later (a result's field): the view says it with
  :func:`say`;
- ``Message("… result {result} …", result=3)`` for a kept message with values: a ``str`` whose value is
  the English text (so results and their JSON stay English), and which :func:`say` puts into the current
  language;
- ``Plural("{n} trigger waiting.", "{n} triggers waiting.", n)`` for a kept message whose words depend on a
  number: :func:`say` puts it into the current language with :func:`ngettext` (Italian has three forms).

The current language is a context variable, set around the work with :class:`using` (the command line
from ``--lang`` or the environment, the browser from the page's language, the site for its Italian pages).
The catalogues are ``estro_rules/locale/<lang>/LC_MESSAGES/estro_rules.po``, compiled to ``.mo`` beside
them, both kept in the repository; the standard library's :mod:`gettext` reads them (the engine keeps no
runtime dependency). ``bash scripts/i18n.sh`` extracts, updates and compiles them with Babel; the tests
fail on a message without its Italian.

>>> from estro_rules.i18n import Message, say, using
>>> message = Message("{effect} is not in play in this match.", effect="NecroToken")
>>> message, say(message)
('NecroToken is not in play in this match.', 'NecroToken is not in play in this match.')
>>> with using("it"):
...     say(message), _("Allowed.")
('NecroToken non fa parte di questa partita.', 'Ammesso.')
>>> using("fr")
Traceback (most recent call last):
...
ValueError: language: expected one of 'en', 'it', got 'fr'
"""

from __future__ import annotations

import functools
import gettext
import io
import os
from collections.abc import Mapping
from contextvars import ContextVar, Token
from types import TracebackType
from typing import Any

LANGUAGES = ("en", "it")
"""The languages the engine speaks; English is the language of the code."""

DOMAIN = "estro_rules"

_current: ContextVar[str] = ContextVar("estro_rules_language", default="en")


def current() -> str:
    """The language the engine speaks now."""
    return _current.get()


def check(language: str) -> str:
    """``language`` if the engine speaks it; a :class:`ValueError` naming the choices otherwise."""
    if language not in LANGUAGES:
        choices = ", ".join(repr(c) for c in LANGUAGES)
        raise ValueError(f"language: expected one of {choices}, got {language!r}")
    return language


class using:  # noqa: N801 (used as a statement: ``with using("it"):``)
    """Speak ``language`` inside a ``with`` block."""

    def __init__(self, language: str) -> None:
        self.language = check(language)
        self._token: Token[str] | None = None

    def __enter__(self) -> str:
        self._token = _current.set(self.language)
        return self.language

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        if self._token is not None:
            _current.reset(self._token)


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it: the first of ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set, and in it the first language the engine speaks (``LANGUAGE``
    may list several, ``fr:it``); English otherwise.

    >>> from_environment({"LANG": "it_IT.UTF-8"}), from_environment({"LANG": "de_DE"}), from_environment({})
    ('it', 'en', 'en')
    >>> from_environment({"LANGUAGE": "en:it", "LANG": "it_IT.UTF-8"}), from_environment({"LANGUAGE": "fr:it"})
    ('en', 'it')
    >>> from_environment({"LANG": "it_IT@euro"}), from_environment({"LC_ALL": "C.UTF-8", "LANG": "it_IT"})
    ('it', 'en')
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            for entry in value.split(":"):
                code = entry.split("@")[0].split(".")[0].split("_")[0].lower()
                if code in LANGUAGES:
                    return code
            return "en"
    return "en"


def spoken(languages: tuple[str, ...], language: str | None = None) -> str:
    """The language that a view speaking ``languages`` speaks on a page in ``language`` (by default the current
    one): that one if it can, else English."""
    wanted = current() if language is None else language
    return wanted if wanted in languages else "en"


@functools.cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (none for English, the code's own language).

    Read through this module's loader, so that it is found where the engine is: installed, or in Pyodide
    inside the zip of bytecode on ``sys.path``, where no file can be opened."""
    if check(language) == "en":
        return gettext.NullTranslations()
    path = os.path.join(os.path.dirname(__file__), "locale", language, "LC_MESSAGES", f"{DOMAIN}.mo")
    loader: Any = __spec__.loader  # a file's loader, or zipimport's: both read the package's data (get_data)
    return gettext.GNUTranslations(io.BytesIO(loader.get_data(path)))


def _(message: str) -> str:
    """``message`` (English) in the current language."""
    return catalogue(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural form for ``n``, in the current language."""
    return catalogue(current()).ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it)
    """``message`` as it is, marked for the catalogue: it is said later, with :func:`say`."""
    return message


class Message(str):
    """A message with values, kept to be said later: the ``str`` is its English text."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Message:
        self = super().__new__(cls, template.format(**values))
        self.template = template
        self.values = values
        return self

    @classmethod
    def kept(cls, message: str) -> Message:
        """A message marked where it is written (:func:`N_`, no placeholders), as a value that another message
        says in its language."""
        return cls(message)

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:  # copied and pickled whole
        return (self.template,), self.values


class Plural(Message):
    """A kept message whose words depend on a number ``n`` (one of its values): said with :func:`ngettext`.

    >>> p = Plural("{n} trigger waiting.", "{n} triggers waiting.", 2)
    >>> p, Plural("{n} trigger waiting.", "{n} triggers waiting.", 1)
    ('2 triggers waiting.', '1 trigger waiting.')
    """

    plural: str

    def __new__(cls, singular: str, plural: str, n: int, **values: Any) -> Plural:
        self = str.__new__(cls, (singular if n == 1 else plural).format(n=n, **values))
        self.template = singular
        self.plural = plural
        self.values = {"n": n, **values}
        return self

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        values = dict(self.values)
        return (self.template, self.plural, values.pop("n")), values


THOUSANDS = {"it": "."}
"""The thousands separator of each language that does not separate them with English's ``,``."""


def grouped(number: str) -> str:
    """A number written with English's thousands separators as the current language writes it: ``100.000``
    in Italian, where ``100,000`` reads as one hundred.

    >>> with using("it"):
    ...     grouped("100,000")
    '100.000'
    """
    return number.replace(",", THOUSANDS.get(current(), ","))


def say(text: str) -> str:
    """A kept message (:func:`N_`, :class:`Message`, :class:`Plural`) in the current language. A message's
    values are said too if they are messages themselves; any other value (a name, a player's own text) stays
    as it is. Nothing said is nothing (gettext's empty message is its catalogue's header). In English, the
    language of the code, a kept message is already said: its ``str`` (a long battle's trace says thousands)."""
    if not text:
        return text
    if _current.get() == "en":
        return str(text)
    if isinstance(text, Message):
        values = {k: say(v) if isinstance(v, Message) else v for k, v in text.values.items()}
        if isinstance(text, Plural):
            return ngettext(text.template, text.plural, text.values["n"]).format(**values)
        return _(text.template).format(**values)
    return _(text)
