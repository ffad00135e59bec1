"""A local web app for the players at the table: the bid advisor, card strength, questions, the score pad.

``wizstats serve`` starts it (``pip install "wizstats[web]"`` brings Starlette and uvicorn). The
pages are plain HTML, CSS and JavaScript shipped in ``static/``: nothing is fetched from the
internet. The JSON API answers what the CLI's ``--format json`` prints for the same arguments
(:mod:`wizstats.web.commands`), within the caps of :mod:`wizstats.web.limits`.

>>> app = create_app()
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/ask', '/api/ask/{question}']
"""

from .app import create_app, serve
from .limits import LIMITS, Limits

__all__ = ["LIMITS", "Limits", "create_app", "serve"]
