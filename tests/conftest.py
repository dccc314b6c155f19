"""Hypothesis profiles: the default run stays quick; ``HYPOTHESIS_PROFILE=slow`` tries far more cases
(e.g. ``HYPOTHESIS_PROFILE=slow .venv/bin/python -m pytest tests/test_hostile.py``)."""

import os

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("slow", deadline=None, max_examples=5_000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
