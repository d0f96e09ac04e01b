import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * Confines every thread of process `pid` (and the threads it starts later) to the CPUs in `cpus`
 * (a `taskset` list: "0", "1-3"). False when it cannot be done here (no `taskset`, one CPU).
 */
export function pinProcess(pid: number, cpus: string): boolean {
  try {
    execFileSync("taskset", ["--all-tasks", "--pid", "--cpu-list", cpus, String(pid)], {
      stdio: "ignore",
    });
    return true;
  } catch {
    return false;
  }
}

/** The CPU list a load generator may use beside servers pinned to CPU 0, or null with one CPU. */
export function cpusBesideFirst(): string | null {
  const count = availableParallelism();
  return count < 2 ? null : count === 2 ? "1" : `1-${count - 1}`;
}
