/**
 * The world's persistence: with a state file, every acknowledged change is written (temp file,
 * fsync, rename) before the response leaves, so even `kill -9` loses nothing a client was told
 * succeeded. Without a file the world lives in memory only.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { World } from "./domain/records";
import { emptyWorld } from "./domain/records";

/** Loads and saves the world, and remembers whether it changed since the last save. */
export class StateFile {
  private changed = false;

  constructor(private readonly file: string | undefined) {}

  load(): World {
    if (!this.file || !fs.existsSync(this.file)) return emptyWorld();
    const parsed = JSON.parse(fs.readFileSync(this.file, "utf8")) as World;
    return { ...emptyWorld(), ...parsed };
  }

  /** The world changed: it is saved before the response is sent. */
  markChanged(): void {
    this.changed = true;
  }

  /** Saves the world when it changed since the last save. */
  saveIfChanged(world: World): void {
    if (!this.changed) return;
    this.save(world);
    this.changed = false;
  }

  private save(world: World): void {
    if (!this.file) return;
    const dir = path.dirname(this.file);
    fs.mkdirSync(dir, { recursive: true });
    const tmp = path.join(dir, `.${path.basename(this.file)}.${process.pid}.tmp`);
    const fd = fs.openSync(tmp, "w");
    try {
      fs.writeSync(fd, JSON.stringify(world));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
  }
}
