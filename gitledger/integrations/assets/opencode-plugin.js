// git ledger for @TITLE@: `git ledger install --agent @AGENT@` writes this plugin, and
// `git ledger uninstall --agent @AGENT@` removes it.  Each hook runs git ledger with a JSON
// payload on stdin, as the agents with command hooks do; git-ledger must be on the PATH.
//
// session-start: the restore block goes into the system prompt of every model request of
//   the session, computed at its first request, again after a compaction, and on resume;
// pre-compact: a checkpoint before the client compacts;
// pre-tool-use: before a tool writes a file, the decisions that govern it, added to what
//   the tool returns to the model;
// stop: when the model ends a text answer, git ledger check; its errors come back once, as
//   the next user message of the same run (the session is still busy: a run that went idle
//   would have ended already);
// session-end: a checkpoint when the client shuts down.
import { spawn } from "node:child_process"

const AGENT = "@AGENT@"
const COMMANDS = @COMMANDS@
const TOOLS = @TOOLS@
const TIMEOUT_MS = @TIMEOUT_MS@

function ledger(event, payload, cwd) {
  return new Promise((resolve) => {
    let out = ""
    let child
    try {
      const [program, ...args] = COMMANDS[event]
      child = spawn(program, args, { cwd, stdio: ["pipe", "pipe", "inherit"] })
    } catch {
      return resolve("")
    }
    const timer = setTimeout(() => child.kill(), TIMEOUT_MS)
    child.stdout.on("data", (chunk) => { out += chunk })
    child.on("error", () => { clearTimeout(timer); resolve("") })
    child.on("close", () => { clearTimeout(timer); resolve(out) })
    child.stdin.on("error", () => {})
    child.stdin.end(JSON.stringify({ agent: AGENT, cwd, ...payload }))
  })
}

function field(out, key) {
  try {
    const value = JSON.parse(out)[key]
    return typeof value === "string" ? value : ""
  } catch {
    return ""
  }
}

export const GitLedger = async ({ client, directory }) => {
  const cwd = directory
  const created = new Set()   // sessions started in this process
  const children = new Set()  // subagent sessions: they are the parent's work
  const sources = new Map()   // session -> why its block is restored at its next request
  const blocks = new Map()    // session -> the restore block in force
  const told = new Map()      // tool call -> what pre-tool-use added
  const sentBack = new Set()  // sessions the stop check sent back, until the user speaks
  const ours = new Set()      // sessions whose next user message is the stop check's

  async function restore(session) {
    const source = sources.get(session) ?? (created.has(session) ? "startup" : "resume")
    sources.delete(session)
    const out = await ledger("session-start", {
      session_id: session, hook_event_name: "session.start", source,
    }, cwd)
    blocks.set(session, field(out, "additionalContext"))
  }

  async function stopping(session) {
    const active = sentBack.has(session)
    const out = await ledger("stop", {
      session_id: session, hook_event_name: "experimental.text.complete",
      stop_hook_active: active,
    }, cwd)
    const reason = field(out, "reason")
    if (!reason || active) return
    sentBack.add(session)
    ours.add(session)
    // Not awaited: the prompt joins the run in progress (OpenCode) or starts the next one
    // before the session goes idle (Kilo), and either waits for this very hook to end.
    client.session.prompt({
      path: { id: session }, body: { parts: [{ type: "text", text: reason }] },
    }).catch(() => {})
  }

  return {
    event: async ({ event }) => {
      const props = event.properties ?? {}
      if (event.type === "session.created") {
        const info = props.info ?? {}
        if (info.parentID) children.add(info.id)
        else created.add(info.id)
      } else if (event.type === "session.compacted") {
        sources.set(props.sessionID, "compact")
      }
    },
    "chat.message": async (input) => {
      // A message of the user's own starts a new turn, whose stop may be sent back again.
      if (ours.has(input.sessionID)) ours.delete(input.sessionID)
      else sentBack.delete(input.sessionID)
    },
    "experimental.chat.system.transform": async (input, output) => {
      const session = input.sessionID
      if (!session || children.has(session)) return
      if (!blocks.has(session) || sources.has(session)) await restore(session)
      const block = blocks.get(session)
      if (block) output.system.push(block)
    },
    "experimental.text.complete": async (input, output) => {
      if (output.text?.trim() && !children.has(input.sessionID)) await stopping(input.sessionID)
    },
    "experimental.session.compacting": async (input) => {
      await ledger("pre-compact", {
        session_id: input.sessionID, hook_event_name: "session.compacting", trigger: "auto",
      }, cwd)
    },
    "shell.env": async (input, output) => {
      // The session's writes through the shell tool are attributed to it.
      if (input.sessionID) output.env.GIT_LEDGER_SESSION_ID = input.sessionID
    },
    "tool.execute.before": async (input, output) => {
      if (!TOOLS.includes(input.tool)) return
      const out = await ledger("pre-tool-use", {
        session_id: input.sessionID, hook_event_name: "tool.execute.before",
        tool_name: input.tool, tool_input: output.args,
      }, cwd)
      const context = field(out, "additionalContext")
      if (context) told.set(input.callID, context)
    },
    "tool.execute.after": async (input, output) => {
      const context = told.get(input.callID)
      if (!context) return
      told.delete(input.callID)
      output.output = `${output.output ?? ""}\n\n${context}`
    },
    dispose: async () => {
      for (const session of new Set([...created, ...blocks.keys()])) {
        await ledger("session-end", {
          session_id: session, hook_event_name: "dispose", reason: "exit",
        }, cwd)
      }
    },
  }
}
