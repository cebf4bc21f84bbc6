"""Language purity: how much of a block of text is in the other script, outside text marked with `lang`."""

from html.parser import HTMLParser

BLOCKS = {"p", "li", "dd", "dt", "td", "th", "h1", "h2", "h3", "h4", "figcaption", "summary", "label", "button", "a"}
SKIPPED = {"script", "style", "code", "kbd", "samp"}
VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "base", "col", "embed", "track"}


class _Blocks(HTMLParser):
    def __init__(self, page_lang: str):
        super().__init__()
        self.page_lang = page_lang
        self.stack: list[tuple[str, str, bool]] = []  # (tag, lang in force, starts a block)
        self.blocks: list[str] = []
        self.current: list[list[str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        attrs = dict(attrs)
        lang = attrs.get("lang") or (self.stack[-1][1] if self.stack else self.page_lang)
        is_block = tag in BLOCKS and not any(t in BLOCKS for t, _, _ in self.stack)
        self.stack.append((tag, lang, is_block))
        if is_block:
            self.current.append([])

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _, is_block = self.stack.pop()
            if is_block:
                self.blocks.append("".join(self.current.pop()))
            if open_tag == tag:
                break

    def handle_data(self, data):
        if not self.stack or not self.current:
            return
        tag, lang, _ = self.stack[-1]
        if lang == self.page_lang and not any(t in SKIPPED for t, _, _ in self.stack):
            self.current[-1].append(data)


def blocks_of(html: str, page_lang: str) -> list[str]:
    parser = _Blocks(page_lang)
    parser.feed(html)
    return [b for b in parser.blocks if b.strip()]


def is_latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


def is_japanese(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" or "\uff66" <= ch <= "\uff9f"


def impure_blocks(html: str, page_lang: str, allowed_words: set[str], limit: float = 0.10) -> list[str]:
    """Blocks where letters of the other language exceed `limit` of all letters (allowed words removed first)."""
    foreign = is_latin if page_lang == "ja" else is_japanese
    bad = []
    for block in blocks_of(html, page_lang):
        text = block
        for word in sorted(allowed_words, key=len, reverse=True):
            text = text.replace(word, "")
        letters = [c for c in text if c.isalpha()]
        if letters and sum(map(foreign, letters)) / len(letters) > limit:
            bad.append(block.strip()[:120])
    return bad
