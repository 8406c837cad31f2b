// A running Bash command shown in an editor terminal (when the editor offers terminal/*). The command
// itself runs where every command runs — reagent's Bash tool, after hooks and the gate, in its own
// process group (and sandbox) — and its output is mirrored to a file; the editor's terminal runs a
// small viewer that follows that file and exits with the command's status. The editor never runs
// the command, so nothing it shows can bypass the gate.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentContext } from "@agentclientprotocol/sdk";
import { errorMessage } from "../../util/index.js";
import type { CommandDisplay } from "./session-updates.js";

/** Follows the output file from the start and exits with the status in `<file>.exit` once it appears. */
const VIEWER = `const fs=require("node:fs");const f=process.argv[1];let pos=0;const b=Buffer.alloc(65536);
const drain=()=>{let fd;try{fd=fs.openSync(f,"r")}catch{return}try{for(;;){const n=fs.readSync(fd,b,0,b.length,pos);if(n<=0)break;process.stdout.write(Buffer.from(b.subarray(0,n)));pos+=n}}finally{fs.closeSync(fd)}};
const tick=()=>{drain();let e;try{e=fs.readFileSync(f+".exit","utf8")}catch{}if(e!==undefined){drain();process.exitCode=Number(e)||0;return}setTimeout(tick,40)};tick();`;

export function createTerminalDisplay(parts: {
  client: AgentContext;
  sessionId: string;
  cwd: string;
  /** The Node binary the viewer runs with (reagent's own). */
  node: string;
  log: (line: string) => void;
}): CommandDisplay & { dispose(): void } {
  let folder: string | undefined;
  const files = new Map<string, string>();
  const terminals = new Map<string, string>();
  const fileFor = (toolCallId: string) => {
    folder ??= mkdtempSync(join(tmpdir(), "reagent-acp-"));
    const file = join(folder, `${toolCallId.replace(/[^\w-]/g, "_")}.log`);
    writeFileSync(file, "");
    files.set(toolCallId, file);
    return file;
  };
  return {
    async open(toolCallId, command) {
      const file = fileFor(toolCallId);
      appendFileSync(file, `$ ${command}\n`);
      try {
        const { terminalId } = await parts.client.request("terminal/create", {
          sessionId: parts.sessionId,
          command: parts.node,
          args: ["-e", VIEWER, file],
          cwd: parts.cwd,
        });
        terminals.set(toolCallId, terminalId);
        return terminalId;
      } catch (error) {
        parts.log(
          `reagent: the editor's terminal could not be opened (${errorMessage(error)}); output is shown as text`,
        );
        return undefined;
      }
    },
    write(toolCallId, text) {
      const file = files.get(toolCallId);
      if (file) appendFileSync(file, text);
    },
    async close(toolCallId, exitCode) {
      const file = files.get(toolCallId);
      if (!file) return;
      files.delete(toolCallId);
      writeFileSync(`${file}.exit`, String(exitCode ?? 1));
      const terminalId = terminals.get(toolCallId);
      terminals.delete(toolCallId);
      if (!terminalId) return;
      const ids = { sessionId: parts.sessionId, terminalId };
      // The viewer has shown everything once it exits; the tool call keeps showing the terminal.
      await parts.client.request("terminal/wait_for_exit", ids).catch(() => undefined);
      await parts.client.request("terminal/release", ids).catch(() => undefined);
    },
    dispose() {
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}
