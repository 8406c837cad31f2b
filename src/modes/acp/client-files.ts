// Read, Write and Edit through the editor when it offers fs/read_text_file and fs/write_text_file:
// the text of its buffers (unsaved changes included) is what the model reads, and what reagent writes
// lands in the editor, which tracks the change. A -32002 answer means the file does not exist. The
// gate, hooks and freshness checks are the tools' and run as on the disk.
import { type AgentContext, type FileSystemCapabilities, RequestError } from "@agentclientprotocol/sdk";
import { diskFileAccess, type FileAccess, notFoundError } from "../../tools/index.js";

const RESOURCE_NOT_FOUND = -32002;

export function clientFileAccess(
  client: AgentContext,
  sessionId: string,
  offered: FileSystemCapabilities | undefined,
): FileAccess | undefined {
  if (!offered?.readTextFile && !offered?.writeTextFile) return undefined;
  return {
    async readText(path) {
      if (!offered.readTextFile) return diskFileAccess.readText(path);
      try {
        const { content } = await client.request("fs/read_text_file", { sessionId, path });
        return content;
      } catch (error) {
        if (error instanceof RequestError && error.code === RESOURCE_NOT_FOUND)
          throw notFoundError(path, "the editor says it does not exist");
        throw error;
      }
    },
    async writeText(path, text, options) {
      if (!offered.writeTextFile) return diskFileAccess.writeText(path, text, options);
      await client.request("fs/write_text_file", { sessionId, path, content: text });
    },
  };
}
