"""Click subcommands of `altay` (one module each)."""
