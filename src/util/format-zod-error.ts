// Turns zod validation errors into one line that names every field and its problem (for the model
// and for configuration errors alike).
import type { z } from "zod";

export function formatZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join(".") : "(input)";
      return `${path}: ${issue.message}`;
    })
    .join("; ");
}
