// A Serverless private link and a Serverless cluster reached through it, through the real engine:
// create (both operations waited on), the link's endpoint service as an output, private endpoints
// on the cluster, the allowed principals and the cluster's networking updated in place, the link
// refused for deletion while a cluster uses it (so destroy removes the cluster first), destroy.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const two = new pulumi.Config("e2e").get("phase") === "2";
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-spl" });
const link = new redpanda.ServerlessPrivateLink("link", {
  name: "e2e-spl", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
  awsConfig: { allowedPrincipals: two
    ? ["arn:aws:iam::123456789012:root", "arn:aws:iam::210987654321:role/app"]
    : ["arn:aws:iam::123456789012:root"] },
});
const sl = new redpanda.ServerlessCluster("sl", {
  name: "e2e-spl-sl", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
  privateLinkId: link.id,
  networkingConfig: { public: two ? "STATE_DISABLED" : "STATE_ENABLED", private: "STATE_ENABLED" },
});
exports.service = link.vpcEndpointServiceName;
exports.zones = link.availabilityZones;
exports.privateBrokers = sl.privateKafkaSeedBrokers;
exports.schemaRegistryUrl = sl.schemaRegistryUrl;
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("serverless-private-link", program);
});
afterAll(() => s?.disposeChecked("serverless-private-link"));

it("creates a private link, a cluster on it, updates both in place, destroys", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 3 });
  expect(up.outputs.service).toMatch(/^com\.amazonaws\.vpce\.us-east-1\.vpce-svc-/);
  expect(up.outputs.zones).toEqual(["us-east-1a", "us-east-1b", "us-east-1c"]);
  expect(up.outputs.privateBrokers).toHaveLength(1);
  expect(up.outputs.schemaRegistryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sr\//);
  expect((await s.stack.preview()).changes).toEqual({ same: 3 });

  await s.set("phase", "2");
  expect((await s.stack.up()).changes).toEqual({ update: 2, same: 1 });
  const world = s.t.emu.world();
  const link = Object.values(world.serverlessPrivateLinks ?? {})[0]!;
  expect(link.allowed_principals).toHaveLength(2);
  expect(Object.values(world.serverless)[0]!.networking_config).toEqual({
    public: "STATE_DISABLED",
    private: "STATE_ENABLED",
  });
  expect((await s.stack.preview()).changes).toEqual({ same: 3 });
  await s.stack.refresh();
  expect((await s.stack.preview()).changes).toEqual({ same: 3 });

  // While a cluster uses it, the API refuses to delete the link.
  const refused = await s.t.call("DELETE", `/v1/serverless/private-links/${link.id}`);
  expect(refused.status).toBe(400);

  expect((await s.stack.destroy()).changes).toEqual({ delete: 3 });
  expect(Object.keys(s.t.emu.world().serverlessPrivateLinks ?? {})).toEqual([]);
});
