// Loaded before the plugin (`node --import bench/profile-hook.mjs`, set up by plugin-stacks.mjs's
// profile()): samples its CPU with the inspector and writes what it has every second, one
// .cpuprofile file per second, into $REDPANDA_BENCH_PROFILE — the engine kills its plugins, so
// `--cpu-prof`, which writes at a normal exit, would leave nothing.
import * as fs from "node:fs";
import { Session } from "node:inspector";
import * as path from "node:path";

const dir = process.env.REDPANDA_BENCH_PROFILE;
if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  session.post("Profiler.enable", () => session.post("Profiler.start"));
  let part = 0;
  setInterval(() => {
    session.post("Profiler.stop", (err, result) => {
      if (!err) {
        const file = path.join(dir, `plugin-${process.pid}-${part++}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(result.profile));
      }
      session.post("Profiler.start");
    });
  }, 1000).unref();
}
