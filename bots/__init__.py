"""Reference bots for the Altay referee (each also runs on its own: `python bots/<name>_bot.py`)."""
