"""Values whose type a test cannot state to mypy, said once here rather than ignored line by line.

``make lint`` type-checks the tests' bodies; these two helpers are where a test deliberately leaves the
types: a table's rows (pandas types a row's fields as any scalar, whatever the column holds) and a value
passed against a signature on purpose (a hostile test's float seed, a user's numpy integer)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd


def rows(table: pd.DataFrame) -> Iterable[Any]:
    """The table's rows as named tuples of its columns (``DataFrame.itertuples``)."""
    return table.itertuples()


def as_passed(value: object) -> Any:
    """``value`` as a caller's code may pass it, whatever the signature says: the test checks how the
    package takes it (refused with a clear error, or accepted as the number it stands for)."""
    return value
