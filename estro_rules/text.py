"""Text that the engine shows: quotations of a source, marked as such.

The engine states the rules in its own words. Where the exact wording of a source matters (the
reasons PROTOCOL_07 gives for its incompatible pairs), the text is a :class:`Quote`: it stays a
plain string in JSON, and every view shows it as a quotation naming its source.

>>> reason = Quote("competitive teams vs co-op", "PROTOCOL_07")
>>> reason == "competitive teams vs co-op", reason.source
(True, 'PROTOCOL_07')
>>> quoted_text(reason)
'“competitive teams vs co-op” (PROTOCOL_07)'
>>> quoted_text("our own words")
'our own words'
"""

from __future__ import annotations

import re


class Quote(str):
    """Words taken as they are from a source document, with the source's name."""

    source: str
    """The source document, as its title names it (``"PROTOCOL_07"``)."""

    def __new__(cls, text: str, source: str) -> Quote:
        quote = super().__new__(cls, text)
        quote.source = source
        return quote


def quoted_text(text: str) -> str:
    """``text`` for a terminal: a quotation in quotation marks with its source, anything else as it is."""
    if isinstance(text, Quote):
        return f"“{text}” ({text.source})"
    return text


#: Characters that may not reach a terminal or a message as they are: control characters (a newline
#: could forge a second line, an escape sequence would be run by the terminal), the characters that
#: change the direction of the text around them (an override can reverse a line), line and paragraph
#: separators, and unpaired surrogates (no encoding can write them).
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)


def unsafe_characters(text: str) -> list[str]:
    """The characters of ``text`` that :func:`one_line` would escape, each once, in order.

    >>> unsafe_characters("Ness\\u202eie\\n")
    ['\\u202e', '\\n']
    """
    return list(dict.fromkeys(_UNSAFE.findall(text)))


def one_line(text: str) -> str:
    """``text`` made safe for a terminal and a message: on one line, every unsafe character escaped.

    Escapes are written as Python writes them (``\\n``, ``\\x1b``, ``\\u202e``, ``\\ud800``), so the
    result shows what was there; text that needs no escape is returned as it is.

    >>> one_line("Nessie")
    'Nessie'
    >>> one_line("a\\nerror: forged")
    'a\\\\nerror: forged'
    >>> one_line("\\x1b[31mred\\u202e\\ud800")
    '\\\\x1b[31mred\\\\u202e\\\\ud800'
    """
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: repr(m.group())[1:-1], text)
