// A cluster is the identity of its data-plane resources, not the address it is reached at; a
// cluster that is gone takes its data-plane resources with it, and silence alone never does; the
// client-credentials token outlives one run. All through the real CLI against the emulator.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { LogEntry } from "../../emulator/control";
import { TOKEN, startTestEmulator } from "../support/emulator";
import { dedicatedCluster } from "../support/programs";
import { openTestStack, writeTempProject } from "../support/pulumi";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = (prefix: string, cidr: string) => `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
${dedicatedCluster(prefix, cidr)}
const url = cluster.dataplaneApiUrl;
const user = new redpanda.User("user", { dataplaneApiUrl: url, name: "payments", password: "a-password" });
new redpanda.Acl("acl", {
  dataplaneApiUrl: url, principal: pulumi.interpolate\`User:\${user.name}\`, resourceType: "RESOURCE_TYPE_TOPIC",
  resourceName: "payments", resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
  operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
});
new redpanda.Topic("topic", { dataplaneApiUrl: url, name: "payments", partitionCount: 3 });
exports.clusterId = cluster.id;
`;

type Resource = { type: string; outputs?: Record<string, unknown> };
/** The user's resources in state (type tokens `pulumi-nodejs:dynamic/redpanda:<Kind>`). */
async function resources(s: Scenario): Promise<Resource[]> {
  const { resources: all } = (await s.stack.exportState()) as { resources?: Resource[] };
  return (all ?? []).filter((r) => r.type.startsWith("pulumi-nodejs:dynamic"));
}
const kindOf = (r: Resource) => r.type.split(":").pop();
const kinds = async (s: Scenario) => (await resources(s)).map(kindOf).sort();

async function requests(s: Scenario): Promise<LogEntry[]> {
  return ((await s.t.admin("GET", "/_admin/requests")) as { entries: LogEntry[] }).entries;
}

const ALL = ["Acl", "Cluster", "Network", "ResourceGroup", "Topic", "User"];

describe("the address is not the identity; a gone cluster takes its data plane along", () => {
  let s: Scenario;
  beforeAll(async () => {
    // Bound to `localhost`, so the cluster's URL has a host name whose case can change.
    s = await openScenario(
      "identity",
      program("e2e-id", "10.41.0.0/20"),
      {},
      { host: "localhost" },
    );
  });
  afterAll(() => s?.disposeChecked("cluster-identity"));

  it("another form of the cluster's data-plane URL replaces nothing and writes nothing", async () => {
    const first = await s.stack.up();
    expect(first.changes).toEqual({ create: 6 });
    const id = first.outputs.clusterId as string;
    const base = s.t.emu.url;
    expect(base).toMatch(/^http:\/\/localhost:\d+$/);
    const forms = [
      `${base}/dp/${id}/`,
      `${base.replace("localhost", "LOCALHOST")}/dp/${id}`,
      // The #317 form, scheme-less with the default port: only the cluster id proves it the same.
      `LOCALHOST:443/dp/${id}/`,
    ];
    for (const form of forms) {
      await s.t.admin("PUT", `/_admin/dataplane-url/${id}`, { url: form });
      await s.stack.refresh();
      const cluster = (await resources(s)).find((r) => kindOf(r) === "Cluster");
      expect(cluster?.outputs?.dataplaneApiUrl).toBe(form);
      const preview = await s.stack.preview();
      expect([form, preview.changes]).toEqual([form, { same: 6 }]);
      await s.t.admin("DELETE", "/_admin/requests");
      expect((await s.stack.up()).changes).toEqual({ same: 6 });
      const sent = await requests(s);
      expect([form, sent.filter((e) => e.method !== "GET")]).toEqual([form, []]);
    }
    // A move to another cluster still replaces (checked on the diff: unit endpoint.test.ts).
    await s.t.admin("DELETE", `/_admin/dataplane-url/${id}`);
  });

  it("refresh drops the data-plane resources of a cluster deleted out of band; destroy completes", async () => {
    const { clusterId: id } = (await s.stack.up()).outputs as { clusterId: string };
    await s.t.admin("DELETE", `/_admin/resources/clusters/${id}`);
    // Its data-plane host is gone: nothing answers there any more.
    await s.t.admin("POST", "/_admin/faults", { path: `^/dp/${id}/`, reset: true, times: 1e6 });
    const refreshed = await s.stack.refresh();
    expect(refreshed.stdout).toContain(`the control plane has no cluster ${id}`);
    expect(await kinds(s)).toEqual(["Network", "ResourceGroup"]);
    await s.stack.destroy();
    expect(await kinds(s)).toEqual([]);
    await s.t.admin("DELETE", "/_admin/faults");
  });
});

it("destroy completes when the cluster was deleted out of band, without a refresh", async () => {
  const s = await openScenario("gone", program("e2e-gone", "10.42.0.0/20"));
  try {
    const { clusterId: id } = (await s.stack.up()).outputs as { clusterId: string };
    await s.t.admin("DELETE", `/_admin/resources/clusters/${id}`);
    await s.t.admin("POST", "/_admin/faults", { path: `^/dp/${id}/`, reset: true, times: 1e6 });
    const destroyed = await s.stack.destroy();
    expect(destroyed.stdout).toContain(`the control plane has no cluster ${id}`);
    expect(await kinds(s)).toEqual([]);
    await s.t.admin("DELETE", "/_admin/faults");
  } finally {
    await s.disposeChecked("cluster-gone");
  }
});

it("a data-plane host that only times out keeps every resource and fails saying why", async () => {
  const s = await openScenario("silent", program("e2e-silent", "10.43.0.0/20"));
  try {
    // Recorded at this `up` (refresh and destroy use the config of the last `up`): each attempt
    // ends after 1 s and the retrying after 5 s instead of the default 120 s (docs/reliability.md,
    // "Attempt budget").
    await s.stack.stack.setConfig("redpanda:requestDeadlineSeconds", { value: "5" });
    await s.stack.stack.setConfig("redpanda:requestTimeoutMs", { value: "1000" });
    const { clusterId: id } = (await s.stack.up()).outputs as { clusterId: string };
    // Every data-plane request is held unanswered: the client's timeout ends each attempt.
    await s.t.admin("POST", "/_admin/faults", { path: `^/dp/${id}/`, hold: true, times: 1e6 });
    for (const op of [() => s.stack.refresh(), () => s.stack.destroy()]) {
      const err = (await op().then(
        () => undefined,
        (e: unknown) => e,
      )) as Error | undefined;
      expect(err?.message).toContain(`did not answer, and the control plane reports cluster ${id}`);
      expect(err?.message).toContain("STATE_READY, so the resource stays in the stack");
      expect(await kinds(s)).toEqual(ALL);
    }
    const dp = s.t.emu.world().dataplanes[id];
    expect([Object.keys(dp?.topics ?? {}), Object.keys(dp?.users ?? {})]).toEqual([
      ["payments"],
      ["payments"],
    ]);
  } finally {
    await s.t.admin("DELETE", "/_admin/faults");
    await s.dispose();
  }
});

it("two runs with client credentials make one token request; the cache is 0600 without the secret", async () => {
  const t = await startTestEmulator();
  const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), "rp-token-home-"));
  const dir = writeTempProject("token-cache", {
    "index.js": `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
new redpanda.ResourceGroup("rg", { name: new pulumi.Config("e2e").require("name") });
`,
  });
  const created = await t.call("POST", "/v1/service-accounts", {
    service_account: { name: "pulumi-ci" },
  });
  const sa = created.body.service_account.auth0_client_credentials as {
    client_id: string;
    client_secret: string;
  };
  const stack = await openTestStack({
    workDir: dir,
    config: {
      "redpanda:apiUrl": t.emu.url,
      "redpanda:authUrl": t.emu.tokenUrl,
      "redpanda:clientId": sa.client_id,
      "redpanda:clientSecret": { value: sa.client_secret, secret: true },
      "e2e:name": "token-cache-1",
    },
    env: { XDG_CACHE_HOME: cacheHome, REDPANDA_TOKEN_CACHE_DISABLE: "0" },
  });
  try {
    expect((await stack.up()).changes).toEqual({ create: 1 });
    await stack.stack.setConfig("e2e:name", { value: "token-cache-2" });
    expect((await stack.up()).changes).toEqual({ update: 1 });
    const log = (await t.admin("GET", "/_admin/requests")) as { counts: Record<string, number> };
    expect(log.counts["POST /oauth/token"]).toBe(1);
    expect(log.counts["PATCH /v1/resource-groups/:id"]).toBe(1);

    const file = path.join(cacheHome, "pulumi-redpanda-cloud", "tokens.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain(sa.client_id);
    expect(text).not.toContain(sa.client_secret);
    expect(text).not.toContain(TOKEN);
  } finally {
    await stack.dispose();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(cacheHome, { recursive: true, force: true });
  }
});
