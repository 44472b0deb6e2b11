// Roles, role assignments and data-plane secrets through the real engine: a role with a member
// and an ACL on `RedpandaRole:<name>`, a secret a pipeline references as `${secrets.NAME}`. Create,
// no-change preview, update in place, out-of-band deletes dropped on refresh, destroy to empty.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const rg = new redpanda.ResourceGroup("rg", { name: "e2e-roles" });
const sl = new redpanda.ServerlessCluster("sl", {
  name: "e2e-roles-sl", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
});
const dataplaneApiUrl = sl.dataplaneApiUrl;
const user = new redpanda.User("app", { dataplaneApiUrl, name: "app", password: cfg.requireSecret("password") });
const role = new redpanda.Role("analysts", {
  dataplaneApiUrl, name: "analysts", deleteAcls: cfg.getBoolean("deleteAcls") ?? false,
});
new redpanda.RoleAssignment("app-analyst", {
  dataplaneApiUrl, roleName: role.name, principal: pulumi.interpolate\`User:\${user.name}\`,
});
new redpanda.Acl("analysts-read", {
  dataplaneApiUrl, principal: role.principal, resourceType: "RESOURCE_TYPE_TOPIC",
  resourceName: "events", resourcePatternType: "RESOURCE_PATTERN_TYPE_PREFIXED",
  operation: "OPERATION_READ", permissionType: "PERMISSION_TYPE_ALLOW",
});
const secret = new redpanda.Secret("pg", {
  dataplaneApiUrl, name: "PG_PASSWORD", secretData: cfg.requireSecret("pgPassword"),
  labels: { owner: cfg.get("owner") ?? "data" },
});
new redpanda.Pipeline("copy", {
  dataplaneApiUrl, displayName: "copy-events",
  configYaml: pulumi.interpolate\`input:
  postgres_cdc:
    dsn: postgres://app:\\\${secrets.\${secret.name}}@db:5432/app
    schema: public
    slot_name: copy_events
    tables: [events]
output:
  drop: {}
\`,
});
exports.rolePrincipal = role.principal;
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("roles-secrets", program);
  await s.set("password", "app-password-1", true);
  await s.set("pgPassword", "pg-password-1", true);
});
afterAll(() => s?.disposeChecked("roles-secrets"));

const dp = () => Object.values(s.t.emu.world().dataplanes)[0]!;

it("manages roles, members, role ACLs and secrets", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 8 });
  expect(up.outputs.rolePrincipal).toBe("RedpandaRole:analysts");
  expect(dp().roles).toEqual({ analysts: { name: "analysts", members: ["User:app"] } });
  expect(dp().acls.map((a) => a.principal)).toEqual(["RedpandaRole:analysts"]);
  const stored = dp().secrets!.PG_PASSWORD!;
  expect(Buffer.from(stored.secret_data, "base64").toString()).toBe("pg-password-1");
  expect(stored.scopes).toEqual(["SCOPE_REDPANDA_CONNECT"]);
  // The value is secret in the state and never printed.
  expect(up.stdout).not.toContain("pg-password-1");
  expect((await s.stack.preview()).changes).toEqual({ same: 8 });

  // In place: the secret's value and labels; what the role's delete will do.
  await s.set("pgPassword", "pg-password-2", true);
  await s.set("owner", "platform");
  await s.set("deleteAcls", "true");
  expect((await s.stack.up()).changes).toEqual({ update: 2, same: 6 });
  expect(Buffer.from(dp().secrets!.PG_PASSWORD!.secret_data, "base64").toString()).toBe(
    "pg-password-2",
  );
  expect(dp().secrets!.PG_PASSWORD!.labels).toEqual({ owner: "platform" });
  expect((await s.stack.preview()).changes).toEqual({ same: 8 });

  // Out of band: the membership and the secret go; refresh drops both, up puts them back.
  const dpUrl = `/dp/${Object.keys(s.t.emu.world().dataplanes)[0]}`;
  await s.t.call("PUT", `${dpUrl}/v1/roles/analysts`, { remove: [{ principal: "User:app" }] });
  await s.t.call("DELETE", `${dpUrl}/v1/secrets/PG_PASSWORD`);
  await s.stack.refresh();
  expect((await s.stack.preview()).changes).toEqual({ create: 2, same: 6 });
  expect((await s.stack.up()).changes).toEqual({ create: 2, same: 6 });
  expect(dp().roles!.analysts!.members).toEqual(["User:app"]);

  expect((await s.stack.destroy()).changes).toEqual({ delete: 8 });
  const left = s.t.emu.inventory() as { serverlessClusters: unknown[] };
  expect(left.serverlessClusters).toEqual([]);
});
