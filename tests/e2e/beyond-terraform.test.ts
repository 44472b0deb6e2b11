// The API groups no other tool manages, through the real engine: a network peering (waiting on the
// customer's acceptance), organization groups, custom organization roles bound to a group, an
// invitation, client quotas, and a service account's secret rotated on demand. Create, no-change
// preview, update in place, what happens outside (acceptance), out-of-band deletes dropped on
// refresh and put back, destroy to empty. Every request and response is checked against the
// vendor's contract.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const v = cfg.getNumber("v") ?? 1;
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-beyond" });
const net = new redpanda.Network("net", {
  name: "e2e-beyond-net", resourceGroupId: rg.id, cloudProvider: "CLOUD_PROVIDER_AWS",
  region: "us-east-1", cidrBlock: "10.40.0.0/20", clusterType: "TYPE_DEDICATED",
});
const peering = new redpanda.NetworkPeering("peer", {
  networkId: net.id, displayName: "e2e-to-shared-services", cloudProvider: "CLOUD_PROVIDER_AWS",
  aws: { peerOwnerId: "123456789012", peerVpcId: "vpc-0a1b2c3d4e5f60718" },
});
const sl = new redpanda.ServerlessCluster("sl", {
  name: "e2e-beyond-sl", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
});
new redpanda.Quota("ingest", {
  dataplaneApiUrl: sl.dataplaneApiUrl,
  entity: { entityType: "ENTITY_TYPE_CLIENT_ID", entityName: "ingest" },
  values: v === 1
    ? [{ valueType: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1048576 }]
    : [
        { valueType: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 2097152 },
        { valueType: "VALUE_TYPE_CONSUMER_BYTE_RATE", value: 4194304 },
      ],
});
const group = new redpanda.Group("eng", {
  name: "data-eng", description: v === 1 ? "Data engineering" : "Data engineering team",
});
const auditor = new redpanda.OrganizationRole("auditor", {
  name: "role-auditor", description: "Reads roles",
  permissions: v === 1 ? ["iam_role_read"] : ["iam_role_read", "iam_role_update"],
});
new redpanda.RoleBinding("eng-auditor", {
  roleName: auditor.name, accountId: group.id,
  scope: { resourceType: "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP", resourceId: rg.id },
});
const invite = new redpanda.UserInvite("newcomer", {
  email: "new.engineer@example.com",
  roleBindings: [{ roleName: v === 1 ? "Reader" : "Writer", scope: { resourceType: "SCOPE_RESOURCE_TYPE_ORGANIZATION" } }],
});
new redpanda.UserInvite("contractor", { email: "contractor@example.com" });
const bot = new redpanda.ServiceAccount("bot", { name: "ci-bot", rotateTrigger: cfg.get("rotate") });
exports.peeringState = peering.state;
exports.customerAction = peering.customerAction;
exports.pcx = peering.vpcPeeringConnectionId;
exports.inviteAccepted = invite.accepted;
exports.inviteUserId = invite.userId;
exports.botSecret = bot.clientSecret;
exports.permissions = redpanda.getPermissions().then((ps) => ps.map((p) => p.name));
exports.owner = redpanda.getUsers({ filter: "owner" }).then((us) => us.map((u) => u.email));
// Lookups by name, once the objects exist (keyed on the id: a preview of a create knows the
// name, not the id).
exports.groupByName = pulumi.all([group.id, group.name]).apply(([, name]) => redpanda.getGroup({ name }));
exports.auditorByName = pulumi
  .all([auditor.id, auditor.name])
  .apply(([, name]) => redpanda.getOrganizationRole({ name }));
exports.writerRole = redpanda.getOrganizationRole({ name: "Writer" });
`;

const TOTAL = 11;
let s: Scenario;
beforeAll(async () => {
  s = await openScenario("beyond-terraform", program);
});
afterAll(() => s?.disposeChecked("beyond-terraform"));

const world = () => s.t.emu.world();
const dpId = () => Object.keys(world().dataplanes)[0]!;
const token = (clientId: string, clientSecret: string) =>
  fetch(`${s.t.emu.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    }),
  }).then((r) => r.status);

it("manages peerings, groups, custom roles, invitations, quotas and secret rotation", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: TOTAL });
  // Redpanda's side is done; the customer's side has to accept.
  expect(up.outputs.peeringState).toBe("STATE_PENDING_ACCEPTANCE");
  expect(up.outputs.pcx).toMatch(/^pcx-[0-9a-f]{17}$/);
  expect(up.outputs.customerAction).toBe(
    `accept VPC peering connection ${String(up.outputs.pcx)} in AWS account 123456789012 (VPC vpc-0a1b2c3d4e5f60718)`,
  );
  expect(up.outputs.permissions).toEqual(["iam_role_create", "iam_role_read", "iam_role_update"]);
  expect(up.outputs.owner).toEqual(["owner@example.com"]);
  const group = Object.values(world().groups!)[0]!;
  const role = Object.values(world().orgRoles!)[0]!;
  expect(up.outputs.groupByName).toEqual({
    id: group.id,
    name: "data-eng",
    description: "Data engineering",
  });
  expect(up.outputs.auditorByName).toEqual({
    id: role.id,
    name: "role-auditor",
    permissions: ["iam_role_read"],
    builtin: false,
  });
  expect(up.outputs.writerRole).toMatchObject({ name: "Writer", builtin: true });
  expect(role.permissions).toEqual(["iam_role_read"]);
  // The group holds the custom role on the resource group.
  const binding = Object.values(world().roleBindings).find((b) => b.account_id === group.id)!;
  expect(binding.role_name).toBe("role-auditor");
  expect(binding.scope.resource_type).toBe("SCOPE_RESOURCE_TYPE_RESOURCE_GROUP");
  const invite = Object.values(world().userInvites!).find((i) => i.email.startsWith("new."))!;
  expect(invite.role_bindings.map((b) => b.role_name)).toEqual(["Reader"]);
  expect(world().dataplanes[dpId()]!.quotas).toEqual([
    {
      entity_type: "ENTITY_TYPE_CLIENT_ID",
      entity_name: "ingest",
      values: { VALUE_TYPE_PRODUCER_BYTE_RATE: 1048576 },
    },
  ]);
  expect((await s.stack.preview()).changes).toEqual({ same: TOTAL });

  // In place: the group's description, the role's permissions, the invitation's role, the
  // quota's limits, and a rotation of the service account's secret.
  const sa = Object.values(world().serviceAccounts)[0]!;
  const oldSecret = sa.client_secret;
  expect(up.stdout).not.toContain(oldSecret);
  await s.set("v", "2");
  await s.set("rotate", "2026-11");
  const up2 = await s.stack.up();
  expect(up2.changes).toEqual({ update: 5, same: TOTAL - 5 });
  expect(group.description).toBe("Data engineering team");
  expect(role.permissions).toEqual(["iam_role_read", "iam_role_update"]);
  expect(invite.role_bindings.map((b) => b.role_name)).toEqual(["Writer"]);
  expect(world().dataplanes[dpId()]!.quotas![0]!.values).toEqual({
    VALUE_TYPE_PRODUCER_BYTE_RATE: 2097152,
    VALUE_TYPE_CONSUMER_BYTE_RATE: 4194304,
  });
  expect(sa.client_secret).not.toBe(oldSecret);
  expect(up2.outputs.botSecret).toBe(sa.client_secret);
  expect(up2.stdout).not.toContain(sa.client_secret);
  expect(await token(sa.client_id, oldSecret)).toBe(401);
  expect(await token(sa.client_id, sa.client_secret)).toBe(200);
  expect((await s.stack.preview()).changes).toEqual({ same: TOTAL });

  // Outside Redpanda Cloud: the customer's AWS account accepts the peering; the person joins.
  const peering = Object.values(world().networkPeerings!)[0]!;
  await s.t.call("POST", `/_admin/network-peerings/${peering.id}/accept`);
  await s.t.call("POST", `/_admin/user-invites/${invite.id}/accept`);
  await s.stack.refresh();
  const after = await s.stack.up();
  expect(after.changes).toEqual({ same: TOTAL });
  expect(after.outputs.peeringState).toBe("STATE_READY");
  expect(after.outputs.customerAction).toBe("");
  expect(after.outputs.inviteAccepted).toBe(true);
  const member = Object.values(world().users).find((u) => u.email === "new.engineer@example.com")!;
  expect(after.outputs.inviteUserId).toBe(member.id);

  // Out of band: the group (and so its binding), the custom role, the quota, the peering and the
  // contractor's pending invitation go.
  expect((await s.t.call("DELETE", `/v1/groups/${group.id}`)).status).toBe(204);
  expect((await s.t.call("DELETE", `/v1/roles/${role.id}`)).status).toBe(204);
  const contractor = Object.values(world().userInvites!).find((i) => i.email.startsWith("contr"))!;
  expect((await s.t.call("DELETE", `/v1/user-invites/${contractor.id}`)).status).toBe(204);
  const cleared = await s.t.call("POST", `/dp/${dpId()}/v1/quotas:batchDelete`, {
    deletions: [{ entity: { entity_type: "ENTITY_TYPE_CLIENT_ID", entity_name: "ingest" } }],
  });
  // (toMatchObject: the compat lane's emulator adds a newer API's fields to every message.)
  expect(cleared.body).toMatchObject({
    successful_entities: [{ entity_type: "ENTITY_TYPE_CLIENT_ID", entity_name: "ingest" }],
    failed_entities: [],
  });
  const peeringsUrl = `/v1/network/${peering.network_id}/network-peerings`;
  expect((await s.t.call("DELETE", `${peeringsUrl}/${peering.id}`)).status).toBe(202);
  await s.stack.refresh();
  // The name is free again once the deletion's operation is done.
  for (let i = 0; i < 100 && Object.keys(world().networkPeerings!).length > 0; i++) {
    await s.t.call("GET", peeringsUrl);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(world().networkPeerings).toEqual({});
  expect((await s.stack.preview()).changes).toEqual({ create: 6, same: TOTAL - 6 });
  expect((await s.stack.up()).changes).toEqual({ create: 6, same: TOTAL - 6 });
  expect(Object.keys(world().groups!)).toHaveLength(1);
  expect(world().dataplanes[dpId()]!.quotas).toHaveLength(1);

  expect((await s.stack.destroy()).changes).toEqual({ delete: TOTAL });
  const left = s.t.emu.inventory();
  for (const k of [
    "groups",
    "organizationRoles",
    "networkPeerings",
    "networks",
    "serviceAccounts",
  ] as const)
    expect([k, left[k]]).toEqual([k, []]);
  // The accepted invitation left a member behind, as it should: removing people is not its job.
  expect(Object.values(world().users).map((u) => u.email)).toContain("new.engineer@example.com");
});
