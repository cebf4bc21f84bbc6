"""Engine tests: pure Python, no database. They run with ``-p no:django`` and under pytest-django alike."""
