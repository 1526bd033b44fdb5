"""Test set-up: a non-interactive matplotlib backend and the hypothesis profiles.

`HYPOTHESIS_PROFILE=thorough make test` runs the property tests with ten times more examples.
"""

import os

import matplotlib
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", max_examples=20_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
