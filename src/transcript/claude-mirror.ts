// Saved sessions where the Agent SDK's session functions look: `listSessions({dir})` and
// `getSessionMessages(id)` read `<CLAUDE_CONFIG_DIR or ~/.claude>/projects/<folder key>/<id>.jsonl`,
// and reagent's transcripts already have Claude Code's line shape. A mirrored session is the same
// file under a second name (a hard link; a symbolic link across filesystems), so it stays whole as
// reagent appends to it and costs no space. Zed's Claude adapter lists and replays sessions this way.
import { existsSync, linkSync, lstatSync, realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ensureFolderSync } from "../util/index.js";

/** The longest folder key Claude Code writes before it shortens the key and adds a hash. */
const MAX_KEY = 200;

/** The 32-bit string hash Claude Code's Node builds use to shorten long keys, in base 36. */
function shortHash(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return Math.abs(hash).toString(36);
}

/** Claude Code's key for a project folder: every character outside [A-Za-z0-9] becomes "-". */
function claudeFolderKey(folder: string): string {
  const key = folder.replace(/[^a-zA-Z0-9]/g, "-");
  return key.length <= MAX_KEY ? key : `${key.slice(0, MAX_KEY)}-${shortHash(folder)}`;
}

/** The folder the SDK reads for sessions run in `cwd` (resolved as it resolves it). */
export function claudeProjectFolder(projectsRoot: string, cwd: string): string {
  let real = cwd;
  try {
    real = realpathSync(cwd);
  } catch {
    // A folder that is gone keeps its given name.
  }
  return join(projectsRoot, claudeFolderKey(real.normalize("NFC")));
}

/** Gives the transcript at `path` a second name in `folder`; an existing entry is left as it is.
 *  Returns the problem as text when neither link can be made. */
export function mirrorTranscript(path: string, folder: string, fileName: string): string | undefined {
  const target = join(folder, fileName);
  try {
    ensureFolderSync(folder, { mode: 0o700 });
    if (existsSync(target) || isLink(target)) return undefined;
    try {
      linkSync(path, target);
    } catch {
      symlinkSync(path, target);
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
