// Each kind's lister (provider/kinds/<kind>/adopt.ts, collected as ADOPTIONS) against a real
// emulator, one suite per scope: the organization (the control plane's paged lists; peerings
// network by network), one cluster's data-plane API, one cluster's Schema Registry. Every object a
// program made is found, with an import id the plugin's import reads back; Redpanda's own objects
// are marked internal; a Serverless cluster lists no Kafka Connect objects.
import type { ClusterAddress, Listed } from "../../../provider/declare/adopt";
import { ADOPTIONS } from "../../../provider/kinds/registry";
import { importSeed } from "../../../provider/plugin/import-ids";
import { providerFor } from "../../../provider/runtime-entry";
import { Clients, resolveSettings } from "../../../provider/transport/settings";
import { VALID_ARGS } from "../../support/bad-inputs";
import type { TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  configureRuntime,
  expectAllResponsesValid,
  startTestEmulator,
} from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";
import { testContext } from "../../support/call-context";

let t: TestEmulator;
let clients: Clients;
/** The ids each kind's resources got, by type name (two topics: a transform's input and output). */
const made: Record<string, string[]> = {};
/** The id of the one resource of `type` (the first, for topics). */
const madeOf = (type: string): string => made[type]![0]!;
let cluster: { id: string; dp: string; sr: string };
let serverless: { id: string; dp: string };

/** Creates one resource of `type` from its valid arguments with `changes`, as the shim would. */
async function create(type: string, changes: Props = {}): Promise<{ id: string; outs: Props }> {
  const props = { ...VALID_ARGS[type], ...changes, _rpType: type };
  const checked = (await call("check", {}, props)) as { inputs: Props; failures: unknown[] };
  expect([type, checked.failures]).toEqual([type, []]);
  const created = (await call("create", checked.inputs)) as { id: string; outs: Props };
  (made[type] ??= []).push(created.id);
  return created;
}

/** Every object of `type`'s lister (organization kinds without a cluster). */
function list(type: string, at?: ClusterAddress): Promise<Listed[]> {
  const a = ADOPTIONS[type]!;
  return a.scope === "organization" ? a.list(clients) : a.list(clients, at!);
}

/** What the plugin's import reads back from a listed import id: the id it found. */
async function importedId(type: string, importId: string): Promise<string | undefined> {
  const ctx = testContext((key) => ({ apiUrl: t.emu.url, accessToken: TOKEN })[key]);
  const seed = await importSeed(type, importId, ctx.clients);
  const found = (await providerFor(type).read(seed.id, { ...seed.props, _rpType: type }, ctx)) as {
    id?: string;
  };
  return found.id;
}

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
  clients = new Clients(resolveSettings((key) => ({ apiUrl: t.emu.url, accessToken: TOKEN })[key]));
  await makeControlPlane();
  await makeDataPlane();
});

afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "provider-listers");
});

/** One of each control-plane kind, a Dedicated and a Serverless cluster among them. */
async function makeControlPlane(): Promise<void> {
  const rg = await create("ResourceGroup", { name: "listed-rg" });
  const net = await create("Network", { resourceGroupId: rg.id });
  const c = await create("Cluster", { resourceGroupId: rg.id, networkId: net.id });
  cluster = {
    id: c.id,
    dp: c.outs.dataplaneApiUrl as string,
    sr: c.outs.schemaRegistryUrl as string,
  };
  const sl = await create("ServerlessCluster", { resourceGroupId: rg.id });
  serverless = { id: sl.id, dp: sl.outs.dataplaneApiUrl as string };
  await create("NetworkPeering", { networkId: net.id });
  await create("ServerlessPrivateLink", { resourceGroupId: rg.id });
  const net2 = await create("Network", {
    name: "listed-net-2",
    resourceGroupId: rg.id,
    cidrBlock: "10.81.0.0/20",
  });
  const source = await create("Cluster", {
    name: "listed-source",
    resourceGroupId: rg.id,
    networkId: net2.id,
  });
  made.Network = [net.id];
  made.Cluster = [c.id];
  await create("ShadowLink", { shadowRedpandaId: c.id, sourceRedpandaId: source.id });
  await create("ServiceAccount");
  const group = await create("Group");
  await create("OrganizationRole");
  await create("UserInvite");
  await create("RoleBinding", {
    accountId: group.id,
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: c.id },
  });
}

/** One of each data-plane and Schema Registry kind on the Dedicated cluster. */
async function makeDataPlane(): Promise<void> {
  const dp = { dataplaneApiUrl: cluster.dp };
  for (const type of ["Topic", "User", "Acl", "Role", "Secret", "Pipeline", "Quota"]) {
    await create(type, dp);
  }
  await create("RoleAssignment", dp);
  await create("ConnectorSecret", dp);
  await create("Connector", dp);
  await create("Topic", { ...dp, name: "orders-redacted" });
  await create("Transform", dp);
  await create("Schema", { schemaRegistryUrl: cluster.sr });
  await create("SchemaRegistryAcl", { schemaRegistryUrl: cluster.sr });
}

describe("the organization", () => {
  const types = () =>
    Object.entries(ADOPTIONS)
      .filter(([, a]) => a.scope === "organization")
      .map(([type]) => type);

  it("lists every control-plane kind's objects, each read back by its import id", async () => {
    const missing: string[] = [];
    for (const type of types()) {
      const listed = await list(type);
      const wanted =
        type === "NetworkPeering" ? `${madeOf("Network")}/${madeOf(type)}` : madeOf(type);
      const found = listed.find((l) => l.importId === wanted);
      if (!found) missing.push(`${type} ${wanted} in ${JSON.stringify(listed)}`);
      else expect([type, await importedId(type, found.importId)]).toEqual([type, madeOf(type)]);
    }
    expect(missing).toEqual([]);
  });

  it("says where a cluster is, and which roles Redpanda keeps for itself", async () => {
    const clusters = await list("Cluster");
    expect(clusters.find((c) => c.importId === cluster.id)).toMatchObject({
      name: "cluster-a",
      resourceGroupId: expect.any(String),
      internal: false,
      addresses: { dataplaneApiUrl: cluster.dp, schemaRegistryUrl: cluster.sr },
    });
    const roles = await list("OrganizationRole");
    expect(roles.filter((r) => r.internal).map((r) => r.name)).toEqual(
      expect.arrayContaining(["Reader", "Writer", "Admin"]),
    );
    expect(roles.find((r) => r.name === "auditor")?.internal).toBe(false);
  });

  it("follows the list's pages: 105 more resource groups, two pages, all of them", async () => {
    for (let i = 0; i < 105; i++) {
      const created = await t.call("POST", "/v1/resource-groups", { name: `paged-${i}` });
      expect(created.status).toBeLessThan(300);
    }
    await t.admin("DELETE", "/_admin/requests");
    const listed = await list("ResourceGroup");
    expect(listed.filter((g) => g.name.startsWith("paged-"))).toHaveLength(105);
    const log = (await t.admin("GET", "/_admin/requests")) as { entries: { route: string }[] };
    expect(log.entries.filter((e) => e.route === "/v1/resource-groups")).toHaveLength(2);
  });
});

describe("one cluster's data-plane API", () => {
  const at = () => ({ id: cluster.id, url: cluster.dp });
  const types = () =>
    Object.entries(ADOPTIONS)
      .filter(([, a]) => a.scope === "dataplane")
      .map(([type]) => type);

  it("lists every data-plane kind's objects as <clusterId>/..., each read back by its import id", async () => {
    const missing: string[] = [];
    for (const type of types()) {
      const listed = (await list(type, at())).filter((l) => !l.internal);
      if (listed.length === 0) missing.push(type);
      for (const l of listed) {
        expect([type, l.importId.startsWith(`${cluster.id}/`), l.clusterId]).toEqual([
          type,
          true,
          cluster.id,
        ]);
        expect([type, made[type]]).toEqual([
          type,
          expect.arrayContaining([await importedId(type, l.importId)]),
        ]);
      }
    }
    expect(missing).toEqual([]);
  });

  it("marks Redpanda's own topics internal", async () => {
    // `_schemas` is there already: the registry made it on its first request (the Schema above).
    for (const name of ["__consumer_offsets", "_redpanda.audit_log"]) {
      expect((await t.call("POST", `${cluster.dp}/v1/topics`, { name })).status).toBeLessThan(300);
    }
    const topics = await list("Topic", at());
    expect(
      topics
        .filter((l) => l.internal)
        .map((l) => l.name)
        .sort(),
    ).toEqual(["__consumer_offsets", "_redpanda.audit_log", "_schemas"]);
    expect(topics.filter((l) => !l.internal).map((l) => l.name)).toEqual([
      "orders",
      "orders-redacted",
    ]);
  });

  it("finds no Kafka Connect objects on a Serverless cluster (it has no Kafka Connect)", async () => {
    const sl = { id: serverless.id, url: serverless.dp };
    expect(await list("Connector", sl)).toEqual([]);
    expect(await list("ConnectorSecret", sl)).toEqual([]);
  });
});

describe("one cluster's Schema Registry", () => {
  it("lists subjects and ACLs as <clusterId>/..., each read back by its import id", async () => {
    const at = { id: cluster.id, url: cluster.sr };
    for (const type of ["Schema", "SchemaRegistryAcl"]) {
      const listed = await list(type, at);
      expect([type, listed.map((l) => l.importId.startsWith(`${cluster.id}/`))]).toEqual([
        type,
        [true],
      ]);
      expect([type, await importedId(type, listed[0]!.importId)]).toEqual([type, madeOf(type)]);
    }
  });
});
