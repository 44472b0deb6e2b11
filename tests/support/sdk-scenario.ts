/**
 * The one scenario every SDK program of support/fixtures/plugin-<language>/ goes through (Go,
 * Node.js, Python, Java): a lookup (getRegion) and a resource group, network, Dedicated cluster, topic and SCRAM
 * user — up, no-change preview, an in-place update of the topic's retention, `pulumi import` of a
 * topic made out of band through the emulator's data-plane API (then, declared by the program, no
 * changes), destroy; the password never in plaintext in the backend.
 */
import type { SdkProgram } from "./plugin-sdk-program";

export interface ScenarioNames {
  /** The resource group's name in the program. */
  group: string;
  /** The SCRAM user's name in the program. */
  user: string;
  /** Checks of the program's own further outputs after the first `up`. */
  checkOutputs?: (outputs: Record<string, unknown>) => void;
}

export async function upUpdateImportDestroy(
  p: SdkProgram,
  names: ScenarioNames,
  password: string,
): Promise<void> {
  const first = await p.stack.up();
  expect(first.changes).toEqual({ create: 5 });
  expect(first.outputs).toMatchObject({
    topicName: "orders",
    retention: "86400000",
    userName: names.user,
    zone: "use1-az1",
  });
  names.checkOutputs?.(first.outputs);
  const dpUrl = first.outputs.dataplaneApiUrl as string;
  expect(await p.groups()).toEqual([names.group]);
  expect(await p.retention(dpUrl)).toBe("86400000");
  const users = (await p.t.call("GET", `${dpUrl}/v1/users`)).body.users as { name: string }[];
  expect(users.map((u) => u.name)).toContain(names.user);

  expect((await p.stack.preview()).changes).toEqual({ same: 5 });

  await p.set("retention", "3600000");
  const updated = await p.stack.up();
  expect(updated.changes).toEqual({ update: 1, same: 4 });
  expect(await p.retention(dpUrl)).toBe("3600000");

  expect(p.stack.findInBackend([password])).toEqual([]);

  // A topic made out of band, imported into the stack by its documented id; once the program
  // declares it, the preview shows no changes.
  const made = await p.t.call("POST", `${dpUrl}/v1/topics`, {
    name: "made-elsewhere",
    partition_count: 2,
  });
  expect(made.status).toBeLessThan(300);
  const clusterId = first.outputs.clusterId as string;
  const imp = p.stack.startCli([
    "import",
    "redpandacloud:index:Topic",
    "elsewhere",
    `${clusterId}/made-elsewhere`,
    "--yes",
    "--protect=false",
    "--generate-code=false",
  ]);
  const { code, output } = await imp.exited;
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining("elsewhere") });
  await p.set("adopted", "true");
  expect((await p.stack.preview()).changes).toEqual({ same: 6 });

  expect((await p.stack.destroy()).changes).toEqual({ delete: 6 });
  expect(await p.groups()).toEqual([]);
}
