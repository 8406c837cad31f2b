// Transcript files: the store and recorder, the project's session index, resuming, locks and where a
// session's files go (module entry).

export { claudeProjectFolder } from "./claude-mirror.js";
export { resumeRequest } from "./resume-request.js";
export { sessionFilesDir, spillDirFor } from "./session-files.js";
export { sessionIdentity } from "./session-identity.js";
export { findSession, listSessions, projectKey, projectSessionsDir } from "./transcript-index.js";
export { sessionLockHolder } from "./transcript-lock.js";
export { recordTranscript } from "./transcript-recorder.js";
export { resolveResume } from "./transcript-resume.js";
export { type TranscriptSink, TranscriptStore } from "./transcript-store.js";
