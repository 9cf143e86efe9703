"""Free text from clients (names, chat): no invisible formatting characters.

Refused, with a reason in the reader's language, is every character of Unicode category
Cf (format) and the line and paragraph separators (Zl, Zp): the bidirectional controls
(U+202A-U+202E, U+2066-U+2069, U+200E/U+200F, U+061C) that make a name or message show in
another order than it was written (display spoofing), zero-width spaces and joiners' look-
alikes (U+200B, U+2060, U+FEFF), the soft hyphen, and the rest. Kept, because text needs
them: U+200D ZERO WIDTH JOINER (emoji sequences such as family or profession emoji, and
some scripts), U+200C ZERO WIDTH NON-JOINER (Persian, Indic scripts), and tag characters
(U+E0020-U+E007F) only in a well-formed emoji tag sequence, the black flag U+1F3F4 followed
by tags and ended by U+E007F CANCEL TAG (the flags of Scotland, England, Wales).
"""

from __future__ import annotations

import unicodedata

from clanboard.i18n import localized
from clanboard.server.core.errors import ApiError

MESSAGES = {
    "invisible": "Names and messages may not contain invisible formatting characters (such "
                 "as right-to-left marks or zero-width spaces): remove them and try again.",
}
"""Words of the text check (the reason a name or chat message is refused)."""

#: format characters that text legitimately needs (see the module's docstring)
ALLOWED = frozenset({"\u200c", "\u200d"})
BLACK_FLAG = "\U0001f3f4"
TAGS = range(0xE0020, 0xE007F)  # tag characters (not the CANCEL TAG that ends a sequence)
CANCEL_TAG = "\U000e007f"
#: the error's code (the same over HTTP and the WebSocket)
CODE = "invisible_characters"


def invisible(text: str) -> list[str]:
    """The refused invisible characters of ``text``, in order (empty: the text is fine)."""
    found: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == BLACK_FLAG:  # skip a well-formed tag sequence after the black flag
            j = i + 1
            while j < len(text) and ord(text[j]) in TAGS:
                j += 1
            if j > i + 1 and j < len(text) and text[j] == CANCEL_TAG:
                i = j + 1
                continue
        elif c not in ALLOWED and unicodedata.category(c) in ("Cf", "Zl", "Zp"):
            found.append(c)
        i += 1
    return found


def reason(lang: str = "en") -> str:
    """Why a text with invisible characters is refused, in ``lang``."""
    return localized(MESSAGES, lang)["invisible"]


def check(text: str, lang: str = "en") -> str:
    """``text`` if it has no refused invisible character, else a 422 :class:`ApiError`."""
    if invisible(text):
        raise ApiError(422, CODE, reason(lang))
    return text
