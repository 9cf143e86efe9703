"""Counted messages: a word dict's value that takes the noun form its number needs.

``Plural("{who} buys 1 {res} for {price} coin", "{who} buys 1 {res} for {price} coins",
"price")`` is a ``str`` (its value is the singular, which is also its gettext ``msgid``), so it
sits in a module's ``MESSAGES`` beside plain strings; its :meth:`Plural.format` picks the form
by the count placeholder. :func:`clanboard.i18n.localized` turns it into the same object with
the catalogue's forms (``msgstr[0..n]``) and the language's CLDR rule (Russian and Ukrainian:
"1 монета / 2 монеты / 5 монет / 21 монета"; Japanese: one form).
"""

from __future__ import annotations

from collections.abc import Callable


def english_rule(n: int) -> int:
    """English (and the ids' own) rule: form 0 for one, form 1 otherwise."""
    return 0 if n == 1 else 1


#: CLDR plural categories in gettext's order of forms (as Babel writes ``Plural-Forms``)
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


class LanguageRule:
    """A language's rule, from Babel's CLDR data: the index of the gettext form
    (``msgstr[i]``) for a count; picklable, unlike a closure."""

    def __init__(self, lang: str) -> None:
        from babel import Locale

        self.lang = lang
        self._form = Locale.parse(lang).plural_form
        tags = self._form.tags
        self.tags = tuple(c for c in CATEGORIES if c in tags or c == "other")
        """The categories the language uses, in the order of its forms."""

    def __reduce__(self) -> tuple[object, ...]:
        return (LanguageRule, (self.lang,))

    def category(self, n: int) -> str:
        """The CLDR category of ``n``: ``"one"``, ``"few"``, ``"many"`` or ``"other"``."""
        return str(self._form(n))

    def __call__(self, n: int) -> int:
        return self.tags.index(self.category(n))


class Plural(str):
    """A message with forms chosen by a count (see the module docstring)."""

    plural: str
    number: str
    """The placeholder holding the count (``"n"``, ``"price"``)."""
    forms: tuple[str, ...]
    rule: Callable[[int], int]

    def __new__(cls, one: str, other: str, number: str = "n", *,
                forms: tuple[str, ...] | None = None,
                rule: Callable[[int], int] = english_rule) -> Plural:
        self = super().__new__(cls, one)
        self.plural = other
        self.number = number
        self.forms = forms or (one, other)
        self.rule = rule
        return self

    def __reduce__(self) -> tuple[object, ...]:  # pickled as it is (process pools)
        return (_rebuild, (str(self), self.plural, self.number, self.forms, self.rule))

    def form(self, n: object) -> str:
        """The form for the count ``n`` (a count that is not a whole number takes the last
        form, as "1.5 coins" would)."""
        try:
            i = self.rule(abs(int(str(n))))
        except ValueError:
            i = len(self.forms) - 1
        return self.forms[min(max(i, 0), len(self.forms) - 1)]

    def format(self, *args: object, **kwargs: object) -> str:
        """The form for ``kwargs[self.number]`` with the placeholders filled."""
        return self.form(kwargs.get(self.number, 0)).format(*args, **kwargs)

    def translated(self, forms: tuple[str, ...], rule: Callable[[int], int]) -> Plural:
        """The same message with a language's forms and rule."""
        return Plural(str(self), self.plural, self.number, forms=forms, rule=rule)


def _rebuild(one: str, other: str, number: str, forms: tuple[str, ...],
             rule: Callable[[int], int]) -> Plural:
    return Plural(one, other, number, forms=forms, rule=rule)
