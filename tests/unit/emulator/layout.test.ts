// Routes share what they need through emulator/domain/, never through each other: only the route
// list (routes/index.ts) imports route modules.
import * as fs from "node:fs";
import * as path from "node:path";

const ROUTES = path.join(__dirname, "..", "..", "..", "emulator", "routes");

it("has no route module importing another route module", () => {
  const offenders = fs
    .readdirSync(ROUTES)
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .flatMap((f) =>
      fs
        .readFileSync(path.join(ROUTES, f), "utf8")
        .split("\n")
        .filter((line) => /from "\.\//.test(line))
        .map((line) => `${f}: ${line}`),
    );
  expect(offenders).toEqual([]);
});

it("registers every route module in the one list", () => {
  const list = fs.readFileSync(path.join(ROUTES, "index.ts"), "utf8");
  const missing = fs
    .readdirSync(ROUTES)
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => f.replace(/\.ts$/, ""))
    .filter((m) => !list.includes(`from "./${m}"`));
  expect(missing).toEqual([]);
});
