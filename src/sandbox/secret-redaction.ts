// The run's redaction of secrets from text bound for the model, the transcript or a hook: a redactor
// over the values the environment filter takes out (those of the run's own environment at the start,
// and any a later launch removed, such as a SessionStart hook's exports) and every key shape.
import type { Redact } from "../contracts/index.js";
import { type RemovedVariable, secretValues } from "./environment-filter.js";
import { createRedactor, type Redactor, type SecretValue } from "./secret-redactor.js";

type SecretRedaction = {
  redact: Redact;
  /** Adds the secret values among `removed` (a launch's filter output). */
  learn(removed: readonly RemovedVariable[]): void;
};

export function createSecretRedaction(initial: readonly RemovedVariable[]): SecretRedaction {
  const known = new Map<string, SecretValue>();
  const add = (removed: readonly RemovedVariable[]) => {
    let added = false;
    for (const value of secretValues(removed)) {
      const key = `${value.name}\0${value.value}`;
      if (known.has(key)) continue;
      known.set(key, value);
      added = true;
    }
    return added;
  };
  add(initial);
  let redactor: Redactor | undefined;
  return {
    redact: (text) => {
      if (text === "") return text;
      redactor ??= createRedactor([...known.values()]);
      return redactor.redact(text).text;
    },
    learn(removed) {
      if (add(removed)) redactor = undefined;
    },
  };
}
