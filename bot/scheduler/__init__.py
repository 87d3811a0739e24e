"""Turn deadlines, reminders, vacations and turn notices, derived from stored state.

``deadlines`` holds the pure arithmetic, ``policy`` what the referee does for a silent seat,
``desk`` the commands (settings, vacations, status), ``actions`` what a tick applies once,
``store`` their data, ``loop`` the periodic tick a front end runs.
"""
