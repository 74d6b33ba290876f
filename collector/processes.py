"""What every worker process the server starts shares: it ends when the server does."""
from __future__ import annotations

import os
import threading
import time


def exit_with_parent(parent_pid: int, every_s: float = 0.5) -> None:
    """Pool initializer: end this process once the server that started it is gone. A SIGKILLed
    server shuts no pool down; without this its workers (and, through their copy of its pipe,
    the multiprocessing resource tracker) would run on."""
    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(every_s)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
