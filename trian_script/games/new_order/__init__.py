"""Galaxy of Trian: New Order — the rule plugins and state of the first game on the kernel."""
from .game import NewOrder as GAME  # noqa: E402
