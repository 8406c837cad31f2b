// Spend caps, the user's usage ledger and the live usage hooks see (module entry).
export { budgetReport, budgetStatus } from "./budget-report.js";
export { ledgerReport } from "./ledger-report.js";
export { LiveUsage } from "./live-usage.js";
export { type SpendCaps, SpendGuard } from "./spend-guard.js";
export { readLedger } from "./usage-ledger-file.js";
