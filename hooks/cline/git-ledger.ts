// git ledger for Cline CLI: written by `git ledger install --agent cline` (docs/hooks.md, "Cline CLI").
//
// Cline runs project plugins (.cline/plugins/) in a sandbox process and gives each hook at
// most 3 seconds, so this plugin starts each git ledger command when its moment comes and
// waits for it only that long: what is not ready by then goes into a later request.  The
// commands are the ones other agents' hooks run, with a JSON payload on stdin.  What they
// print goes where Cline's model reads it: the restore block in front of every model
// request (computed at the run's start, again after a compaction, which Cline makes on the
// request it sends, not on the saved conversation), and a governing decision after the
// result of the tool that touched the file.  The end of a run (`cline "PROMPT"` makes one)
// is the session's end; in the terminal UI, where each prompt is a run, the next prompt
// restores it as a resume.  Whatever fails here, Cline goes on.
import { spawn } from "node:child_process";
import { homedir } from "node:os";
import { join } from "node:path";

const AGENT = "cline";
const TIMEOUT_MS = 30_000;
// Cline's sandbox drops a hook's answer after 3 seconds: wait less than that.
const WAIT_MS = 2_500;
// What marks the messages a compaction made (a summary, or the note of what it dropped).
const COMPACTED = new Set(["compaction", "compaction_summary"]);

type Payload = Record<string, unknown>;

function run(argv: string[], payload: Payload, cwd: string): Promise<Payload | null> {
  return new Promise((resolve) => {
    let out = "";
    let child: any;
    try {
      child = spawn(argv[0], argv.slice(1), { cwd, stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      resolve(null);
      return;
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => { out += chunk; });
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

// `work` once it is done, or nothing if that takes longer than Cline lets a hook take.
function bounded<T>(work: Promise<T>): Promise<T | undefined> {
  return Promise.race([work, new Promise<undefined>((r) => setTimeout(r, WAIT_MS))]);
}

function kind(message: any): string {
  const value = message?.metadata?.kind;
  return typeof value === "string" ? value : "";
}

let session = "";
let cwd = process.cwd();
let block = "";
let compaction = "";
let restoring: Promise<unknown> = Promise.resolve();
let checkpointing: Promise<unknown> = Promise.resolve();

// Where Cline keeps the session's messages: <data dir>/sessions/<id>/<id>.messages.json.
function transcript(): string {
  const data = process.env.CLINE_DATA_DIR ||
    join(process.env.CLINE_DIR || join(homedir(), ".cline"), "data");
  return join(data, "sessions", session, `${session}.messages.json`);
}

function payload(event: string, extra: Payload = {}): Payload {
  return { session_id: session, transcript_path: session ? transcript() : null, cwd,
           hook_event_name: event, ...extra };
}

async function start(source: string): Promise<void> {
  const answer = await run(["git", "ledger", "hook", "session-start", "--agent", AGENT],
                           payload("beforeRun", { source }), cwd);
  block = text(answer, "additionalContext");
}

export const plugin = {
  name: "git-ledger",
  manifest: { capabilities: ["hooks"] },

  setup(_api: unknown, ctx: any) {
    session = String(ctx?.session?.sessionId ?? "");
    cwd = String(ctx?.workspaceInfo?.rootPath ?? process.cwd());
  },

  hooks: {
    async beforeRun(context: any) {
      // `cline --id SESSION` takes up a conversation that has answers in it already, and so
      // does the next prompt in the terminal UI (each prompt is a run, and ends as one).
      const messages = context?.snapshot?.messages ?? [];
      const resumed = messages.some((m: any) => m?.role === "assistant");
      restoring = start(resumed ? "resume" : "startup");
      await bounded(restoring);
      return undefined;
    },

    async beforeModel(context: any) {
      const messages: any[] = context?.request?.messages ?? [];
      const mark = [...messages].reverse().find((m) => COMPACTED.has(kind(m)));
      const key = mark ? String(mark.id ?? JSON.stringify(mark.content ?? "")) : "";
      if (key && key !== compaction) {
        // The compaction has happened by now: the block again, then the checkpoint (only
        // the block is waited for; until it is back, the block before it goes in front).
        compaction = key;
        restoring = start("compact");
        checkpointing = restoring.then(() => run(
          ["git", "ledger", "hook", "pre-compact", "--agent", AGENT],
          payload("beforeModel", { trigger: "auto" }), cwd));
      }
      await bounded(restoring);
      if (!block) return undefined;
      const restore = { id: "git-ledger-restore", role: "user",
                        content: [{ type: "text", text: block }], createdAt: Date.now() };
      return { messages: [restore, ...messages] };
    },

    async beforeTool(context: any) {
      const input = context?.input ?? {};
      // run_commands takes a list of command lines: read as one line, run one after another.
      const toolInput = Array.isArray(input?.commands)
        ? { command: input.commands.filter((c: unknown) => typeof c === "string").join(" ; ") }
        : input;
      const answer = await bounded(run(["git-ledger-pre-tool-use", AGENT],
                                       payload("beforeTool", {
                                         tool_name: context?.toolCall?.toolName,
                                         tool_input: toolInput,
                                       }), cwd));
      const told = text(answer ?? null, "additionalContext");
      return told ? { appendContext: told } : undefined;
    },

    async afterRun(context: any) {
      const status = String(context?.snapshot?.status ?? "");
      await bounded(checkpointing.then(() => run(
        ["git", "ledger", "hook", "session-end", "--agent", AGENT],
        payload("afterRun", { reason: status || "other" }), cwd)));
    },
  },
};

export default plugin;
