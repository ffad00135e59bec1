"""Wizard inside OpenSpiel: the game for its algorithms, and bots that seat wizstats players there.

Importing this package registers the pyspiel Python game ``"wizard"`` (one round; see
:mod:`.game` for the parameters and the course of a round)::

    import pyspiel
    import wizstats.openspiel  # registers "wizard"
    game = pyspiel.load_game("wizard", {"players": 4, "hand_size": 3})

Needs OpenSpiel (``pip install -e ".[bench]"``, which installs ``open-spiel``).
"""

from __future__ import annotations

try:
    import pyspiel
except ImportError as err:  # pragma: no cover - depends on the environment
    raise ImportError(
        'wizstats.openspiel needs OpenSpiel: pip install open-spiel (or pip install -e ".[bench]")'
    ) from err

from .game import DEFAULT_PARAMS, GAME_TYPE, SHORT_NAME, WizardGame, WizardState, rules_from_params

__all__ = ["DEFAULT_PARAMS", "SHORT_NAME", "WizardGame", "WizardState", "load", "rules_from_params"]

if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, WizardGame)


def load(**params: object) -> WizardGame:
    """``pyspiel.load_game("wizard", params)``, with a ``ValueError`` naming a bad parameter.

    >>> game = load(players=4, hand_size=3)
    >>> game.num_players(), game.num_distinct_actions()
    (4, 68)
    """
    rules_from_params(params)  # the clear message, before OpenSpiel's own
    return pyspiel.load_game(SHORT_NAME, params)
