/**
 * A transform's WebAssembly module, read from the file `wasmPath` names (relative to the working
 * directory: the Pulumi project's). The check refuses what the vendor's CLI refuses before it
 * sends (`rpk transform deploy`: a file without the WebAssembly magic number `\0asm`) and what the
 * data plane refuses (over 10 MiB, its DeployTransform); its SHA-256 decides whether the module
 * changed, and is what state keeps: never the bytes.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";

/** The first four bytes of every WebAssembly module. */
export const WASM_MAGIC = Buffer.from([0x00, 0x61, 0x73, 0x6d]);
/** The largest module the data plane takes (the vendor's DeployTransform: 10 MiB). */
export const MAX_MODULE_BYTES = 10 * 1024 * 1024;

const mib = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Why a file cannot be read, in words (the system's code kept: ENOENT, EACCES, EISDIR). */
function unreadable(p: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const why =
    code === "ENOENT"
      ? "no such file"
      : code === "EACCES"
        ? "permission denied"
        : ((err as Error).message ?? String(err));
  return `wasmPath ${p} cannot be read (${why}${code && code !== why ? `, ${code}` : ""}): build the module first (\`rpk transform build\`, or \`GOOS=wasip1 GOARCH=wasm go build\`)`;
}

/** What makes the file at `p` no module the data plane takes, or undefined. Reads 4 bytes. */
export function moduleProblem(p: string): string | undefined {
  let fd: number | undefined;
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return `wasmPath ${p} is not a file`;
    if (st.size > MAX_MODULE_BYTES) {
      return `wasmPath ${p} is ${mib(st.size)} MiB: the data plane takes modules of at most 10 MiB`;
    }
    fd = fs.openSync(p, "r");
    const head = Buffer.alloc(4);
    const n = fs.readSync(fd, head, 0, 4, 0);
    if (n < 4 || !head.equals(WASM_MAGIC)) {
      return `wasmPath ${p} is not a WebAssembly module (it does not start with the magic number \\0asm, as the vendor's CLI checks before it deploys): give the .wasm file a transform's build writes`;
    }
    return undefined;
  } catch (err) {
    return unreadable(p, err);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The SHA-256 of bytes, in lower-case hex: what state keeps of a module. */
export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The module at `p`, checked as {@link moduleProblem} checks it, and its SHA-256. */
export function readModule(p: string): { bytes: Buffer; sha256: string } {
  const problem = moduleProblem(p);
  if (problem) throw new Error(problem);
  const bytes = fs.readFileSync(p);
  return { bytes, sha256: sha256(bytes) };
}
