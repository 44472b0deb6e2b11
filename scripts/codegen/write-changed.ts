/**
 * Writes generated files, each only where its text differs from what is on disk, so a run that
 * changes nothing touches nothing (and reports nothing written). Shared by the codegen files and
 * the reference pages.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** Writes each `[file, text]` (relative to `root`) that differs; returns the paths written. */
export function writeChanged(root: string, files: Iterable<[string, string]>): string[] {
  const written: string[] = [];
  for (const [file, text] of files) {
    const full = path.join(root, file);
    if (fs.existsSync(full) && fs.readFileSync(full, "utf8") === text) continue;
    fs.writeFileSync(full, text);
    written.push(file);
  }
  return written;
}
