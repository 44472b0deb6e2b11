/**
 * Runs a command asynchronously and collects its output. Always async: a synchronous child
 * process would block this process's event loop, and with it an in-process emulator the child
 * may be talking to.
 */
import { spawn } from "node:child_process";

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr interleaved, as a user would read them. */
  output: string;
  /** stdout alone. */
  stdout: string;
  /** stderr alone. */
  stderr: string;
}

export interface RunningProcess {
  pid: number;
  /** What it printed so far (stdout and stderr interleaved). */
  output(): string;
  exited: Promise<ProcessResult>;
}

export interface ProcessOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Its own process group, so a test can signal it and everything it started (`kill(-pid)`). */
  detached?: boolean;
}

export function startProcess(
  command: string,
  args: string[],
  options: ProcessOptions,
): RunningProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: options.detached ?? false,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<ProcessResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, output, stdout, stderr }));
  });
  return { pid: child.pid!, output: () => output, exited };
}

export function runProcess(
  command: string,
  args: string[],
  options: ProcessOptions,
): Promise<ProcessResult> {
  return startProcess(command, args, options).exited;
}
