// Entry of the reagent binary.
console.log("reagent 0.1.0");
