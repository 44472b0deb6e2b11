/**
 * A provider process that outlives its engine exits. When the Pulumi CLI is killed (SIGKILL, a
 * closed terminal, a stopped CI runner) the plugins it started live on in their own process
 * groups: a provider in the middle of a 90-minute cluster wait would go on polling for nobody, and
 * every write to its broken stderr pipe fails with EPIPE (seen spinning at full CPU). So: exit on
 * EPIPE, and exit when the engine's address stops accepting connections. And before each request
 * that changes something, look once more: a killed run's provider would otherwise send the
 * creates still queued behind its concurrency bound as soon as answers free a slot — objects made
 * after the kill that no state records (seen in the killed-run e2e: a user created 0.1 s after
 * SIGKILL).
 */
import * as net from "node:net";

export interface OrphanWatch {
  stop(): void;
}

/** The engine's address among the provider's arguments (`127.0.0.1:40211`). */
export function engineAddress(argv: readonly string[]): { host: string; port: number } | undefined {
  for (const arg of argv) {
    const m = /^(127\.0\.0\.1|localhost|\[::1\]):(\d+)$/.exec(arg);
    if (m) return { host: m[1]!.replace(/^\[|\]$/g, ""), port: Number(m[2]) };
  }
  return undefined;
}

export function watchEngine(
  argv: readonly string[],
  exit: (code: number) => void,
  intervalMs = 5_000,
  missesAllowed = 3,
): OrphanWatch | undefined {
  const engine = engineAddress(argv);
  if (!engine) return undefined;
  let misses = 0;
  const timer = setInterval(() => {
    const socket = net.connect(engine);
    socket.once("connect", () => {
      misses = 0;
      socket.destroy();
    });
    socket.once("error", () => {
      misses += 1;
      if (misses >= missesAllowed) exit(1);
    });
  }, intervalMs);
  // Never the reason the process stays up.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Whether the engine still listens at its address: false only when the address refuses the
 * connection (nothing listens there any more). Slow or failing otherwise is not proof of death.
 */
export function engineListening(
  engine: { host: string; port: number },
  timeoutMs = 2_000,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(engine);
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(timeoutMs, () => done(true));
    socket.once("connect", () => done(true));
    socket.once("error", (err: NodeJS.ErrnoException) => done(err.code !== "ECONNREFUSED"));
  });
}

/** A check to await before a change: exits (code 1) when the engine is gone. */
export function changeGuard(
  argv: readonly string[],
  exit: (code: number) => void,
): (() => Promise<void>) | undefined {
  const engine = engineAddress(argv);
  if (!engine) return undefined;
  return async () => {
    if (!(await engineListening(engine))) exit(1);
  };
}

let installed = false;
let guard: (() => Promise<void>) | undefined;

/** The check installed by {@link exitWhenOrphaned}; undefined outside the provider host. */
export function engineGuard(): (() => Promise<void>) | undefined {
  return guard;
}

/** Installs both guards, once, and only inside Pulumi's dynamic-provider host process. */
export function exitWhenOrphaned(argv: readonly string[] = process.argv): void {
  if (installed || !/dynamic-provider/.test(argv[1] ?? "")) return;
  installed = true;
  process.stderr.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(1);
  });
  watchEngine(argv, (code) => process.exit(code));
  guard = changeGuard(argv, (code) => process.exit(code));
}
