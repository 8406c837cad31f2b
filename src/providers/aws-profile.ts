// Where the AWS shared files are (AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE, else ~/.aws/config and
// ~/.aws/credentials) and the one value reagent reads from them itself: a profile's `region` (the AWS
// SDK's credential chain reads the credentials). A missing or unreadable file has no region.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function awsSharedFiles(env: {
  homeDir: string;
  awsConfigFile?: string;
  awsCredentialsFile?: string;
}): {
  config: string;
  credentials: string;
} {
  return {
    config: env.awsConfigFile ?? join(env.homeDir, ".aws", "config"),
    credentials: env.awsCredentialsFile ?? join(env.homeDir, ".aws", "credentials"),
  };
}

/** `region` of `[default]` or `[profile NAME]` in an AWS config file (INI: `key = value` lines). */
export function profileRegion(configFile: string, profile: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(configFile, "utf8");
  } catch {
    return undefined;
  }
  const wanted = profile === "default" ? ["default", "profile default"] : [`profile ${profile}`];
  let inside = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/[#;].*$/, "").trim();
    const section = /^\[(.+)\]$/.exec(line)?.[1];
    if (section !== undefined) {
      inside = wanted.includes(section.trim().replace(/\s+/g, " "));
      continue;
    }
    const pair = /^region\s*=\s*(\S+)$/.exec(line);
    if (inside && pair) return pair[1];
  }
  return undefined;
}
