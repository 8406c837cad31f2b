// `reagent --acp`: serves the Agent Client Protocol on the given streams (stdio) until the editor
// closes them, then ends and closes every session. Only protocol messages go to `output`.
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { type AcpEnvironment, createAcpAgent } from "./acp-agent.js";

export async function runAcp(
  environment: AcpEnvironment,
  io: { input: ReadableStream<Uint8Array>; output: WritableStream<Uint8Array> },
): Promise<number> {
  const agent = createAcpAgent(environment);
  const connection = agent.app.connect(ndJsonStream(io.output, io.input));
  await connection.closed.catch((error: unknown) =>
    environment.log(`reagent: the connection ended: ${String(error)}`),
  );
  await agent.closeAll();
  return 0;
}
