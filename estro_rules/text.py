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
