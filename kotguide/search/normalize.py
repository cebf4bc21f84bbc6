"""One normalization for documents and queries, with a map back to the original text for highlighting.

normalize("Ｃａｒｄｓ を２枚") -> "card を2枚": NFKC (full-width letters and digits become half-width,
half-width katakana full-width), casefold, katakana -> hiragana, and a light English plural folding
(cards -> card, abilities -> ability). Every character of the result remembers where it came from, so a
match in the normalized text marks the right words of the original.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from dataclasses import dataclass

# ァ (U+30A1) … ヶ (U+30F6) and ヽヾ map to their hiragana, 0x60 lower; ー and ヷ-ヺ have none and stay.
_KATA_TO_HIRA = {c: c - 0x60 for c in range(0x30A1, 0x30F7)} | {0x30FD: 0x309D, 0x30FE: 0x309E}
# Marks that belong to the character before them: combining marks, half-width (semi-)voiced sound marks.
_JOINERS = {"\uff9e", "\uff9f"}
_WORD = re.compile(r"[a-z]{4,}")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class Normalized:
    text: str
    offsets: array  # offsets[i]: index in the original of the character that produced text[i]
    length: int  # length of the original

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the normalized span [start, end)."""
        origin = self.offsets[start]
        stop = self.offsets[end] if end < len(self.offsets) else self.length
        return origin, max(stop, origin + 1)


def fold_plural(word: str) -> str:
    """cards -> card, abilities -> ability, smashes -> smash; short words and -ss/-us/-is words stay."""
    if len(word) < 4 or word[-1] != "s" or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) >= 5:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


def normalize(text: str) -> Normalized:
    chars: list[str] = []
    offsets = array("I")
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        j = i + 1
        while j < n and (text[j] in _JOINERS or unicodedata.combining(text[j])):
            j += 1
        if j == i + 1 and c < "\x80":
            out = c.lower()
        else:
            out = unicodedata.normalize("NFKC", text[i:j]).casefold().translate(_KATA_TO_HIRA)
        chars.append(out)
        offsets.extend([i] * len(out))
        i = j
    folded = "".join(chars)
    if not any(m.group().endswith("s") for m in _WORD.finditer(folded)):
        return Normalized(folded, offsets, n)
    # Plural folding only shortens words at their end: drop the offsets of the removed letters.
    pieces: list[str] = []
    new_offsets = array("I")
    last = 0
    for m in _WORD.finditer(folded):
        word = m.group()
        short = fold_plural(word)
        if short == word:
            continue
        start = m.start()
        pieces.append(folded[last:start])
        new_offsets.extend(offsets[last:start])
        keep = len(short) if short[-1] == word[len(short) - 1] else len(short) - 1  # -ies -> -y keeps one
        pieces.append(short)
        new_offsets.extend(offsets[start : start + keep])
        new_offsets.extend([offsets[start + keep]] * (len(short) - keep))
        last = m.end()
    pieces.append(folded[last:])
    new_offsets.extend(offsets[last:])
    return Normalized("".join(pieces), new_offsets, n)


def query_terms(query: str, limit: int = 8) -> list[str]:
    """The normalized words of a query, without repeats, at most `limit`."""
    words = normalize(_CONTROL.sub(" ", query)).text.split()
    return list(dict.fromkeys(words))[:limit]
