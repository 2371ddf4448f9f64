// git ledger for Oh My Pi: written by `git ledger install --agent omp` (docs/agents.md).
//
// Oh My Pi has extensions, not hook commands (Pi's extension API, which Oh My Pi, its fork,
// keeps), so this one runs the same commands the other agents' hooks run, with a JSON
// payload on stdin, and puts what they print where the model reads it: the restore block
// before every model call (so it is back after a compaction), a governing decision in the
// result of the tool that touched the file, a failed Stop check as one follow-up message.
// Whatever fails here, Oh My Pi goes on.
import { spawn } from "node:child_process";

const AGENT = "omp";
const TIMEOUT_MS = 30000;
// How long quitting waits for a Stop check, and the run it sent back, to finish.
const SETTLE_MS = 120_000;
// The event the Stop check runs at: Pi's `agent_end`, or Oh My Pi's `session_stop`.
const STOP = "session_stop";

type Payload = Record<string, unknown>;

// `detached`: the command runs on in its own process group when the client quits before
// it is done (Oh My Pi gives a session_shutdown handler 2 seconds), its output unread.
function run(argv: string[], payload: Payload, cwd: string,
             detached = false): Promise<Payload | null> {
  return new Promise((resolve) => {
    let out = "";
    let child;
    try {
      child = spawn(argv[0], argv.slice(1),
                    { cwd, detached, stdio: ["pipe", detached ? "ignore" : "pipe", "inherit"] });
    } catch {
      resolve(null);
      return;
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => { out += chunk; });
    child.on("error", () => { clearTimeout(timer); resolve(null); });
    child.on("close", () => {
      clearTimeout(timer);
      try {
        const parsed: unknown = JSON.parse(out);
        resolve(parsed && typeof parsed === "object" ? (parsed as Payload) : null);
      } catch {
        resolve(null);
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

function text(answer: Payload | null, key: string): string {
  const value = answer?.[key];
  return typeof value === "string" ? value : "";
}

export default function (pi: any) {
  let block = "";
  let sentBack = false;
  let checking = false;
  let running = 0;
  const told = new Map<string, string>();

  // Pi's print mode quits as soon as the prompt's run ends, without waiting for the
  // `agent_end` handlers; quitting does wait for `session_shutdown`.  So the shutdown
  // waits (bounded) for the Stop check, the run it sent back and that run's own check.
  const settle = async (ctx: any) => {
    const until = Date.now() + SETTLE_MS;
    while (Date.now() < until && (checking || running > 0 || !ctx.isIdle())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const payload = (ctx: any, event: string, extra: Payload = {}): Payload => ({
    session_id: ctx.sessionManager.getSessionId(),
    transcript_path: ctx.sessionManager.getSessionFile() ?? null,
    cwd: ctx.cwd,
    hook_event_name: event,
    ...extra,
  });

  const start = async (ctx: any, source: string) => {
    // Every shell command the model runs writes to the ledger as this session.
    process.env.GIT_LEDGER_SESSION_ID = ctx.sessionManager.getSessionId();
    const answer = await run(["git", "ledger", "hook", "session-start", "--agent", AGENT],
                             payload(ctx, "session_start", { source }), ctx.cwd);
    block = text(answer, "additionalContext");
  };

  pi.on("session_start", async (event: any, ctx: any) => {
    // `pi --session ID` starts up in a session that has a conversation already.  Oh My
    // Pi's session_start names no reason: it is a start (or such a resume) too.
    const reason = event.reason ?? "startup";
    const resumed = reason === "resume" || (reason === "startup" &&
      ctx.sessionManager.getEntries().some((e: any) => e.type === "message"));
    const source = reason === "new" ? "clear" : resumed ? "resume" : reason;
    await start(ctx, source);
  });

  // Oh My Pi reports /new and /resume as a switch of session, not as a session_start.
  pi.on("session_switch", async (event: any, ctx: any) => {
    await start(ctx, event.reason === "new" ? "clear" : "resume");
  });

  pi.on("session_compact", async (_event: any, ctx: any) => { await start(ctx, "compact"); });

  // Not stored in the session: the block is put in front of every request, as it is now.
  pi.on("context", (event: any) => {
    if (!block) return undefined;
    const restore = { role: "user", content: [{ type: "text", text: block }],
                      timestamp: Date.now() };
    return { messages: [restore, ...event.messages] };
  });

  pi.on("session_before_compact", async (_event: any, ctx: any) => {
    await run(["git", "ledger", "hook", "pre-compact", "--agent", AGENT],
              payload(ctx, "session_before_compact", { trigger: "auto" }), ctx.cwd);
  });

  pi.on("session_shutdown", async (event: any, ctx: any) => {
    await settle(ctx);
    await run(["git", "ledger", "hook", "session-end", "--agent", AGENT],
              payload(ctx, "session_shutdown", { reason: event.reason }), ctx.cwd, true);
  });

  pi.on("tool_call", async (event: any, ctx: any) => {
    const answer = await run(["git-ledger-pre-tool-use", AGENT],
                             payload(ctx, "tool_call", { tool_name: event.toolName,
                                                         tool_input: event.input }), ctx.cwd);
    const context = text(answer, "additionalContext");
    if (context) told.set(event.toolCallId, context);
    return undefined;
  });

  pi.on("tool_result", (event: any) => {
    const context = told.get(event.toolCallId);
    if (!context) return undefined;
    told.delete(event.toolCallId);
    return { content: [...(event.content ?? []), { type: "text", text: context }] };
  });

  if (STOP === "session_stop") {
    // Oh My Pi asks its stop hooks before the run settles, as Claude Code does: a block
    // sends the model back within the same prompt, and the event says whether it did.
    pi.on("session_stop", async (event: any, ctx: any) => {
      const answer = await run(["git", "ledger", "check", "--hook", "stop", "--agent", AGENT],
                               payload(ctx, STOP,
                                       { stop_hook_active: event.stop_hook_active === true }),
                               ctx.cwd);
      const reason = answer?.decision === "block" ? text(answer, "reason") : "";
      return reason ? { decision: "block", reason } : undefined;
    });
    return;
  }

  pi.on("agent_start", () => { running += 1; });

  pi.on("agent_end", (_event: any, ctx: any) => {
    running = Math.max(0, running - 1);
    checking = true;
    return checkAtStop(ctx).finally(() => { checking = false; });
  });

  const checkAtStop = async (ctx: any): Promise<void> => {
    const answer = await run(["git", "ledger", "check", "--hook", "stop", "--agent", AGENT],
                             payload(ctx, "agent_end", { stop_hook_active: sentBack }),
                             ctx.cwd);
    const reason = answer?.decision === "block" ? text(answer, "reason") : "";
    sentBack = reason !== "" && !sentBack;
    if (!sentBack) return;
    // The reason is the next prompt.  Pi is idle by now, and a print-mode run ends once
    // this handler returns unless that prompt is running: wait (bounded) until it is.
    try {
      pi.sendUserMessage(reason);
      for (let waited = 0; waited < 3_000 && ctx.isIdle(); waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } catch {
      // The session is ending: nothing to send back to.
    }
  };
}
