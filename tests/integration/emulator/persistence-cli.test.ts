// The emulator command: prints its URL, stops cleanly on SIGTERM, and with --state-file loses
// nothing it acknowledged even when killed with SIGKILL.
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const CLI = path.resolve(__dirname, "..", "..", "..", "dist", "emulator", "cli.js");

function launch(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve({ child, url: line.trim() });
    });
    child.once("exit", (code) => reject(new Error(`emulator exited early with ${code}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once("exit", (code, signal) => r({ code, signal })),
  );

const auth = { authorization: "Bearer cli-token", "content-type": "application/json" };

it("prints the base URL, serves, and exits 0 on SIGTERM", async () => {
  const { child, url } = await launch(["--port", "0", "--token", "cli-token"]);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect((await fetch(`${url}/v1/resource-groups`, { headers: auth })).status).toBe(200);
  const done = exited(child);
  child.kill("SIGTERM");
  expect(await done).toEqual({ code: 0, signal: null });
});

it("keeps every acknowledged change across kill -9 and a restart", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-state-"));
  const stateFile = path.join(dir, "world.json");
  const first = await launch([
    "--token",
    "cli-token",
    "--state-file",
    stateFile,
    "--speed",
    "0.01",
  ]);
  const names = Array.from({ length: 25 }, (_, i) => `rg-${i}`);
  const ids: string[] = [];
  for (const name of names) {
    const res = await fetch(`${first.url}/v1/resource-groups`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ resource_group: { name } }),
    });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { resource_group: { id: string } }).resource_group.id);
  }
  const killed = exited(first.child);
  first.child.kill("SIGKILL");
  expect((await killed).signal).toBe("SIGKILL");

  const second = await launch(["--token", "cli-token", "--state-file", stateFile]);
  try {
    const list = (await (
      await fetch(`${second.url}/v1/resource-groups?page_size=100`, { headers: auth })
    ).json()) as {
      resource_groups: { id: string; name: string }[];
    };
    expect(list.resource_groups.map((g) => g.id).sort()).toEqual([...ids].sort());
  } finally {
    second.child.kill("SIGTERM");
    await exited(second.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("refuses bad options with a usage message", async () => {
  const child = spawn(process.execPath, [CLI, "--port", "99999"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  expect((await exited(child)).code).toBe(2);
  expect(err).toContain("--port must be 0..65535");
});
