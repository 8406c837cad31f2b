// Spend caps, the user's usage ledger and the live usage hooks see (module entry).
export { budgetReport, budgetStatus } from "./budget-report.js";
export { ledgerReport } from "./ledger-report.js";
export { LiveUsage, type LiveUsageFields } from "./live-usage.js";
export { type Cap, type CapKind, type SpendCaps, SpendGuard, type Standing } from "./spend-guard.js";
export { type LedgerEntry, localDay, readLedger } from "./usage-ledger-file.js";
