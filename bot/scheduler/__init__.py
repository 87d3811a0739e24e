"""Turn deadlines, reminders, vacations and turn notices, derived from stored state.

``deadlines`` holds the pure arithmetic, ``policy`` what the referee does for a silent seat,
``desk`` the service side (settings, vacations, due actions applied once), ``loop`` the
periodic tick a front end runs.
"""
