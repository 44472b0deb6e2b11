/**
 * The emulator's bearer token when the user names none: a secret made for the run, so that no other
 * local process can use the API with a constant everyone knows (issue 33, "no side doors").
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";

/** 24 random bytes, base64url: 32 characters that a shell, a URL and a header take as they are. */
export function newRunToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * The token kept in `file`, or a new one written there (created exclusively, mode 0600) when the
 * file does not exist: a restarted emulator with the same file accepts what the stack's config holds.
 * A file that others on the machine may read is refused, as ssh refuses such a key.
 */
export function tokenFromFile(file: string): { token: string; created: boolean } {
  let fd: number;
  try {
    fd = fs.openSync(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return { token: readTokenFile(file), created: false };
  }
  const token = newRunToken();
  try {
    fs.writeSync(fd, `${token}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return { token, created: true };
}

function readTokenFile(file: string): string {
  const mode = fs.statSync(file).mode;
  // Windows has no such bits (stat reports 0o666 there); the check is for POSIX systems.
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new Error(
      `--token-file ${file} can be read by other users (mode ${(mode & 0o777).toString(8)}): ` +
        `run chmod 600 on it, or remove it and a new token is written`,
    );
  }
  const token = fs.readFileSync(file, "utf8").trim();
  if (!token || /\s/.test(token)) {
    throw new Error(`--token-file ${file} must hold one token on one line`);
  }
  return token;
}
