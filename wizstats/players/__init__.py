"""The players by name: the registry of policies, their parameters and defaults."""

from __future__ import annotations

from .registry import (
    DEFAULT_POLICY,
    POLICIES,
    VERSIONS,
    Param,
    Policies,
    Policy,
    PolicyInfo,
    resolve_policies,
    strongest,
)

__all__ = [
    "DEFAULT_POLICY",
    "POLICIES",
    "VERSIONS",
    "Param",
    "Policies",
    "Policy",
    "PolicyInfo",
    "resolve_policies",
    "strongest",
]
