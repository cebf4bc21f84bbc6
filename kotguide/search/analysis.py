"""One analysis for documents and queries: text in, words out, each word with the forms the index holds.

Japanese runs go through SudachiPy (sudachidict_core, split mode C, loaded once per process): each word is
indexed by its surface, its normalized form and its reading, all folded by `normalize` (katakana -> hiragana),
so 回復, かいふく and カイフク meet, and トーキョー meets 東京. Particles, auxiliaries, symbols and the verbs and
question words every question carries (する, できる, どう, 何 …) are left out, so a whole question matches the
rule that answers it. Latin runs are English: stop words and question words are left out, British spellings
become American, and a Snowball stemmer (PyStemmer) joins eliminated, elimination and eliminate.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

import Stemmer
from sudachipy import Dictionary, SplitMode

from .normalize import fold_plural, normalize

_LATIN = r"[a-z]+(?:['’][a-z]+)?|[0-9]+"
_RUN = re.compile(rf"(?P<latin>{_LATIN})|(?P<ja>[^\sa-z0-9!-/:-@\[-`{{-~、。，．・「」『』（）【】？！…‥]+)")
_PREDICATE_POS = {"動詞", "形容詞", "副詞"}
_SKIP_POS = {"助詞", "助動詞", "補助記号", "記号", "空白"}
# Words that carry no topic: light verbs, formal nouns, question words and question endings.
_JA_STOP = {
    normalize(w).text
    for w in [
        "為る", "する", "出来る", "できる", "居る", "いる", "有る", "ある",
        "成る", "なる", "為す", "れる", "られる", "下さる", "貰う", "もらう",
        "良い", "いい", "言う", "いう", "事", "こと", "物", "もの", "時",
        "とき", "為", "ため", "様", "よう", "所", "ところ", "方", "方法", "仕方", "しかた", "やり方",
        "何", "なに", "なん", "何故", "なぜ", "如何", "どう", "如何して",
        "どうして", "どの", "どれ", "どっち", "どちら", "誰", "だれ", "何時",
        "いつ", "何処", "どこ", "其れ", "それ", "此れ", "これ", "其の",
        "その", "此の", "この", "自分", "場合", "ます", "です", "ください"
    ]
}
_EN_STOP = set(
    [
        "a", "an", "the", "and", "or", "but", "if", "then", "so", "of", "to", "in", "on", "at", "by", "for",
        "from", "with", "without", "into", "onto", "about", "as", "is", "are", "was", "were", "be", "been",
        "being", "am", "do", "does", "did", "doing", "done", "have", "has", "had", "having", "can", "could",
        "may", "might", "must", "shall", "should", "will", "would", "i", "me", "my", "mine", "we", "us",
        "our", "you", "your", "yours", "he", "him", "his", "she", "her", "it", "its", "they", "them",
        "their", "this", "that", "these", "those", "there", "here", "what", "which", "who", "whom", "whose",
        "when", "where", "why", "how", "not", "no", "yes", "any", "some", "all", "still", "also", "just",
        "only", "get", "gets", "got", "anything", "something", "thing", "things", "happen", "happens",
        "happened", "what's", "whats", "it's", "its", "i'm", "im", "work", "works", "many", "much"
    ]
)
# British spellings (and a few common variants) to the American the site writes.
_SPELLING = {
    "armour": "armor",
    "armoured": "armored",
    "colour": "color",
    "colours": "colors",
    "defence": "defense",
    "offence": "offense",
    "favour": "favor",
    "honour": "honor",
    "centre": "center",
    "behaviour": "behavior",
    "neighbour": "neighbor",
    "practise": "practice",
    "cancelled": "canceled",
    "cancelling": "canceling",
    "travelling": "traveling",
    "realise": "realize",
    "organise": "organize",
    "recognise": "recognize",
    "specialise": "specialize",
    "vapour": "vapor",
    "rumour": "rumor",
    "grey": "gray",
    "labour": "labor",
    "everybody": "everyone",  # the same word, as the site writes it
    "somebody": "someone",
}
_NUMBERS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
            "eight": "8", "nine": "9", "ten": "10", "twenty": "20"}
QUESTION_WORDS_EN = {"can", "do", "does", "did", "how", "what", "when", "who", "why", "where", "which", "is", "are",
                     "must", "should", "may", "if", "will", "would", "could"}
_JA_QUESTION = {normalize(w).text for w in [
    "何", "なに", "なん", "如何", "どう", "どの", "どれ", "どっち",
    "どちら", "誰", "だれ", "何時", "いつ", "何故", "なぜ", "何処",
    "どこ"
]}
_JA_QUESTION_END = {"か", "の", "かな", "たら", "れば", "ば"}
# The hiragana a question holds around its words (a query typed unconverted): the stop words written in kana and the
# question endings, for search.py to step over.
KANA_FILLERS = {w for w in _JA_STOP | _JA_QUESTION | _JA_QUESTION_END if re.fullmatch(r"[\u3041-\u3096]+", w)} | {
    "から", "まで", "より", "って", "とは", "には", "では", "ですか", "ますか", "できる", "できますか", "になる"}


@dataclass(frozen=True, slots=True)
class Word:
    surface: str  # as written, normalized (normalize().text): what highlighting looks for
    forms: tuple[str, ...]  # the index terms: normalized surface, normalized form, reading (Japanese) or stem
    predicate: bool = False  # a Japanese verb, adjective or adverb: in a question, what is asked about, not the topic


_local = threading.local()


@cache
def _dictionary() -> Dictionary:
    return Dictionary(dict="core")


def _tokenizer():
    """A Sudachi tokenizer per thread (tokenizers are not thread-safe); the dictionary is loaded once."""
    tokenizer = getattr(_local, "tokenizer", None)
    if tokenizer is None:
        tokenizer = _local.tokenizer = _dictionary().tokenizer(mode=SplitMode.C)
    return tokenizer


@cache
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """One index form per English word: number words as digits, American spelling, plural folded, stemmed."""
    if word in _NUMBERS:
        return _NUMBERS[word]
    return _stemmer().stemWord(fold_plural(_SPELLING.get(word, word)))


@lru_cache(maxsize=65536)
def _norm(text: str) -> str:
    return normalize(text).text


def _clean(form: str) -> str:
    return "".join(c for c in form if unicodedata.category(c)[0] in "LN")


def _japanese(run: str, out: list[Word], keep_stop: bool) -> None:
    for m in _tokenizer().tokenize(run):
        pos = m.part_of_speech()
        surface = _norm(m.surface())
        if pos[0] in _SKIP_POS and not keep_stop:
            continue
        base = _norm(m.dictionary_form())
        normal = _norm(m.normalized_form())
        if not keep_stop and (base in _JA_STOP or normal in _JA_STOP or surface in _JA_STOP):
            continue
        forms = [surface, normal]
        if pos[0] == "動詞" and pos[4].startswith("下一段") and (plain := _plain_verb(m.normalized_form())):
            forms.append(_norm(plain))
        if pos[1] != "数詞" and not surface.isascii():
            forms.append(_norm(m.reading_form()))
        if surface.isascii():  # a Latin word inside Japanese text ("Tokyoに"): treated as English
            forms = [_stem(surface)]
        forms = tuple(dict.fromkeys(f for f in map(_clean, forms) if f))
        if forms:
            out.append(Word(surface, forms, pos[0] in _PREDICATE_POS))
        if m.is_oov() and _KATAKANA.fullmatch(m.surface()):
            out += _katakana_parts(m.surface())


# A potential verb (取り除ける, 振れる: can remove, can roll) and the verb it is made from (取り除く, 振る).
_E_TO_U = dict(zip("けげせてねべめれえ", "くぐすつぬぶむるう", strict=True))


@lru_cache(maxsize=4096)
def _plain_verb(verb: str) -> str:
    """The godan verb a 下一段 verb is the potential of, if the dictionary knows it: 取り除ける -> 取り除く.

    Sudachi gives many potential verbs their verb as normalized form (使える -> 使う) but not all; this joins the
    rest (a transitive -eru verb may meet its intransitive pair, 続ける and 続く: close in meaning too).
    """
    if len(verb) < 2 or verb[-1] != "る" or verb[-2] not in _E_TO_U:
        return ""
    plain = verb[:-2] + _E_TO_U[verb[-2]]
    found = list(_tokenizer().tokenize(plain))
    if len(found) == 1 and found[0].part_of_speech()[0] == "動詞" and found[0].part_of_speech()[4].startswith("五段"):
        return found[0].normalized_form()
    return ""


_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]{4,}")


@lru_cache(maxsize=4096)
def _katakana_parts(word: str) -> tuple[Word, ...]:
    """An unknown katakana compound (トーキョーベイ) cut into two words the dictionary knows, longest first."""
    tokenizer = _tokenizer()
    for cut in range(len(word) - 2, 1, -1):
        halves = [list(tokenizer.tokenize(part)) for part in (word[:cut], word[cut:])]
        if all(len(h) == 1 and not h[0].is_oov() for h in halves):
            parts: list[Word] = []
            for h in halves:
                _japanese(h[0].surface(), parts, keep_stop=False)
            return tuple(parts)
    return ()


def analyze(text: str, keep_stop: bool = False) -> list[Word]:
    """The words of `text` in order; documents and queries alike. `keep_stop` keeps every word (for tests)."""
    words: list[Word] = []
    folded = unicodedata.normalize("NFKC", text).lower()
    for m in _RUN.finditer(folded):
        if latin := m.group("latin"):
            if latin in _EN_STOP and not keep_stop:
                continue
            clean = latin.replace("’", "'")
            stem = _clean(_stem(clean.split("'")[0] if clean.endswith("'s") else clean))
            if stem:
                words.append(Word(latin, (stem,)))
        else:
            _japanese(m.group("ja"), words, keep_stop)
    return words


def whole(text: str) -> str:
    """The whole text as one index term (a name or reading typed in full, however it segments)."""
    return _clean(normalize(unicodedata.normalize("NFKC", text)).text)


def is_question(text: str) -> bool:
    """A whole question: ends with a question mark, or starts (English) or ends (Japanese) like one."""
    text = unicodedata.normalize("NFKC", text).strip().lower()
    if text.endswith("?"):
        return True
    first = re.match(r"[a-z']+", text)
    if first and first.group() in QUESTION_WORDS_EN and len(text.split()) > 1:
        return True
    if not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return False
    morphemes = [m for m in _tokenizer().tokenize(text) if m.part_of_speech()[0] not in ("補助記号", "空白")]
    if any(normalize(m.dictionary_form()).text in _JA_QUESTION for m in morphemes):
        return True
    return bool(morphemes) and morphemes[-1].surface() in _JA_QUESTION_END and len(morphemes) > 1


_DEFINITION = re.compile(r"^(what(?:'s| is| are)|define|meaning of)\b|(とは|って何|ってなに|の意味)[?？]?$")


def is_definition(text: str) -> bool:
    """A question asking what a word means (what is a keep card / 保持とは): the glossary answers it."""
    return _DEFINITION.search(unicodedata.normalize("NFKC", text).strip().lower()) is not None


def warm() -> None:
    """Load the dictionary and the stemmer now (at import of the search views), not on the first query."""
    analyze("回復 heal")
