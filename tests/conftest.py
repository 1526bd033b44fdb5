"""Test set-up: a non-interactive matplotlib backend and the hypothesis profiles.

Property tests take their number of examples from the profile, never from their own ``@settings``
(a test that is costly per example scales the profile's number down, e.g.
``max_examples=settings.default.max_examples // 8``). The default profile is small, for every
``make test``; ``HYPOTHESIS_PROFILE=thorough make test`` runs 25 times more examples.
"""

import os

import matplotlib
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

settings.register_profile(
    "default", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=5_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
