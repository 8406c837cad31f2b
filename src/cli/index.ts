// The process's edge: argv, main and the subcommands. Nothing imports cli/ (bin/reagent.js runs
// src/cli/main.ts through the bundle), so its public surface is empty; this file marks the module.

export {};
