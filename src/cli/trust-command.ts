// `reagent trust [--revoke]`: records (or forgets) that the user trusts this folder's configuration as
// it is now, listing what it runs or allows.
import { type AppPorts, describeItems, folderSubject, trustContext } from "../app/index.js";
import { writeTrust } from "../config/index.js";

export async function trustCommand(revoke: boolean, ports: AppPorts): Promise<number> {
  const ctx = trustContext({ settingSources: undefined }, ports);
  const out = (text: string) => process.stdout.write(text);
  if (revoke) {
    await writeTrust(ctx.homeDir, ctx.cwd, undefined);
    out(`Forgot the trust decision for ${ctx.cwd}; the next interactive start asks again.\n`);
    return 0;
  }
  const subject = await folderSubject(ctx);
  if (subject.items.length === 0) {
    out(`Nothing in ${ctx.cwd}'s configuration runs commands or widens permissions; nothing to trust.\n`);
    return 0;
  }
  await writeTrust(ctx.homeDir, ctx.cwd, subject.hash);
  out(
    `Trusted ${ctx.cwd} (${subject.items.length} item${subject.items.length === 1 ? "" : "s"}; asked again when they change):\n${describeItems(subject, Number.POSITIVE_INFINITY)}\n`,
  );
  return 0;
}
