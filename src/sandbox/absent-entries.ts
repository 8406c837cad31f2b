// Read-denied paths made absent in the read-only profile: instead of an empty stand-in (which still
// says the file exists), the folder holding one becomes an empty read-only tmpfs with every other
// entry of it bound back read-only, symlinks made again as symlinks (never followed), so `ls` does
// not list the denied name and `test -e` says no. Pure: the folder's entries come from the caller.
// Each entry bound back costs bwrap a mount, and each of its mounts reads the whole mount table
// (measured: +3 ms of CPU per command for 10 entries, +25 ms for 60, +72 ms for 120), so a folder
// with more than SIEVE_LIMIT entries keeps the empty stand-in. A denied path something else is mounted inside (an
// allowRead folder within a denied one) stays an empty folder: the inner mount needs it.
import { basename, dirname } from "node:path";
import { byDepthAndRole, coverAt, isInside, type Mount } from "./mount-plan.js";

export type FolderEntry = { name: string; kind: "folder" | "file" | "symlink"; link?: string };
/** The entries of a host folder as lstat sees them (undefined when it cannot be read). */
export type FolderEntries = (folder: string) => readonly FolderEntry[] | undefined;

/** Entries a folder may have for its denied names to be made absent (each costs a mount). */
export const SIEVE_LIMIT = 64;

/** `mounts` (ordered by planMounts) with the stand-ins of the `absent` paths replaced by sieved
 *  parents where that is possible; the result is ordered the same way. */
export function sieveAbsent(
  mounts: readonly Mount[],
  absent: ReadonlySet<string>,
  entries: FolderEntries,
  limit = SIEVE_LIMIT,
): Mount[] {
  const groups = new Map<string, Mount[]>();
  for (const mount of mounts) {
    if (mount.role !== "secret" || !absent.has(mount.target)) continue;
    const parent = dirname(mount.target);
    if (parent === "/" || parent === mount.target) continue;
    if (mounts.some((other) => other !== mount && isInside(mount.target, other.target))) continue;
    groups.set(parent, [...(groups.get(parent) ?? []), mount]);
  }
  if (groups.size === 0) return [...mounts];
  const dropped = new Set<Mount>();
  const added: Mount[] = [];
  for (const [parent, group] of groups) {
    const cover = coverAt(
      parent,
      mounts.filter((mount) => !group.includes(mount)),
    );
    if (cover?.kind !== "bind") continue;
    const source = sourceOf(cover, parent);
    const listed = entries(source);
    if (listed === undefined || listed.length > limit) continue;
    const names = new Set(group.map((mount) => basename(mount.target)));
    const target = (name: string) => `${parent}/${name}`;
    // What is mounted at an entry's own path anyway (an empty stand-in, a veil) needs no bind below it.
    const replaced = (path: string) =>
      mounts.some((mount) => mount.target === path && mount.kind !== "bind" && !group.includes(mount));
    for (const mount of group) dropped.add(mount);
    added.push({ kind: "tmpfs", target: parent, access: "read-only", role: "sieve" });
    for (const entry of listed) {
      if (names.has(entry.name) || replaced(target(entry.name))) continue;
      if (entry.kind === "symlink" && entry.link !== undefined)
        added.push({ kind: "symlink", target: target(entry.name), link: entry.link, role: "sibling" });
      else if (entry.kind !== "symlink")
        added.push({
          kind: "bind",
          source: `${source}/${entry.name}`,
          target: target(entry.name),
          access: "read-only",
          role: "sibling",
          optional: true,
        });
    }
  }
  const kept = mounts.filter((mount) => !dropped.has(mount));
  // The order planMounts keeps: shallow to deep, then by role (a sieve after everything at its
  // folder, the entries bound back before anything else at theirs), then as listed.
  return byDepthAndRole([...kept, ...added]);
}

/** The host path a bind shows at `path` (at or below its target). */
function sourceOf(cover: Extract<Mount, { kind: "bind" }>, path: string): string {
  const rest = cover.target === "/" ? path : path.slice(cover.target.length);
  if (cover.source === "/") return rest === "" ? "/" : rest;
  return `${cover.source}${rest}`;
}
