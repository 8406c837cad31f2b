// The printed transcript: finished entries written once above the live area through Ink's <Static>.
// Memoised, so that it renders only when entries (or the width, or the detail level) change: every
// render of Ink's static box forces an immediate, unthrottled frame, which would defeat the frame
// rate limit while an answer streams.
import { Box, Static, Text } from "ink";
import { memo } from "react";
import { entryText } from "./entry-text.js";
import type { Style } from "./style.js";
import type { Entry } from "./transcript.js";

type Props = { entries: Entry[]; style: Style; width: number; cwd: string; detailed: boolean };

export const TranscriptView = memo(function TranscriptView({ entries, style, width, cwd, detailed }: Props) {
  return (
    <Static items={entries}>
      {(entry: Entry, index: number) => {
        const previous = entries[index - 1];
        const compact = entry.kind === "tool" && previous?.kind === "tool";
        return (
          <Box key={entry.id} marginTop={compact || index === 0 ? 0 : 1}>
            <Text>{entryText(entry, style, width, { cwd, detailed })}</Text>
          </Box>
        );
      }}
    </Static>
  );
});
