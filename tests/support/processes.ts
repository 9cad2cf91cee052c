import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

// Processes and the machine as Linux shows them (/proc, chrt): for the multiprocess tests and the benches.

/** CPU seconds (utime + stime) of a process, from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export type CpuTimes = { busy: number; steal: number; total: number };
/** The machine's CPU counters (/proc/stat's first line, in ticks). */
export function machineCpu(): CpuTimes {
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq!;
  return { busy, steal: steal ?? 0, total: busy + idle! + iowait! + (steal ?? 0) };
}
/** Busy and stolen shares of the machine between two readings (stolen: time the hypervisor gave our cores to others). */
export function cpuShare(from: CpuTimes, to: CpuTimes): string {
  const total = Math.max(1, to.total - from.total);
  return `${((100 * (to.busy - from.busy)) / total).toFixed(0)} % busy, ${((100 * (to.steal - from.steal)) / total).toFixed(1)} % stolen`;
}

/** The pids of a process's children (Linux /proc). */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The scheduling policy and niceness of a process, as chrt and /proc say. */
export function schedulingOf(pid: number): string {
  let policy = "policy unknown";
  try {
    policy = execFileSync("chrt", ["-p", String(pid)], { encoding: "utf8" }).split("\n")[0]!.replace(/^.*: /, "");
  } catch {
    // no chrt
  }
  return `${policy}, niceness ${os.getPriority(pid)}`;
}

/** Every thread of `pid` to SCHED_IDLE (chrt), else niceness 19; says which. */
export function lowestPriority(pid: number): string {
  try {
    execFileSync("chrt", ["--all-tasks", "--idle", "-p", "0", String(pid)], { stdio: "ignore" });
  } catch {
    os.setPriority(pid, 19);
  }
  return schedulingOf(pid);
}

export function loadAverage() {
  const [one, five] = os.loadavg();
  return `load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${os.cpus().length} cores`;
}

/** Whether a process exists (signal 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
