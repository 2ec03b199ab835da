"""A fetched page as text, and the passages of it that answer a query.

The text is decoded by the charset the server or the page names (GBK and GB2312 read as their
superset GB18030), else UTF-8, else GB18030, and its main text is extracted with trafilatura (boiler
plate, menus and scripts left out; plain text is taken as it is). Passages are paragraphs packed
to about :data:`PASSAGE_CHARS` characters (a long paragraph cut at sentence ends), ranked by BM25
against the query: words for alphabetic scripts, single characters and pairs of characters for
Chinese, Japanese and Korean, so a Chinese query matches a Chinese page with no segmenter.
"""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from dataclasses import dataclass

from mira_desktop.core.cjk import CJK_CLASS
from mira_desktop.core.text_form import normal_form

PASSAGE_CHARS = 500
MOST_PASSAGES = 3
ALIASES = {"gbk": "gb18030", "gb2312": "gb18030", "x-gbk": "gb18030", "gb_2312-80": "gb18030"}
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
_TOKENS = re.compile(f"[{CJK_CLASS}]+|[^\\W_]+", re.UNICODE)
_CJK_RUN = re.compile(f"^[{CJK_CLASS}]+$")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？；;])\s*")


@dataclass(frozen=True)
class Passage:
    text: str
    score: float


def decode(body: bytes, charset: str | None) -> str:
    """``body`` as text: the declared charset, the page's own ``<meta charset>``, UTF-8, GB18030."""
    tried: list[str] = []
    declared = charset or _meta_charset(body)
    if declared:
        tried.append(ALIASES.get(declared.lower(), declared.lower()))
    tried += ["utf-8", "gb18030"]
    for name in tried:
        try:
            return body.decode(name)
        except (LookupError, UnicodeDecodeError):
            continue
    return body.decode("utf-8", errors="replace")


def _meta_charset(body: bytes) -> str | None:
    found = _META_CHARSET.search(body[:4096])
    return found.group(1).decode("ascii", errors="ignore") if found else None


def page_text(text: str, content_type: str) -> str:
    """The main text of a page (trafilatura), or the text itself when it is plain text."""
    if content_type == "text/plain":
        return text
    import trafilatura

    extracted = trafilatura.extract(text, include_comments=False, include_tables=True, favor_recall=True)
    return extracted or str(trafilatura.html2txt(text) or "")  # a page it finds no main text in: all of it


def page_title(text: str) -> str | None:
    found = re.search(r"<title[^>]*>(.*?)</title>", text, re.IGNORECASE | re.DOTALL)
    if not found:
        return None
    title = " ".join(html.unescape(found.group(1)).split())
    return title[:200] or None


def passages(text: str, size: int = PASSAGE_CHARS) -> list[str]:
    """Paragraphs of ``text`` packed into pieces of about ``size`` characters."""
    pieces: list[str] = []
    for line in re.split(r"\n\s*\n|\n", text):
        rest = line.strip()
        while len(rest) > size:
            cut = _cut(rest, size)
            pieces.append(rest[:cut].strip())
            rest = rest[cut:].strip()
        if rest:
            pieces.append(rest)
    packed: list[str] = []
    for piece in pieces:
        if packed and len(packed[-1]) + len(piece) + 1 <= size:
            packed[-1] = f"{packed[-1]}\n{piece}"
        else:
            packed.append(piece)
    return packed


def _cut(paragraph: str, size: int) -> int:
    ends = [m.end() for m in _SENTENCE_END.finditer(paragraph, 0, size) if m.end() > size // 2]
    if ends:
        return ends[-1]
    space = paragraph.rfind(" ", size // 2, size)
    return space if space > 0 else size


def terms(text: str) -> list[str]:
    """Words, and for CJK runs each character and each pair of neighbours."""
    found: list[str] = []
    for token in _TOKENS.findall(normal_form(text).lower()):
        if _CJK_RUN.match(token):
            found.extend(token)
            found.extend(token[i : i + 2] for i in range(len(token) - 1))
        else:
            found.append(token)
    return found


def best_passages(text: str, query: str, most: int = MOST_PASSAGES) -> list[Passage]:
    """The ``most`` passages of ``text`` that best answer ``query`` (BM25, k1 1.2, b 0.75), in page
    order; the first passages when nothing matches."""
    pieces = passages(text)
    if not pieces:
        return []
    wanted = set(terms(query))
    counted = [Counter(terms(p)) for p in pieces]
    average = sum(sum(c.values()) for c in counted) / len(counted) or 1.0
    frequency = Counter(t for c in counted for t in wanted if t in c)
    scores = []
    for index, counts in enumerate(counted):
        length = sum(counts.values())
        score = 0.0
        for term in wanted:
            tf = counts.get(term, 0)
            if tf:
                idf = math.log(1 + (len(pieces) - frequency[term] + 0.5) / (frequency[term] + 0.5))
                score += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
        scores.append((score, index))
    ranked = sorted(scores, key=lambda pair: (-pair[0], pair[1]))[:most]
    if all(score == 0 for score, _ in ranked):
        ranked = [(0.0, i) for i in range(min(most, len(pieces)))]
    return [Passage(pieces[i], round(s, 3)) for s, i in sorted(ranked, key=lambda pair: pair[1])]
