// Reads one JSON file of a plugin or marketplace: its data, "missing", or a problem naming the path.
import { readFileSync } from "node:fs";
import { errnoCode, errorMessage, isNotFound } from "../util/index.js";

type JsonRead = { kind: "data"; data: unknown } | { kind: "missing" } | { kind: "error"; message: string };

export function readJson(path: string): JsonRead {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (isNotFound(error)) return { kind: "missing" };
    return { kind: "error", message: `${path}: cannot read (${errnoCode(error) ?? errorMessage(error)})` };
  }
  try {
    return { kind: "data", data: JSON.parse(text.replace(/^\uFEFF/, "")) };
  } catch (error) {
    return { kind: "error", message: `${path}: invalid JSON (${errorMessage(error)})` };
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
