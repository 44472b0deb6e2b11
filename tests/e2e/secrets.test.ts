// Secrets stay secret: after a full `up` with OAuth2 client credentials, a service account, a user
// password and connector secret data, none of the actual values appears in `pulumi stack export`,
// the backend's files, the CLI output or Pulumi's verbose log; a failing run's error shows no token.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

const PASSWORD = "user-password-b7c1e9";
const CONNECTOR_SECRET = "connector-secret-4f2a77";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
${dedicatedCluster("secrets", "10.96.0.0/20", "kafkaConnect: true,")}
const url = cluster.dataplaneApiUrl;
const sa = new redpanda.ServiceAccount("ci", { name: "ci-bot" });
new redpanda.User("app", { dataplaneApiUrl: url, name: "app", password: cfg.requireSecret("password") });
const secret = new redpanda.ConnectorSecret("s3", {
  dataplaneApiUrl: url, name: "s3", secretData: { "aws.secret.access.key": cfg.requireSecret("connectorSecret") },
});
exports.saClientSecret = sa.clientSecret;
exports.secretRef = secret.ref("aws.secret.access.key");
`;

let s: Scenario;
const needles: Record<string, string> = {};

/** Every way a value could be written out: as is, base64, and inside base64 of JSON. */
function forms(name: string, value: string): [string, string][] {
  return [
    [name, value],
    [`${name} (base64)`, Buffer.from(value).toString("base64")],
  ];
}

function leaks(text: string): string[] {
  return Object.entries(needles)
    .flatMap(([name, value]) => forms(name, value))
    .filter(([, v]) => text.includes(v))
    .map(([name]) => name);
}

const cli = (args: string[]) => s.stack.startCli(args).exited;

beforeAll(async () => {
  s = await openScenario("secrets", program);
  // The stack authenticates with a service account's client credentials, not a static token.
  const created = await s.t.call("POST", "/v1/service-accounts", {
    service_account: { name: "pulumi-deployer" },
  });
  const deployer = created.body.service_account;
  const credentials = deployer.auth0_client_credentials;
  await s.t.call("POST", "/v1/role-bindings", {
    role_name: "Admin",
    account_id: deployer.id,
    scope: { resource_type: "SCOPE_RESOURCE_TYPE_ORGANIZATION" },
  });
  await s.stack.stack.removeConfig("redpanda:accessToken");
  await s.stack.stack.setConfig("redpanda:authUrl", { value: s.t.emu.tokenUrl });
  await s.stack.stack.setConfig("redpanda:clientId", { value: credentials.client_id });
  await s.stack.stack.setConfig("redpanda:clientSecret", {
    value: credentials.client_secret,
    secret: true,
  });
  await s.set("password", PASSWORD, true);
  await s.set("connectorSecret", CONNECTOR_SECRET, true);
  needles["deployer client secret"] = credentials.client_secret;
  needles["user password"] = PASSWORD;
  needles["connector secret data"] = CONNECTOR_SECRET;
});
afterAll(async () => {
  await s?.stack.destroy().catch(() => undefined);
  await s?.dispose();
});

it("keeps every secret out of export, state files, CLI output and verbose logs", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 6 });
  // The values the run produced: issued OAuth2 tokens and the new account's secret.
  const issued = s.t.records
    .filter((r) => r.path === "/oauth/token" && r.status === 200)
    .map((r) => (r.body as { access_token: string }).access_token);
  expect(issued.length).toBeGreaterThan(0);
  issued.forEach((token, i) => (needles[`access token ${i}`] = token));
  const ci = Object.values(s.t.emu.world().serviceAccounts).find((a) => a.name === "ci-bot");
  needles["service account secret"] = ci!.client_secret;
  // The new account's secret is an output, and a secret one.
  expect(up.outputs.saClientSecret).toBe(ci!.client_secret);

  expect(leaks(up.stdout + up.stderr)).toEqual([]);
  const exported = await cli(["stack", "export"]);
  expect(exported.code).toBe(0);
  expect(exported.output).toContain("ciphertext");
  expect(leaks(exported.output)).toEqual([]);
  expect(s.stack.findInBackend(Object.values(needles))).toEqual([]);

  // Pulumi's verbose log of a refresh, engine and provider included, up to level 8. (At level 9
  // the engine itself dumps every RPC payload, secrets in plaintext: README, Limitations.)
  const verbose = await cli(["refresh", "--yes", "--skip-preview", "--logtostderr", "-v=8"]);
  expect(verbose.code).toBe(0);
  expect(verbose.output.split("\n").length).toBeGreaterThan(100);
  expect(leaks(verbose.output)).toEqual([]);
});

it("a failing run's error names the API's answer, never the bearer token", async () => {
  await s.t.admin("POST", "/_admin/faults", {
    method: "GET",
    path: "/v1/clusters/",
    status: 500,
    times: 50,
  });
  const failed = await cli(["refresh", "--yes", "--skip-preview"]);
  await s.t.admin("DELETE", "/_admin/faults");
  expect(failed.code).not.toBe(0);
  expect(failed.output).toMatch(/HTTP 500/);
  const tokens = s.t.records
    .filter((r) => r.path === "/oauth/token" && r.status === 200)
    .map((r) => (r.body as { access_token: string }).access_token);
  tokens.forEach((token, i) => (needles[`access token ${i}`] = token));
  expect(leaks(failed.output)).toEqual([]);
});
