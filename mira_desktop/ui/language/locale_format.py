"""Dates, times and numbers as the window's locale writes them (``QLocale()``, see ``ui.i18n``).

Mira stores timestamps as ISO 8601 in UTC (``core.clock``); the window shows them in the user's
time zone and date format. Whole numbers get the locale's digit grouping (``12,345``).
"""

from __future__ import annotations

from PySide6.QtCore import QDate, QDateTime, QLocale, Qt

_SHORT = QLocale.FormatType.ShortFormat


def parse_timestamp(stamp: str) -> QDateTime:
    """A stored ISO 8601 timestamp (``2025-01-02T03:04:05.678Z``) as local time; invalid if not one."""
    moment = QDateTime.fromString(stamp, Qt.DateFormat.ISODateWithMs)
    if not moment.isValid():
        moment = QDateTime.fromString(stamp, Qt.DateFormat.ISODate)
    return moment.toLocalTime() if moment.isValid() else moment


def format_timestamp(stamp: str | None) -> str:
    """Date and time, short (``1/2/25 3:04 AM``, ``2025/1/2 03:04``); unreadable stamps as given."""
    if not stamp:
        return ""
    moment = parse_timestamp(stamp)
    return QLocale().toString(moment, _SHORT) if moment.isValid() else stamp


def format_date(stamp: str | None) -> str:
    """The date alone, short; a plain ``YYYY-MM-DD`` is taken as that calendar day."""
    if not stamp:
        return ""
    day = QDate.fromString(stamp[:10], Qt.DateFormat.ISODate) if len(stamp) == 10 else QDate()
    if not day.isValid():
        moment = parse_timestamp(stamp)
        day = moment.date() if moment.isValid() else day
    return QLocale().toString(day, _SHORT) if day.isValid() else stamp


def format_number(value: int | float, decimals: int = 0) -> str:
    """``12,345`` (or ``12,345.7`` with ``decimals=1``) in the window's locale."""
    if isinstance(value, int):
        return QLocale().toString(value)
    return QLocale().toString(float(value), "f", decimals)
