// Saves "yes, and don't ask again" permission rules: appends to `permissions.allow` of a settings
// file (normally `.agents/settings.local.json`), creating it when missing, keeping all other content,
// skipping duplicates, and replacing the file atomically (temp file + rename). A file that does not
// parse, or whose `permissions.allow` is not a list, is an error and is left untouched.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { UsageError } from "../util/errors.js";

/** The local settings file "don't ask again" rules go to, for a project root. */
export function localSettingsPath(projectRoot: string): string {
  return join(projectRoot, ".agents", "settings.local.json");
}

async function readSettings(settingsPath: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(settingsPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  if (text.trim() === "") return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(
      `${settingsPath}: invalid JSON (${reason}); fix the file before saving permission rules to it.`,
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new UsageError(`${settingsPath}: the settings file must contain a JSON object.`);
  }
  return data as Record<string, unknown>;
}

export async function persistAllowRule(settingsPath: string, rule: string): Promise<void> {
  const settings = await readSettings(settingsPath);
  const permissions = settings.permissions ?? {};
  if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions)) {
    throw new UsageError(`${settingsPath}: "permissions" must be an object.`);
  }
  const record = permissions as Record<string, unknown>;
  const allow = record.allow ?? [];
  if (!Array.isArray(allow)) throw new UsageError(`${settingsPath}: "permissions.allow" must be a list.`);
  if (allow.includes(rule)) return;
  settings.permissions = { ...record, allow: [...allow, rule] };
  await mkdir(dirname(settingsPath), { recursive: true });
  const temporary = join(dirname(settingsPath), `.${basename(settingsPath)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, `${JSON.stringify(settings, null, 2)}\n`, { encoding: "utf8", flag: "wx" });
    await rename(temporary, settingsPath);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
