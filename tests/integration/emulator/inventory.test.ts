// The emulator's inventory covers every kind it holds: an object of each of the 25 kinds (and the
// second topic a transform writes to), made through the provider objects (as the dynamic providers
// make them), is listed under the id the provider put in the state; once all are deleted the emulator counts no object, as
// `npm run destroy` requires.
import { objectCount } from "../../../emulator";
import type { TestEmulator } from "../../support/emulator";
import {
  configureRuntime,
  expectAllResponsesValid,
  startTestEmulator,
} from "../../support/emulator";
import { VALID_ARGS } from "../../support/bad-inputs";
import { emulatorListing } from "../../support/inventory";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "inventory");
});

interface Made {
  kind: string;
  id: string;
  outs: Props;
}

const made: Made[] = [];

/** check + create through the provider, as the dynamic-provider host calls them. */
async function make(kind: string, args: Props): Promise<Made> {
  const checked = await call("check", {}, { _rpType: kind, ...args });
  expect([kind, checked.failures ?? []]).toEqual([kind, []]);
  const created = (await call("create", checked.inputs)) as { id: string; outs: Props };
  const m = { kind, id: created.id, outs: created.outs };
  made.push(m);
  return m;
}

it("lists an object of each of the 25 kinds by the id the provider gave it, then nothing", async () => {
  const rg = await make("ResourceGroup", { name: "inventory" });
  const net = await make("Network", { ...VALID_ARGS.Network, resourceGroupId: rg.id });
  await make("NetworkPeering", { ...VALID_ARGS.NetworkPeering, networkId: net.id });
  const cluster = await make("Cluster", {
    ...VALID_ARGS.Cluster,
    resourceGroupId: rg.id,
    networkId: net.id,
    kafkaConnect: true,
  });
  await make("ServerlessCluster", { ...VALID_ARGS.ServerlessCluster, resourceGroupId: rg.id });
  await make("ServerlessPrivateLink", {
    ...VALID_ARGS.ServerlessPrivateLink,
    resourceGroupId: rg.id,
  });
  await make("ShadowLink", {
    name: "dr-link",
    shadowRedpandaId: cluster.id,
    clientOptions: { bootstrapServers: ["source.example.com:9092"] },
  });
  const sa = await make("ServiceAccount", VALID_ARGS.ServiceAccount!);
  await make("RoleBinding", {
    ...VALID_ARGS.RoleBinding,
    accountId: sa.id,
    scope: { resourceType: "SCOPE_RESOURCE_TYPE_CLUSTER", resourceId: cluster.id },
  });
  for (const kind of ["Group", "OrganizationRole", "UserInvite"])
    await make(kind, VALID_ARGS[kind]!);

  const dataplaneApiUrl = cluster.outs.dataplaneApiUrl as string;
  const schemaRegistryUrl = cluster.outs.schemaRegistryUrl as string;
  for (const kind of ["User", "Acl", "Role", "RoleAssignment", "Topic", "Pipeline", "Secret"])
    await make(kind, { ...VALID_ARGS[kind], dataplaneApiUrl });
  for (const kind of ["Quota", "ConnectorSecret", "Connector"])
    await make(kind, { ...VALID_ARGS[kind], dataplaneApiUrl });
  // A transform reads the topic above and writes to a second one.
  const output = (VALID_ARGS.Transform!.outputTopicNames as string[])[0]!;
  await make("Topic", { ...VALID_ARGS.Topic, name: output, dataplaneApiUrl });
  await make("Transform", { ...VALID_ARGS.Transform, dataplaneApiUrl });
  for (const kind of ["Schema", "SchemaRegistryAcl"])
    await make(kind, { ...VALID_ARGS[kind], schemaRegistryUrl });

  const expected = Object.fromEntries(
    Object.keys(VALID_ARGS)
      .sort()
      .map((kind) => [kind, made.filter((m) => m.kind === kind).map((m) => m.id)]),
  );
  expect(Object.keys(expected)).toHaveLength(25);
  const listed = emulatorListing(t);
  expect(
    Object.fromEntries(
      Object.keys(listed)
        .sort()
        .map((k) => [k, listed[k]]),
    ),
  ).toEqual(expected);
  expect(objectCount(t.emu.inventory())).toBe(made.length);
  expect(made).toHaveLength(26);

  for (const m of [...made].reverse()) await call("delete", m.id, m.outs);
  expect(objectCount(t.emu.inventory())).toBe(0);
  expect(t.emu.inventory().dataplanes).toEqual({});
});
