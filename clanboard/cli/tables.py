"""Printing rich tables whole."""

from __future__ import annotations

from typing import Any


def print_whole(console: Any, table: Any) -> None:
    """Print ``table`` at its natural width, widening ``console`` if needed.

    Rich fits a table to the console, 80 columns when output goes to a pipe or file, by
    squeezing and cropping cells; a report read from a log must show every figure whole.
    """
    from rich.measure import Measurement

    natural = Measurement.get(console, console.options.update_width(10_000), table).maximum
    console.width = max(console.width, natural)
    console.print(table)
