// The modification times of the folders a walk read, to tell later whether the walk still holds:
// adding, removing or renaming a name in a folder changes the folder's time (writing a file's
// contents does not), so a walk that looked at names is current while every folder it read keeps the
// time it had. Checking costs a stat per folder.
import { statSync } from "node:fs";
import { dirname } from "node:path";

function folderTime(folder: string): number | undefined {
  try {
    return statSync(folder).mtimeMs;
  } catch {
    return undefined;
  }
}

export class FolderTimes {
  private readonly times = new Map<string, number>();

  /** Notes `folder`'s time. Call it before reading the folder: a change during the read then counts.
   *  A folder that is not there is watched through the nearest one above it that is (creating it
   *  changes that one's time). */
  note(folder: string): void {
    for (let at = folder; ; at = dirname(at)) {
      const time = folderTime(at);
      if (time !== undefined) {
        this.times.set(at, time);
        return;
      }
      if (dirname(at) === at) return;
    }
  }

  /** Whether no folder noted has changed (or gone) since. */
  unchanged(): boolean {
    for (const [folder, time] of this.times) if (folderTime(folder) !== time) return false;
    return true;
  }
}
