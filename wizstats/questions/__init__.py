"""The rules of thumb, one question each, answered with a sentence and a table (``wizstats ask``)."""

from __future__ import annotations

from .ask import QUESTIONS, Answer, AskOptions, Question, ask, catalogue
from .claims import CLAIMS

__all__ = ["CLAIMS", "Answer", "AskOptions", "QUESTIONS", "Question", "ask", "catalogue"]
