// Data-plane provider objects against the emulator: topic partition rules, exact ACL deletion,
// connector restarts, pipeline state and the cluster-kind rules' errors.
import type { TestEmulator } from "../../support/emulator";
import {
  configureRuntime,
  expectAllResponsesValid,
  startTestEmulator,
} from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";

let t: TestEmulator;
let dedicated: string;
let serverless: string;
let dedicatedId: string;

const create = async (props: Props) =>
  (await call("create", (await call("check", {}, props)).inputs)) as { id: string; outs: Props };

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
  const rg = await create({ _rpType: "ResourceGroup", name: "dp-int" });
  const net = await create({
    _rpType: "Network",
    name: "dp-int-net",
    resourceGroupId: rg.id,
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    cidrBlock: "10.70.0.0/20",
    clusterType: "TYPE_DEDICATED",
  });
  const c = await create({
    _rpType: "Cluster",
    name: "dp-int-c",
    resourceGroupId: rg.id,
    networkId: net.id,
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    zones: ["us-central1-a"],
    throughputTier: "tier-1-gcp-v2-x86",
    type: "TYPE_DEDICATED",
  });
  dedicatedId = c.id;
  dedicated = c.outs.dataplaneApiUrl as string;
  const s = await create({
    _rpType: "ServerlessCluster",
    name: "dp-int-sl",
    resourceGroupId: rg.id,
    serverlessRegion: "us-east-1",
  });
  serverless = s.outs.dataplaneApiUrl as string;
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "provider-data-plane");
});

it("grows topic partitions in place and replaces on shrink; configs converge", async () => {
  const topic = await create({
    _rpType: "Topic",
    dataplaneApiUrl: dedicated,
    name: "grow",
    partitionCount: 2,
    configs: { "retention.ms": "1000" },
  });
  const grow = { ...topic.outs, partitionCount: 4, configs: { "cleanup.policy": "compact" } };
  expect(await call("diff", "grow", topic.outs, grow)).toEqual({
    changes: true,
    replaces: [],
    deleteBeforeReplace: false,
  });
  const updated = (await call("update", "grow", topic.outs, grow)) as { outs: Props };
  expect(t.emu.world().dataplanes[dedicatedId]?.topics.grow).toMatchObject({
    partition_count: 4,
    configs: { "cleanup.policy": "compact" },
  });
  expect(await call("diff", "grow", updated.outs, { ...updated.outs, partitionCount: 1 })).toEqual({
    changes: true,
    replaces: ["partitionCount"],
    deleteBeforeReplace: true,
  });
});

it("takes over a same-name topic only when it is exactly what the resource declares", async () => {
  // What a create whose answer was lost leaves behind: the topic exists, the state does not know it.
  const declared = {
    name: "lost-answer",
    partition_count: 3,
    configs: [{ name: "retention.ms", value: "60000" }],
  };
  expect((await t.call("POST", `${dedicated}/v1/topics`, declared)).status).toBe(201);
  const taken = await create({
    _rpType: "Topic",
    dataplaneApiUrl: dedicated,
    name: "lost-answer",
    partitionCount: 3,
    configs: { "retention.ms": "60000" },
  });
  expect(taken.id).toBe("lost-answer");

  // Someone else's topic of that name, with other settings, is refused with the adoptId hint.
  for (const [name, differs] of [
    ["other-partitions", { partition_count: 6 }],
    ["other-configs", { configs: [{ name: "cleanup.policy", value: "compact" }] }],
  ] as const) {
    await t.call("POST", `${dedicated}/v1/topics`, { ...declared, name, ...differs });
    await expect(
      create({
        _rpType: "Topic",
        dataplaneApiUrl: dedicated,
        name,
        partitionCount: 3,
        configs: { "retention.ms": "60000" },
      }),
    ).rejects.toThrow(/already exists and does not match this resource's inputs.*adopt/s);
  }
});

it("deletes exactly its own ACL", async () => {
  const base = {
    _rpType: "Acl",
    dataplaneApiUrl: dedicated,
    principal: "User:a",
    resourceType: "RESOURCE_TYPE_TOPIC",
    resourceName: "grow",
    resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
    permissionType: "PERMISSION_TYPE_ALLOW",
  };
  const read = await create({ ...base, operation: "OPERATION_READ" });
  await create({ ...base, operation: "OPERATION_WRITE" });
  await create({ ...base, principal: "User:b", operation: "OPERATION_READ" });
  await call("delete", read.id, read.outs);
  const left = t.emu
    .world()
    .dataplanes[dedicatedId]?.acls.map((a) => `${a.principal}/${a.operation}`)
    .sort();
  expect(left).toEqual(["User:a/OPERATION_WRITE", "User:b/OPERATION_READ"]);
  expect(await call("read", read.id, read.outs)).toEqual({});
});

it("answers a refresh's reads of many users, topics and ACLs from one list each", async () => {
  const made: { id: string; outs: Props }[] = [];
  for (let i = 0; i < 12; i++) {
    made.push(
      await create({
        _rpType: "User",
        dataplaneApiUrl: dedicated,
        name: `snap-u${i}`,
        password: "pw-123",
      }),
      await create({ _rpType: "Topic", dataplaneApiUrl: dedicated, name: `snap-t${i}` }),
      await create({
        _rpType: "Acl",
        dataplaneApiUrl: dedicated,
        principal: `User:snap-u${i}`,
        resourceType: "RESOURCE_TYPE_TOPIC",
        resourceName: `snap-t${i}`,
        resourcePatternType: "RESOURCE_PATTERN_TYPE_LITERAL",
        operation: "OPERATION_READ",
        permissionType: "PERMISSION_TYPE_ALLOW",
      }),
    );
  }
  // One gone behind the provider's back: the shared list must not hide that.
  await t.call("DELETE", `${dedicated.replace(t.emu.url, "")}/v1/users/snap-u0`);
  await t.admin("DELETE", "/_admin/requests");
  const reads = await Promise.all(made.map((m) => call("read", m.id, m.outs)));
  expect(reads.filter((r) => Object.keys(r as object).length === 0)).toHaveLength(1);
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: { path: string }[] };
  const lists = (what: string) =>
    log.entries.filter((e) => new RegExp(`/v1/${what}(\\?|$)`).test(e.path)).length;
  // 36 reads: one list of users, one of topics, one of ACLs, and each topic's configurations.
  expect([lists("users"), lists("topics"), lists("acls")]).toEqual([1, 1, 1]);
  expect(log.entries).toHaveLength(3 + 12);
});

it("restarts a connector when restartTrigger changes, and only then", async () => {
  const secret = await create({
    _rpType: "ConnectorSecret",
    dataplaneApiUrl: dedicated,
    name: "sink",
    secretData: { key: "value" },
  });
  expect(secret.id).toMatch(/^[A-Z0-9]{20}$/);
  const conn = await create({
    _rpType: "Connector",
    dataplaneApiUrl: dedicated,
    name: "sink",
    config: { "connector.class": "io.example.Sink", key: `\${secretsManager:${secret.id}:key}` },
    restartTrigger: "1",
  });
  const restarts = () => t.emu.world().dataplanes[dedicatedId]?.connectors.sink?.restarts;
  const sameTrigger = (await call("update", "sink", conn.outs, {
    ...conn.outs,
    config: { "connector.class": "io.example.Sink", key: "x" },
  })) as { outs: Props };
  expect(restarts()).toBe(0);
  await call("update", "sink", sameTrigger.outs, { ...sameTrigger.outs, restartTrigger: "2" });
  expect(restarts()).toBe(1);
});

it("runs pipelines on a Dedicated cluster, and says which cluster kinds run connectors", async () => {
  // The vendor's docs and the Terraform provider's examples run pipelines on Dedicated clusters.
  const onDedicated = await create({
    _rpType: "Pipeline",
    dataplaneApiUrl: dedicated,
    displayName: "on-dedicated",
    configYaml: "input: {}",
    state: "stopped",
  });
  expect(onDedicated.outs.apiState).toBe("STATE_STOPPED");
  await call("delete", onDedicated.id, onDedicated.outs);
  const connectorOnServerless = await create({
    _rpType: "Connector",
    dataplaneApiUrl: serverless,
    name: "nope",
    config: { "connector.class": "x" },
  }).catch((e: Error) => e);
  expect((connectorOnServerless as Error).message).toMatch(
    /^Connectors and connector secrets are available only on BYOC and Dedicated clusters/,
  );
});

it("creates a pipeline stopped and starts it by state", async () => {
  const p = await create({
    _rpType: "Pipeline",
    dataplaneApiUrl: serverless,
    displayName: "flow",
    configYaml: "input: {}",
    state: "stopped",
    resources: { cpuShares: "100m", memoryShares: "256Mi" },
  });
  expect(p.outs.apiState).toBe("STATE_STOPPED");
  const started = (await call("update", p.id, p.outs, { ...p.outs, state: "running" })) as {
    outs: Props;
  };
  expect(started.outs.apiState).toBe("STATE_RUNNING");
});
