"""Missing-digit arithmetic (mushikuizan): a worked sum with hidden digits to fill back.

Modules: :mod:`.model` (params, rows, forms, moves: its docstring is the reference),
:mod:`.solver` (counts fillings column by column, or factor digits from the units up),
:mod:`.human` (techniques and grader), :mod:`.generator`, :mod:`.kind` (the registered kind).
"""

from ..kind import register
from .kind import ARITH, ArithKind
from .model import ArithParams, ArithState

register(ARITH)

__all__ = ["ARITH", "ArithKind", "ArithParams", "ArithState"]
