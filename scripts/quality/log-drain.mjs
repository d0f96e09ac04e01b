// A log reader of its own, as a container runtime is: it reads a server's standard output from
// the pipe it was given as standard input and keeps only the count of bytes, which it sends on
// its IPC channel when asked ("count") and once more when the server closes its end of the pipe.
let bytes = 0;
process.stdin.on("data", (chunk) => {
  bytes += chunk.length;
});
process.stdin.on("end", () => {
  process.send?.({ bytes }, () => process.disconnect?.());
});
process.on("message", (message) => {
  if (message === "count") process.send?.({ bytes });
});
