// Loaded into a compiled server by a test (NODE_OPTIONS=--import): on SIGUSR2 the process meets
// an exception nothing catches, as a bug in a timer or an event handler would throw.
process.on("SIGUSR2", () => {
  setImmediate(() => {
    throw new Error("thrown outside any request, on purpose");
  });
});
