// The control channel of a stream-json run: JSON lines out on stdout and requests to the program
// driving reagent (`control_request` with a request_id), answered by `control_response` lines that
// arrive on stdin. Owns request ids, correlation, cancellation (`control_cancel_request`) and the end
// of the channel: once stdin is closed no answer can come, so pending and later requests fail at once.

type ControlFailure = { kind: "error" | "closed" | "timeout"; message: string };

export class ControlRequestError extends Error {
  constructor(readonly failure: ControlFailure) {
    super(failure.message);
  }
}

export type InboundControlResponse = {
  subtype: "success" | "error";
  request_id: string;
  response?: Record<string, unknown>;
  error?: string;
};

type Pending = {
  resolve: (payload: Record<string, unknown>) => void;
  reject: (error: ControlRequestError) => void;
};

export type ControlChannel = {
  /** Writes one JSON line to stdout. */
  send(line: unknown): void;
  /** Asks the caller; resolves with the success payload, rejects with a ControlRequestError. */
  request(
    subtype: string,
    fields: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<Record<string, unknown>>;
  /** Feeds a `control_response` read from stdin; false when no request with that id is pending. */
  answer(response: InboundControlResponse): boolean;
  /** stdin ended: fail everything pending and everything asked from now on. */
  close(reason: string): void;
  readonly open: boolean;
};

type RequestOptions = { signal?: AbortSignal; timeoutMs?: number };

const closedError = (reason: string) =>
  new ControlRequestError({
    kind: "closed",
    message: `the program driving reagent closed its input (${reason}), so it cannot answer`,
  });

export function createControlChannel(write: (text: string) => void): ControlChannel {
  const pending = new Map<string, Pending>();
  let closedReason: string | undefined;
  let counter = 0;
  const send = (line: unknown) => write(`${JSON.stringify(line)}\n`);
  const link: RequestLink = { pending, send, isOpen: () => closedReason === undefined };

  return {
    send,
    get open() {
      return closedReason === undefined;
    },
    request(subtype, fields, options = {}) {
      if (closedReason !== undefined) return Promise.reject(closedError(closedReason));
      const requestId = `reagent-${++counter}-${Math.random().toString(36).slice(2, 10)}`;
      return awaitAnswer(link, { requestId, subtype, fields }, options);
    },
    answer(response) {
      const waiting = pending.get(response.request_id);
      if (!waiting) return false;
      if (response.subtype === "success") waiting.resolve(response.response ?? {});
      else
        waiting.reject(
          new ControlRequestError({
            kind: "error",
            message: response.error ?? "the caller answered with an error",
          }),
        );
      return true;
    },
    close(reason) {
      if (closedReason !== undefined) return;
      closedReason = reason;
      for (const waiting of [...pending.values()]) waiting.reject(closedError(reason));
      pending.clear();
    },
  };
}

/** What one request needs of its channel: the pending table, the writer and whether it is still open. */
type RequestLink = {
  pending: Map<string, Pending>;
  send: (line: unknown) => void;
  isOpen: () => boolean;
};

/** Sends one control_request and settles with its answer, or fails on abort, timeout or the channel's
 *  end; an abort or a timeout tells the caller with a control_cancel_request while the channel is open. */
function awaitAnswer(
  link: RequestLink,
  request: { requestId: string; subtype: string; fields: Record<string, unknown> },
  options: RequestOptions,
): Promise<Record<string, unknown>> {
  const { requestId, subtype, fields } = request;
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const cleanup = () => {
      link.pending.delete(requestId);
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };
    const fail = (error: ControlRequestError, cancel: boolean) => {
      cleanup();
      if (cancel && link.isOpen()) link.send({ type: "control_cancel_request", request_id: requestId });
      reject(error);
    };
    const onAbort = () =>
      fail(new ControlRequestError({ kind: "error", message: `${subtype} was cancelled` }), true);
    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const { timeoutMs } = options;
    if (timeoutMs !== undefined)
      timer = setTimeout(
        () =>
          fail(
            new ControlRequestError({
              kind: "timeout",
              message: `${subtype} got no answer within ${Math.round(timeoutMs / 1000)} s`,
            }),
            true,
          ),
        timeoutMs,
      );
    link.pending.set(requestId, {
      resolve: (payload) => {
        cleanup();
        resolve(payload);
      },
      reject: (error) => {
        cleanup();
        reject(error);
      },
    });
    link.send({ type: "control_request", request_id: requestId, request: { subtype, ...fields } });
  });
}
