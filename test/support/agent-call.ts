// A scripted model turn's call of the Agent tool, as the fake model servers take it.
export const agentCall = (id: string, type: string, prompt: string) => ({
  id,
  name: "Agent",
  input: { description: `run ${type}`, prompt, subagent_type: type },
});
