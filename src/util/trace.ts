// Structured trace lines for TRACE=1: `[trace] <event> key=value …` on stderr.
// A Tracer is passed in (never a singleton); the CLI decides whether it is enabled.

export type TraceFields = Record<string, string | number | boolean | null | undefined>;

export interface Tracer {
  readonly enabled: boolean;
  trace(event: string, fields?: TraceFields): void;
}

function formatValue(value: string | number | boolean | null): string {
  const text = String(value);
  return /^[^\s"=]*$/.test(text) && text !== "" ? text : JSON.stringify(text);
}

function formatTraceLine(event: string, fields: TraceFields = {}): string {
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value as string | number | boolean | null)}`);
  return `[trace] ${event}${parts.length > 0 ? ` ${parts.join(" ")}` : ""}`;
}

export function createTracer(enabled: boolean, write: (line: string) => void): Tracer {
  return {
    enabled,
    trace(event, fields) {
      if (enabled) write(`${formatTraceLine(event, fields)}\n`);
    },
  };
}

export const noopTracer: Tracer = { enabled: false, trace() {} };
