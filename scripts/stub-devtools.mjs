// Stub for the optional react-devtools-core import of Ink; devtools are never used.
export default { connectToDevTools() {} };
