"""The plugin files that agents which run no hook commands load instead.

One source per family (``assets/``, the record's ``template``) serves every agent of it:
``opencode-plugin.js`` the OpenCode family, ``pi-extension.ts`` Pi and its fork Oh My Pi.
The agent's name and title, the command lines (``agents.command``, the one place they are
built) and the tool names are filled in from the record.  What it makes is shipped under
``hooks/<agent>/``, which install writes as every plugin agent's (a test keeps the two equal).
"""

from __future__ import annotations

import json
import shlex
from importlib import resources

from gitledger.integrations.agent_registry import HOOK_TIMEOUT, HOOKED, Agent


def source(spec: Agent, command: dict[str, str]) -> str:
    """The plugin ``spec`` loads, running ``command[event]`` for each of our events."""
    text = resources.files("gitledger.integrations").joinpath(
        "assets", spec.template).read_text(encoding="utf-8")
    commands = {e: shlex.split(command[e]) for e in HOOKED if e in spec.events}
    return (text.replace("@TITLE@", spec.title).replace("@AGENT@", spec.name)
            .replace("@COMMANDS@", json.dumps(commands))
            .replace("@TOOLS@", json.dumps(sorted(spec.tools)))
            .replace("@STOP@", spec.events.get("stop", ""))
            .replace("@TIMEOUT_MS@", str(HOOK_TIMEOUT * 1000)))


__all__ = ["source"]
