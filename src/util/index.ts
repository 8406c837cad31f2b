// Leaf helpers and the shared OS primitives (module entry).

export { writeFileAtomic } from "./atomic-write.js";
export { editDistance, nearest } from "./edit-distance.js";
export { createFolderSync, ensureFolderSync, FolderError, type FolderProblem } from "./ensure-folder-sync.js";
export { errnoCode, errnoReason, isNotFound } from "./errno.js";
export { errorMessage, UsageError } from "./errors.js";
export { firstPart } from "./first-part.js";
export { FolderTimes } from "./folder-times.js";
export { formatZodError } from "./format-zod-error.js";
export { type FrontmatterWarning, parseFrontmatter } from "./frontmatter.js";
export {
  createGitConfiguredPaths,
  type GitConfiguredPaths,
  gitConfiguredWrite,
} from "./git-configured-paths.js";
export { type GitSetting, gitDriversOfFolders } from "./git-drivers.js";
export { gitGuardEnvironment } from "./git-guard-environment.js";
export { newSessionId, newToolUseId } from "./ids.js";
export {
  byteSizeText,
  IMAGE_LIMITS_TEXT,
  type ImageFacts,
  imageFacts,
  imageMediaType,
  imageOverLimit,
  MAX_IMAGE_SIDE,
} from "./image-facts.js";
export { type ImageContent, imageBlockFrom, loadImageFile, looksLikeImagePath } from "./image-file.js";
export { present } from "./invariant.js";
export { setYoungGenerationCap, tendHeap } from "./large-garbage.js";
export { isOneOf } from "./one-of.js";
export { absolutePath, isInside, type PathContext, realPath, resolveReal } from "./path-resolution.js";
export { printable } from "./printable.js";
export { runProcessGroup, signalGroup } from "./process-group.js";
export {
  protectedMention,
  protectedWrite,
  type SandboxProtectedEntry,
  sandboxProtectedEntries,
} from "./protected-paths.js";
export { splitRules } from "./rule-list.js";
export { ruleText, ruleValue } from "./rule-value.js";
export { Semaphore } from "./semaphore.js";
export { splitWords } from "./split-words.js";
export { argumentNames, substituteArguments } from "./substitute-arguments.js";
export { systemNote } from "./system-note.js";
export { CHARS_PER_TOKEN, charsToTokens } from "./token-estimate.js";
export { createTracer, noopTracer, type Tracer } from "./trace.js";
export { BoundedText, ByteCapture, truncateHead, truncateMiddle } from "./truncate.js";
export { codePointName, firstUnusualCharacter, showUnusualCharacters } from "./unusual-characters.js";
export { packageVersion } from "./version.js";
export { createFileWatcher, type FileWatcher } from "./watch-files.js";
