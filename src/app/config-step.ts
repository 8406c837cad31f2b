// One rule for configuration errors found while wiring a run: they become usage errors (exit 2).
import { errorMessage, UsageError } from "../util/index.js";

/** Turns a configuration error of any module into a usage error (exit 2) that names its source. */
export function configStep<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(errorMessage(error));
  }
}
