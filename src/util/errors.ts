// Small helpers for turning unknown thrown values into messages.

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** An error the user caused through configuration or usage: the CLI exits 2 with its message. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
