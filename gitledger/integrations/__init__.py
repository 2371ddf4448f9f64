"""The outside world: agents as data, agent and git hooks, the MCP server, install."""
