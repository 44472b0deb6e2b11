// A Python program on the plugin's generated Python SDK (sdk/python, on PYTHONPATH) through the
// real CLI and the Python language host of scripts/language-hosts.sh (Debian's python3), against the
// emulator: a resource group, network, Dedicated cluster, topic and SCRAM user, and a lookup
// (get_throughput_tiers) — up, no-change preview, an in-place update of the topic's retention,
// destroy; the password never in plaintext in the backend.
import type { SdkProgram } from "../support/plugin-sdk-program";
import { openSdkProgram } from "../support/plugin-sdk-program";

const PASSWORD = "python-sdk-password-9c3a";

let p: SdkProgram;

beforeAll(async () => {
  p = await openSdkProgram("python", PASSWORD);
});

afterAll(async () => {
  await p?.dispose("plugin-python");
});

it("up, no-change preview, in-place update, destroy", async () => {
  const first = await p.stack.up();
  expect(first.changes).toEqual({ create: 5 });
  expect(first.outputs).toMatchObject({
    topicName: "orders",
    retention: "86400000",
    userName: "py-app",
  });
  expect(first.outputs.tierCount).toBeGreaterThan(0);
  const dpUrl = first.outputs.dataplaneApiUrl as string;
  expect(await p.groups()).toEqual(["py-e2e"]);
  expect(await p.retention(dpUrl)).toBe("86400000");
  const users = (await p.t.call("GET", `${dpUrl}/v1/users`)).body.users as { name: string }[];
  expect(users.map((u) => u.name)).toContain("py-app");

  expect((await p.stack.preview()).changes).toEqual({ same: 5 });

  await p.set("retention", "3600000");
  const updated = await p.stack.up();
  expect(updated.changes).toEqual({ update: 1, same: 4 });
  expect(await p.retention(dpUrl)).toBe("3600000");

  expect(p.stack.findInBackend([PASSWORD])).toEqual([]);

  expect((await p.stack.destroy()).changes).toEqual({ delete: 5 });
  expect(await p.groups()).toEqual([]);
});
